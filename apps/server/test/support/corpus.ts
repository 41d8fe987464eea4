import { existsSync } from 'node:fs';
import path from 'node:path';

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
