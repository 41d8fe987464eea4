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

/**
 * CI sets SAMVAD_REQUIRE_CORPUS=1 (.ci/run): then a missing corpus fails every test file that
 * reads it, here at import, instead of letting them skip as they do on a machine without it.
 */
if (!corpusAvailable && process.env.SAMVAD_REQUIRE_CORPUS === '1') {
  throw new Error(
    `SAMVAD_REQUIRE_CORPUS=1 but there is no test corpus at ${corpusDir} (SOURCES.md missing); ` +
      'put ../shared/corpus beside the repository or point SAMVAD_CORPUS_DIR at it',
  );
}

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
