/**
 * Everything the real server needs before it starts, made with the server's own code: a data
 * folder (embedded PGlite, or a throwaway PostgreSQL database), the corpus ingested through the
 * ingestion pipeline, and members without usage limits, each with a bearer session. PGlite admits
 * one process per folder, so all of it is done and closed before the server process opens it.
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
import { createThrowawayDatabase } from '../suite/throwaway-database.ts';

export type ServerData = {
  /** The server process's environment (PORT and LLM_* included). */
  env: Record<string, string>;
  database: 'pglite' | 'postgres';
  /** One bearer token per member. */
  tokens: string[];
  files: string[];
  chunks: number;
  /** Removes the data folder and drops the throwaway database. */
  cleanup(): Promise<void>;
};

export type ServerDataOptions = {
  corpus: string;
  members: number;
  port: number;
  llmBaseUrl: string;
  logLevel: string;
  /** A PostgreSQL server to make a throwaway database on; null: embedded PGlite. */
  postgresUrl: string | null;
};

export async function prepareServerData(options: ServerDataOptions): Promise<ServerData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-bench-chat-'));
  const throwaway = options.postgresUrl ? await createThrowawayDatabase(options.postgresUrl) : null;
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await throwaway?.drop();
  };
  const env: Record<string, string> = {
    ...benchServerEnv({ ...options, dataDir, databaseUrl: throwaway?.url }),
    LLM_BASE_URL: options.llmBaseUrl,
    LLM_MODEL: 'bench-stub',
  };
  try {
    const config = loadConfig(env);
    const database = await openDatabase(config.database);
    try {
      await database.migrate();
      const ingest = await ingestCorpus(database, config, options.corpus);
      const [firstFailure] = ingest.failed;
      if (firstFailure) throw new Error(`ingesting ${firstFailure.file}: ${firstFailure.reason}`);
      const chunks = ingest.chunks;
      // Members without limits: the bench measures answering, not quotas (guests would get 429).
      const ids = Array.from({ length: options.members }, () => randomUUID());
      await database.db
        .insert(users)
        .values(ids.map((id, n) => ({ id, name: `Bench member ${n + 1}` })));
      await database.db
        .insert(userLimits)
        .values(
          ids.map((userId) => ({ userId, maxRequestsPerDay: -1, maxMessagesPerConversation: -1 })),
        );
      const tokens: string[] = [];
      for (const id of ids) {
        const { token } = await createSession(
          database.db,
          id,
          config.sessions,
          new Date(),
          'bench',
        );
        tokens.push(token);
      }
      return { env, database: database.kind, tokens, files: ingest.files, chunks, cleanup };
    } finally {
      await database.close();
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
}
