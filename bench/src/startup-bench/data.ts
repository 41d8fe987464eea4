/**
 * The data folder the start-up benchmark starts the server on: embedded PGlite with the whole
 * shared corpus ingested through the server's own ingestFile, as `npm run ingest` would leave it
 * (files that fail, such as damaged or legacy-font PDFs, are reported and left out, not fatal),
 * and one member without usage limits whose bearer token asks the first question.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectFiles } from '@samvad/server/cli/collect-files.ts';
import { loadConfig } from '@samvad/server/config/env.ts';
import { openDatabase } from '@samvad/server/db/open-database.ts';
import { userLimits, users } from '@samvad/server/db/schema.ts';
import { ingestFile } from '@samvad/server/services/ingestion-service.ts';
import { createSession } from '@samvad/server/services/session-service.ts';
import { FileStore } from '@samvad/server/storage/file-store.ts';

export type CorpusData = {
  env: Record<string, string>;
  dataDir: string;
  token: string;
  files: number;
  ingested: number;
  failed: { file: string; reason: string }[];
  chunks: number;
  pages: number;
  ingestSeconds: number;
  /** Removes the data folder; safe to call twice. */
  cleanup(): Promise<void>;
};

export async function prepareCorpusData(options: {
  corpus: string;
  port: number;
  logLevel: string;
}): Promise<CorpusData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-bench-startup-'));
  const cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: options.logLevel,
  };
  try {
    const config = loadConfig(env);
    const database = await openDatabase(config.database);
    try {
      await database.migrate();
      const deps = {
        db: database.db,
        files: new FileStore(config.knowledge.filesDir),
        maxFileBytes: config.knowledge.maxFileBytes,
      };
      // The question files and provenance notes describe the corpus; they are not writings.
      const files = (await collectFiles([options.corpus])).filter(
        (file) => !file.toLowerCase().endsWith('.json') && path.basename(file) !== 'SOURCES.md',
      );
      const started = performance.now();
      const failed: CorpusData['failed'] = [];
      let ingested = 0;
      let chunks = 0;
      let pages = 0;
      for (const file of files) {
        const bytes = new Uint8Array(readFileSync(file));
        const outcome = await ingestFile(deps, { fileName: path.basename(file), bytes });
        if (outcome.status === 'failed') {
          failed.push({ file: path.relative(options.corpus, file), reason: outcome.reason });
        } else if (outcome.status !== 'skipped') {
          ingested++;
          chunks += outcome.chunks;
          pages += outcome.pages ?? 0;
        }
      }
      const ingestSeconds = (performance.now() - started) / 1000;
      const id = randomUUID();
      await database.db.insert(users).values({ id, name: 'Bench member' });
      // No usage limits: every start asks a question, and the day's count would run out.
      await database.db
        .insert(userLimits)
        .values({ userId: id, maxRequestsPerDay: -1, maxMessagesPerConversation: -1 });
      const { token } = await createSession(database.db, id, config.sessions, new Date(), 'bench');
      return {
        env,
        dataDir,
        token,
        files: files.length,
        ingested,
        failed,
        chunks,
        pages,
        ingestSeconds,
        cleanup,
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
}
