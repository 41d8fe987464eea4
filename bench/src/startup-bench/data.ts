/**
 * The data folder the start-up benchmark starts the server on: embedded PGlite with the whole
 * shared corpus ingested through the server's own ingestFile, as `npm run ingest` would leave it
 * (files that fail, such as damaged or legacy-font PDFs, are reported and left out, not fatal),
 * and one member without usage limits whose bearer token asks the first question.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@samvad/server/config/env.ts';
import { openDatabase } from '@samvad/server/db/open-database.ts';
import { userLimits, users } from '@samvad/server/db/schema.ts';
import { createSession } from '@samvad/server/services/session-service.ts';
import { ingestCorpus } from '../suite/ingest-corpus.ts';
import { benchServerEnv } from '../suite/run-record.ts';

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
  const env = benchServerEnv({ ...options, dataDir });
  try {
    const config = loadConfig(env);
    const database = await openDatabase(config.database);
    try {
      await database.migrate();
      const ingest = await ingestCorpus(database, config, options.corpus);
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
        files: ingest.files.length,
        ingested: ingest.ingested,
        failed: ingest.failed,
        chunks: ingest.chunks,
        pages: ingest.pages,
        ingestSeconds: ingest.seconds,
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
