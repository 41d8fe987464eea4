/**
 * The data folder the start-up benchmark starts the server on: embedded PGlite with the whole
 * shared corpus ingested through the server's own ingestFile, as `npm run ingest` would leave it
 * (files that fail, such as damaged or legacy-font PDFs, are reported and left out, not fatal),
 * every chunk given its vector by the in-process embedding model (the default; issue #28: start-up
 * from the snapshot with vectors, the model loaded beside the index), and one member without usage
 * limits whose bearer token asks the first question. Vectors come through the evaluations' cache
 * (.scratch/embedding-cache), so only texts no evaluation has embedded yet are embedded here.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '@samvad/server/config/env.ts';
import type { DatabaseHandle } from '@samvad/server/db/database.ts';
import { openDatabase } from '@samvad/server/db/open-database.ts';
import { knowledgeChanges, userLimits, users } from '@samvad/server/db/schema.ts';
import { embedKnowledgeBase } from '@samvad/server/retrieval/embedding-service.ts';
import { createSession } from '@samvad/server/services/session-service.ts';
import { evaluationEmbeddings } from '../qa/evaluation-embeddings.ts';
import { ingestCorpus } from '../suite/ingest-corpus.ts';
import { benchServerEnv } from '../suite/run-record.ts';

/** What every data set the server is started on has. */
export type DataSet = {
  env: Record<string, string>;
  dataDir: string;
  /** The bench member's bearer token. */
  token: string;
  chunks: number;
  /** Removes the data folder; safe to call twice. */
  cleanup(): Promise<void>;
};

export type CorpusData = DataSet & {
  files: number;
  ingested: number;
  failed: { file: string; reason: string }[];
  pages: number;
  ingestSeconds: number;
  /** Chunks given a vector before the timed starts (from the cache or the model), and the seconds that took. */
  embedded: number;
  embedSeconds: number;
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
      const embedStarted = performance.now();
      const embeddings = await evaluationEmbeddings('local');
      const vectors = await embedKnowledgeBase(database.db, embeddings.client ?? fail()).finally(
        () => embeddings.close(),
      );
      const embedSeconds = (performance.now() - embedStarted) / 1000;
      await settleChangeLog(database);
      const token = await addBenchMember(database, config);
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
        embedded: vectors.chunks,
        embedSeconds,
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

function fail(): never {
  throw new Error('the in-process embedding model is not available (npm run embedding-model)');
}

/** One member without usage limits (every start asks questions; a day's count would run out). */
export async function addBenchMember(database: DatabaseHandle, config: Config): Promise<string> {
  const id = randomUUID();
  await database.db.insert(users).values({ id, name: 'Bench member' });
  await database.db
    .insert(userLimits)
    .values({ userId: id, maxRequestsPerDay: -1, maxMessagesPerConversation: -1 });
  const { token } = await createSession(database.db, id, config.sessions, new Date(), 'bench');
  return token;
}

/**
 * Dates the change log an hour back, as if the data had been ingested long before. A
 * start from the snapshot re-applies the changes of the minute before the snapshot was saved
 * (commits can land out of id order), and the timed starts follow the ingest within that minute:
 * without this, each would catch up with the whole ingest again and save a new snapshot at
 * stop, measuring the first restart after an ingest instead of an ordinary one.
 */
export async function settleChangeLog(database: DatabaseHandle): Promise<void> {
  await database.db.update(knowledgeChanges).set({ createdAt: new Date(Date.now() - 3_600_000) });
}
