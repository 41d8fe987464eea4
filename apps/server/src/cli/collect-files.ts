import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Files named on the command line, with folders expanded recursively, in a stable order. */
export async function collectFiles(targets: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const target of targets) {
    const info = await stat(target);
    if (info.isDirectory()) found.push(...(await walk(target)));
    else found.push(path.resolve(target));
  }
  return [...new Set(found)];
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const full = path.resolve(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}
