/**
 * What the real server needs before the API benchmark starts it, made with the server's own code
 * (as chat-bench/server-data.ts does): a data folder, embedded PGlite or a throwaway PostgreSQL
 * database, and one member with a bearer session and a history of conversations. PGlite admits
 * one process per folder, so everything is written and closed before the server opens it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@samvad/server/config/env.ts';
import { openDatabase } from '@samvad/server/db/open-database.ts';
import { users } from '@samvad/server/db/schema.ts';
import {
  changeConversation,
  createConversation,
} from '@samvad/server/services/conversation-service.ts';
import { createSession } from '@samvad/server/services/session-service.ts';
import { benchServerEnv } from '../suite/run-record.ts';
import { createThrowawayDatabase } from '../suite/throwaway-database.ts';

export type ApiData = {
  /** The server process's environment (PORT, DATA_DIR, DATABASE_URL when on PostgreSQL). */
  env: Record<string, string>;
  database: 'pglite' | 'postgres';
  dataDir: string;
  /** The member's bearer token. */
  token: string;
  conversations: { active: number; archived: number };
  /** Removes the data folder and drops the throwaway database; safe to call twice. */
  cleanup(): Promise<void>;
};

export type ApiDataOptions = {
  port: number;
  logLevel: string;
  conversations: number;
  /** Every n-th conversation is archived, as a member tidying their list would. */
  archiveEvery: number;
  /** A PostgreSQL server to make a throwaway database on; null: embedded PGlite. */
  postgresUrl: string | null;
};

/** Titles of the length members' first questions make (the default title is the question). */
const TOPICS = [
  'What did Ambedkar say about the annihilation of caste?',
  'Political democracy and social democracy',
  'Why did he choose Nagpur for the conversion?',
  'The Poona Pact and separate electorates',
  'Linguistic states: one state, one language',
  'Ranade, Gandhi and Jinnah: the address of 1943',
  'Education, agitation and organisation',
  'Fundamental rights and the directive principles',
];

export async function prepareApiData(options: ApiDataOptions): Promise<ApiData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-bench-api-'));
  let cleaned = false;
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>> | null = null;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    rmSync(dataDir, { recursive: true, force: true });
    await throwaway?.drop();
  };
  try {
    if (options.postgresUrl) throwaway = await createThrowawayDatabase(options.postgresUrl);
    const env = benchServerEnv({ ...options, dataDir, databaseUrl: throwaway?.url });
    const config = loadConfig(env);
    const database = await openDatabase(config.database);
    try {
      await database.migrate();
      const db = database.db;
      const [user] = await db
        .insert(users)
        .values({ id: randomUUID(), name: 'Bench member', email: 'member@bench.invalid' })
        .returning();
      if (!user) throw new Error('inserting the member returned no row');
      const { token } = await createSession(db, user.id, config.sessions, new Date(), 'bench');
      // A minute apart, oldest first, so the list's newest-first order has something to sort.
      const started = Date.now() - options.conversations * 60_000;
      let archived = 0;
      for (let n = 0; n < options.conversations; n++) {
        const at = new Date(started + n * 60_000);
        const title = `${TOPICS[n % TOPICS.length]} (${n + 1})`;
        const row = await createConversation(db, user, title, at);
        if ((n + 1) % options.archiveEvery === 0) {
          await changeConversation(db, user, row.id, { archived: true }, at);
          archived++;
        }
      }
      return {
        env,
        database: database.kind,
        dataDir,
        token,
        conversations: { active: options.conversations - archived, archived },
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
