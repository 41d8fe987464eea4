/**
 * What both ways of running the chat benchmark share: the settings from the command line, the
 * levels, and what comes before the first server starts (the loopback model, the server's data).
 */
import path from 'node:path';
import { redact, referenceServer } from '../retrieval-bench/postgres-reference.ts';
import { warnWhenBusy } from '../suite/run-record.ts';
import { QUESTIONS } from './levels.ts';
import { prepareServerData } from './server-data.ts';
import { type StubModel, type StubTiming, startStubModel } from './stub-model.ts';

export type ChatBenchOptions = {
  corpus: string;
  timing: StubTiming;
  database: 'pglite' | 'postgres';
  logLevel: string;
  runs: number;
  /** A folder for the server's CPU profile (node --cpu-prof). */
  profile?: string | undefined;
  json?: string | undefined;
  /** performance.now() when the benchmark started, for its wall time. */
  wallStarted: number;
};

/**
 * Concurrent streams per level, and how they are kept concurrent (levels.ts): steady, each client
 * times `rounds` answers after an untimed first; burst, `rounds` rounds of all at once.
 */
export const LEVELS = [
  { streams: 1, shape: 'steady', rounds: 30 },
  { streams: 50, shape: 'steady', rounds: 4 },
  { streams: 50, shape: 'burst', rounds: 4 },
  { streams: 200, shape: 'steady', rounds: 3 },
  { streams: 200, shape: 'burst', rounds: 3 },
] as const;
export type Level = (typeof LEVELS)[number];

export const step = (message: string) => console.log(`· ${message}`);

/**
 * Says whether the machine is busy, starts the model and prepares the data (migrated, corpus
 * ingested, `members` members with sessions) once, for every server process that will use it.
 */
export async function prepareRun(options: ChatBenchOptions, members: number, port: number) {
  const busyBefore = await warnWhenBusy('the timings will not be reliable');
  const postgres = options.database === 'postgres' ? referenceServer() : null;
  const stub = await startStubModel(options.timing);
  step(
    `Preparing the server's data: ${path.relative(process.cwd(), options.corpus) || options.corpus} ingested, ${members} members (${postgres ? `PostgreSQL at ${redact(postgres.url)}` : 'embedded PGlite'})`,
  );
  try {
    const data = await prepareServerData({
      corpus: options.corpus,
      members,
      port,
      llmBaseUrl: stub.baseUrl,
      logLevel: options.logLevel,
      postgresUrl: postgres?.url ?? null,
    });
    return { busyBefore, stub, data };
  } catch (error) {
    await stub.close();
    throw error;
  }
}

/** Prints the levels' failed streams and the first server error, if any. */
export function printErrors(
  levels: readonly { streams: number; errors: number; errorExamples: string[] }[],
  serverErrors: readonly string[],
): void {
  for (const level of levels) {
    if (level.errors > 0)
      console.log(`${level.streams} streams: ${level.errorExamples.join('; ')}`);
  }
  if (serverErrors.length > 0) {
    console.log(
      `Server errors (${serverErrors.length}), the first: ${serverErrors[0]?.slice(0, 1500)}`,
    );
  }
}

/** Server log lines at level error or fatal. */
export const errorLines = (log: string) =>
  log.split('\n').filter((line) => /"level":(50|60)/.test(line));

/** The record's settings and closing fields that both ways of running write alike. */
export function commonRecord(
  options: ChatBenchOptions,
  run: {
    data: Awaited<ReturnType<typeof prepareServerData>>;
    stub: StubModel;
    busyBefore: unknown;
    serverErrors: number;
  },
) {
  const { data, stub } = run;
  return {
    settings: {
      model: {
        ...options.timing,
        answer: 'quoteBestPassage: ~40 words of the best passage, cites it',
      },
      database: data.database,
      logLevel: options.logLevel,
      nodeEnv: 'production',
      corpus: {
        folder: options.corpus,
        files: data.files.map((f) => path.basename(f)),
        chunks: data.chunks,
      },
      questions: QUESTIONS,
      members: data.tokens.length,
      runs: options.runs,
    },
    closing: {
      otherProcessesCoresBefore: run.busyBefore,
      upstream: {
        requests: stub.received.size,
        untagged: stub.untagged,
        completed: stub.completed,
      },
      serverErrors: run.serverErrors,
      wallSeconds: (performance.now() - options.wallStarted) / 1000,
    },
  };
}
