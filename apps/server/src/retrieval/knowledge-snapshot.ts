/**
 * The knowledge index's snapshot file: the built postings, vectors and chunk metadata, written
 * beside the database and read at start instead of rebuilding from every chunk's text (ADR 026).
 * A snapshot is used only when it was made by the same code (a fingerprint of the sources that
 * shape the index, the packages they use and the ICU data Intl splits words with) and the same
 * settings; its change-log position says what it holds.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  decodeSnapshot,
  encodeSnapshot,
  SnapshotFormatError,
  type SnapshotParts,
} from './snapshot-codec.ts';

const SOURCE_DIRS = ['../retrieval'];
const SOURCE_FILES = ['./knowledge-index.ts', '../repositories/chunk-repository.ts'];
const PACKAGES = ['stemmer', 'stopword'];

let sourceFingerprint: Promise<string> | null = null;

/** What the index's code is: equal fingerprints build equal indexes from equal rows. */
export function indexCodeFingerprint(): Promise<string> {
  sourceFingerprint ??= computeFingerprint();
  return sourceFingerprint;
}

async function computeFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const here = import.meta.dirname;
  const files = [...SOURCE_FILES.map((file) => path.resolve(here, file))];
  for (const dir of SOURCE_DIRS) {
    const names = (await readdir(path.resolve(here, dir))).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    files.push(...names.sort().map((name) => path.resolve(here, dir, name)));
  }
  for (const file of files) hash.update(file.slice(here.length)).update(await readFile(file));
  const require = createRequire(import.meta.url);
  for (const name of PACKAGES) {
    const manifest = require(`${name}/package.json`) as { version?: string };
    hash.update(`${name}@${manifest.version ?? '?'}`);
  }
  hash.update(`icu ${process.versions.icu} unicode ${process.versions.unicode}`);
  return hash.digest('base64url');
}

/** What a snapshot says about itself, beside the index's parts. */
export type SnapshotLabel = {
  fingerprint: string;
  /** The settings the index was built with (ranking, embedding model), compared as JSON. */
  settings: unknown;
  /** The knowledge-change log position it holds every change up to. */
  position: number;
  savedAt: number;
};

export type LoadedSnapshot = { label: SnapshotLabel; parts: SnapshotParts };

export class KnowledgeSnapshotFile {
  readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  /** The snapshot, or why there is none usable ('missing', 'stale code', …). */
  async read(
    expected: Omit<SnapshotLabel, 'position' | 'savedAt'>,
  ): Promise<LoadedSnapshot | { unusable: string }> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { unusable: 'missing' };
      throw error;
    }
    let whole: SnapshotParts;
    try {
      whole = decodeSnapshot(bytes);
    } catch (error) {
      // Whatever the bytes make the decoder throw, the file is damaged: rebuilt, never fatal.
      const reason = error instanceof SnapshotFormatError ? error.message : String(error);
      return { unusable: `unreadable: ${reason}` };
    }
    const { label, index } = (
      typeof whole.json === 'object' && whole.json !== null ? whole.json : {}
    ) as { label?: SnapshotLabel; index?: unknown };
    if (typeof label !== 'object' || label === null || label.fingerprint !== expected.fingerprint) {
      return { unusable: 'made by other code' };
    }
    if (JSON.stringify(label.settings) !== JSON.stringify(expected.settings)) {
      return { unusable: 'made with other settings' };
    }
    if (!Number.isSafeInteger(label.position) || label.position < 0) {
      return { unusable: 'unreadable: no change-log position' };
    }
    return { label, parts: { json: index, arrays: whole.arrays } };
  }

  /** Written whole under another name, then renamed: a reader never sees half a file. */
  async write(label: SnapshotLabel, parts: SnapshotParts): Promise<number> {
    const bytes = encodeSnapshot({ json: { label, index: parts.json }, arrays: parts.arrays });
    const temporary = `${this.file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return bytes.length;
  }
}
