import { createHash } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Original files, addressed by their sha256 (`ab/abcdef…`): identical bytes are stored once and a
 * stored file never changes. Writes go through a temporary name so a crash leaves no half file.
 */
export class FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  /** Path relative to the root, as the static file sender wants it. */
  relativePath(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return path.join(sha256.slice(0, 2), sha256);
  }

  absolutePath(sha256: string): string {
    return path.join(this.root, this.relativePath(sha256));
  }

  async put(sha256: string, bytes: Uint8Array): Promise<void> {
    const target = this.absolutePath(sha256);
    if (await exists(target)) return;
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  async remove(sha256: string): Promise<void> {
    await rm(this.absolutePath(sha256), { force: true });
  }

  has(sha256: string): Promise<boolean> {
    return exists(this.absolutePath(sha256));
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
