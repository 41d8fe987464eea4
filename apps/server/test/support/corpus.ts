import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ingestFile } from '../../src/services/ingestion-service.ts';
import type { TestApp } from './test-app.ts';

/**
 * The shared test corpus lives beside the repository (`../shared/corpus`), never inside it.
 * SAMVAD_CORPUS_DIR points elsewhere when needed.
 */
export const corpusDir = path.resolve(
  process.env.SAMVAD_CORPUS_DIR ??
    path.resolve(import.meta.dirname, '../../../../../shared/corpus'),
);

export const corpusAvailable = existsSync(path.join(corpusDir, 'SOURCES.md'));

export const corpusFile = (...parts: string[]) => path.join(corpusDir, ...parts);

/** Ingests Kalpit's six speeches (speech1.txt … speech6.txt) into a test app and indexes them. */
export async function ingestKalpitSpeeches(t: TestApp): Promise<void> {
  const deps = {
    db: t.database.db,
    files: t.knowledge.files,
    maxFileBytes: t.config.knowledge.maxFileBytes,
  };
  for (const name of readdirSync(corpusFile('kalpit')).filter((n) => /^speech\d\.txt$/.test(n))) {
    await ingestFile(deps, {
      fileName: name,
      bytes: new Uint8Array(readFileSync(corpusFile('kalpit', name))),
    });
  }
  await t.knowledge.index.sync();
}
