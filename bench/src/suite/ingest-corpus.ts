/**
 * A corpus folder ingested through the server's own ingestFile, as `npm run ingest` would: the
 * question files and provenance notes (JSON, SOURCES.md) describe the corpus and are left out;
 * files that fail (damaged or legacy-font PDFs) are reported, not fatal.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { collectFiles } from '@samvad/server/cli/collect-files.ts';
import type { Config } from '@samvad/server/config/env.ts';
import type { DatabaseHandle } from '@samvad/server/db/database.ts';
import { ingestFile } from '@samvad/server/services/ingestion-service.ts';
import { FileStore } from '@samvad/server/storage/file-store.ts';

export type CorpusIngest = {
  /** Every file read, absolute paths. */
  files: string[];
  ingested: number;
  /** Paths relative to the corpus folder, with the loader's reason. */
  failed: { file: string; reason: string }[];
  chunks: number;
  pages: number;
  seconds: number;
};

export async function ingestCorpus(
  database: DatabaseHandle,
  config: Config,
  corpus: string,
): Promise<CorpusIngest> {
  const deps = {
    db: database.db,
    files: new FileStore(config.knowledge.filesDir),
    maxFileBytes: config.knowledge.maxFileBytes,
  };
  const files = (await collectFiles([corpus])).filter(
    (file) => !file.toLowerCase().endsWith('.json') && path.basename(file) !== 'SOURCES.md',
  );
  const started = performance.now();
  const result: CorpusIngest = {
    files,
    ingested: 0,
    failed: [],
    chunks: 0,
    pages: 0,
    seconds: 0,
  };
  for (const file of files) {
    const bytes = new Uint8Array(readFileSync(file));
    const outcome = await ingestFile(deps, { fileName: path.basename(file), bytes });
    if (outcome.status === 'failed') {
      result.failed.push({ file: path.relative(corpus, file), reason: outcome.reason });
    } else if (outcome.status !== 'skipped') {
      result.ingested++;
      result.chunks += outcome.chunks;
      result.pages += outcome.pages ?? 0;
    }
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}
