// `npm run test:load [-- --database auto|pglite|postgres] [--streams 1000] [--hold 60]
//    [--mixed 180] [--json <file>]`
// Load and soak on loopback, against one real server process (`node apps/server/src/main.ts`)
// on embedded PGlite, or on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set
// (load-database.ts)
// answering with a loopback OpenAI-compatible model that streams slowly:
// 1. Streams: 1,000 chat streams held open for 60 s (zero errors; server memory per stream),
//    then 100 clients vanish mid-stream and the server must cancel their model requests
//    within 60 s; the others read to the end.
// 2. Mixed API traffic for 3 minutes (session, conversation list of a member with 50
//    conversations, community feed): the rate ramps until p99 passes 200 ms, then the highest
//    rate within it is held to the end (backing off a step if the machine cannot sustain it).
// Prints a summary, writes bench/results/load-<date>.json, exits 1 if a target was missed.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  quoteBestPassage,
  startFakeLlmServer,
} from '@samvad/server/test/support/fake-llm-server.ts';
import {
  freePort,
  spawnServer,
  stopServer,
  waitUntilReady,
} from '@samvad/server/test/support/server-process.ts';
import { QUESTIONS } from '../chat-bench/levels.ts';
import { prepareServerData } from '../chat-bench/server-data.ts';
import { redact } from '../retrieval-bench/postgres-reference.ts';
import { recordFile, warnWhenBusy, writeRecord } from '../suite/run-record.ts';
import { chooseLoadDatabase } from './load-database.ts';
import { runMixed } from './mixed.ts';
import { runStreams } from './streams.ts';

const wallStarted = performance.now();
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus/kalpit') },
    database: { type: 'string', default: 'auto' },
    streams: { type: 'string', default: '1000' },
    hold: { type: 'string', default: '60' },
    mixed: { type: 'string', default: '180' },
    json: { type: 'string' },
  },
});
const positive = (name: string, raw: string) => {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`--${name} must be a positive whole number, got ${raw}`);
    process.exit(2);
  }
  return n;
};
const STREAMS = positive('streams', values.streams);
const HOLD_MS = positive('hold', values.hold) * 1000;
const MIXED_MS = positive('mixed', values.mixed) * 1000;
const VANISHING = Math.min(100, Math.floor(STREAMS / 10));
const REAP_DEADLINE_MS = 60_000;
/** The model: first token after 50 ms, then one every 2 s (~45 tokens: ~90 s per answer). */
const SLOW_TOKENS = { firstTokenDelayMs: 50, tokenIntervalMs: 2000 };
const FAST_TOKENS = { firstTokenDelayMs: 10, tokenIntervalMs: 5 };
const P99_TARGET_MS = 200;
const CONVERSATIONS = 50;
const POSTS = 20;

const database = chooseLoadDatabase(values.database);
if ('error' in database) {
  console.error(database.error);
  process.exit(2);
}
const postgresUrl = database.kind === 'postgres' ? database.serverUrl : null;
const step = (message: string) => console.log(`· ${message}`);

const busyBefore = await warnWhenBusy('latencies will be worse than on a quiet machine', 0.5);
let timing = FAST_TOKENS;
const llm = await startFakeLlmServer((request) => {
  const prompt = request.messages.at(-1)?.content ?? '';
  return { text: quoteBestPassage(prompt), ...timing };
});
const port = await freePort();
step(
  `Preparing the server's data (${database.kind === 'postgres' ? `PostgreSQL at ${redact(database.serverUrl)} (${database.source})` : 'embedded PGlite'}): ${path.basename(values.corpus)} ingested, 100 members without limits`,
);
const data = await prepareServerData({
  corpus: values.corpus,
  members: 100,
  port,
  llmBaseUrl: llm.baseUrl,
  logLevel: 'warn',
  postgresUrl,
});
const server = spawnServer({
  ...data.env,
  // Streams last ~90 s by design; the default 60 s model timeout would cut them.
  LLM_TIMEOUT_MS: '600000',
  COMMUNITY_POSTS_PER_HOUR: '100000',
});

let streams: Awaited<ReturnType<typeof runStreams>> | null = null;
let mixed: Awaited<ReturnType<typeof runMixed>> | null = null;
let crashed: string | null = null;
let serverLog = '';
try {
  await waitUntilReady(server);
  const serverPid = server.child.pid;
  if (serverPid === undefined) throw new Error('the server process has no pid');
  const member = data.tokens[0] ?? '';
  const auth = { authorization: `Bearer ${member}` };
  const post = async (url: string, body: object) => {
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  };
  step(`Member 1: ${CONVERSATIONS} conversations, a community profile and ${POSTS} posts`);
  for (let i = 0; i < CONVERSATIONS; i++) await post('/api/conversations', { title: `Load ${i}` });
  await post('/api/community/profiles', { username: 'loadtester' });
  for (let i = 0; i < POSTS; i++) {
    await post('/api/community/posts', { content: `Load test post ${i}: education, agitation.` });
  }
  step('Warming up: 20 streams');
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      fetch(`${server.url}/api/chat`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${data.tokens[i] ?? ''}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ question: QUESTIONS[i % QUESTIONS.length], chat_history: [] }),
      }).then((res) => res.text()),
    ),
  );

  timing = SLOW_TOKENS;
  step(
    `Streams: ${STREAMS} opened at 100/s, held ${HOLD_MS / 1000} s; model tokens every ${SLOW_TOKENS.tokenIntervalMs} ms`,
  );
  streams = await runStreams({
    serverUrl: server.url,
    serverPid,
    tokens: data.tokens,
    questions: QUESTIONS,
    streams: STREAMS,
    openPerSecond: 100,
    holdMs: HOLD_MS,
    vanishing: VANISHING,
    reapDeadlineMs: REAP_DEADLINE_MS,
    maxSilenceMs: SLOW_TOKENS.tokenIntervalMs + 3000,
    upstream: llm,
    log: step,
  });
  timing = FAST_TOKENS;

  step(`Mixed API traffic for ${MIXED_MS / 1000} s, ramping until p99 passes ${P99_TARGET_MS} ms`);
  mixed = await runMixed({
    serverUrl: server.url,
    serverPid,
    calls: [
      { path: '/api/auth/session', headers: auth },
      { path: '/api/conversations', headers: auth },
      { path: '/api/community/feed', headers: auth },
    ],
    totalMs: MIXED_MS,
    stepMs: 10_000,
    startRate: 50,
    growth: 1.4,
    warmupMs: 5000,
    p99TargetMs: P99_TARGET_MS,
    minHoldMs: Math.min(60_000, MIXED_MS / 3),
    log: step,
  });
} catch (error) {
  crashed = error instanceof Error ? error.message : String(error);
  console.error(`\nServer output (last 4000 characters):\n${server.output().slice(-4000)}`);
  console.error(error);
} finally {
  if (server.child.exitCode !== null) crashed ??= `the server exited with ${server.child.exitCode}`;
  serverLog = server.output();
  const code = await stopServer(server);
  if (code !== 0) console.warn(`The server exited with code ${code}`);
  await llm.close();
  await data.cleanup();
}

const serverErrors = serverLog.split('\n').filter((line) => /"level":(50|60)/.test(line));
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const checks = {
  serverSurvived: crashed === null,
  streamsHeldWithoutErrors:
    streams !== null && streams.errors === 0 && streams.liveAtEndOfHold === streams.streams,
  deadClientsReaped: streams?.reaping.met ?? false,
  mixedWithoutErrors: mixed?.hold !== null && mixed?.hold !== undefined && mixed.hold.errors === 0,
  mixedHoldWithinP99:
    mixed?.hold !== null && mixed?.hold !== undefined && mixed.hold.latencyMs.p99 <= P99_TARGET_MS,
};
const passed = Object.values(checks).every(Boolean);

console.log(
  `\nLoad and soak — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, server on ${data.database}`,
);
if (streams) {
  console.log(
    `Streams: ${streams.liveAtEndOfHold}/${streams.streams} live after ${(streams.heldMs / 1000).toFixed(0)} s held (opened in ${(streams.openedInMs / 1000).toFixed(1)} s), ${streams.errors} errors${streams.errors ? ` (${streams.errorExamples.join('; ')})` : ''}`,
  );
  console.log(
    `  server RSS ${mib(streams.memory.idleRssBytes)} idle → ${mib(streams.memory.openRssBytes)} with ${streams.streams} open (peak ${mib(streams.memory.peakRssBytes)}): ${(streams.memory.rssBytesPerStream / 1024).toFixed(1)} KiB per stream`,
  );
  console.log(
    `  ${streams.reaping.vanished} vanished clients: ${streams.reaping.upstreamCancelled} model requests cancelled, ${streams.reaping.reapedWithinMs === null ? `NOT within ${REAP_DEADLINE_MS / 1000} s` : `within ${streams.reaping.reapedWithinMs.toFixed(0)} ms`}; server fds ${streams.serverFds.idle} idle, ${streams.serverFds.open} open, ${streams.serverFds.afterReaping} after reaping, ${streams.serverFds.afterAll} at the end`,
  );
  console.log(
    `  ${streams.completedToEnd} streams read to the end (${streams.tokensPerStream.toFixed(0)} tokens each)`,
  );
}
if (mixed?.hold) {
  console.log(
    `Mixed: held ${mixed.heldRate} req/s (the highest rate whose p99 stayed ≤ ${P99_TARGET_MS} ms, held to the end) for ${(mixed.hold.requests / mixed.hold.achievedRate).toFixed(0)} s: ${mixed.hold.requests} requests, p50 ${mixed.hold.latencyMs.p50.toFixed(1)} ms, p99 ${mixed.hold.latencyMs.p99.toFixed(1)} ms, ${mixed.hold.errors} errors; server ${mixed.hold.serverCpuMsPerRequest.toFixed(2)} ms CPU per request`,
  );
} else if (mixed) {
  console.log(
    `Mixed: no rate stayed within p99 ${P99_TARGET_MS} ms (first step: ${JSON.stringify(mixed.steps[0]?.latencyMs)})`,
  );
}
if (serverErrors.length > 0) {
  console.log(
    `Server errors logged: ${serverErrors.length}; the first: ${serverErrors[0]?.slice(0, 800)}`,
  );
}
if (crashed) console.log(`Run failed: ${crashed}`);
console.log(
  `Checks: ${Object.entries(checks)
    .map(([name, ok]) => `${name} ${ok ? 'ok' : 'FAILED'}`)
    .join(', ')}`,
);

const jsonFile = recordFile('load', values.json);
const result = {
  benchmark: 'load',
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    totalMemoryBytes: os.totalmem(),
    node: process.version,
  },
  settings: {
    database: data.database,
    nodeEnv: 'production',
    model: { slow: SLOW_TOKENS, fast: FAST_TOKENS },
    streams: STREAMS,
    holdMs: HOLD_MS,
    vanishing: VANISHING,
    reapDeadlineMs: REAP_DEADLINE_MS,
    mixedMs: MIXED_MS,
    p99TargetMs: P99_TARGET_MS,
    member: { conversations: CONVERSATIONS, posts: POSTS },
  },
  streams,
  mixed,
  upstream: { requests: llm.requests.length, aborted: llm.aborted, completed: llm.completed },
  otherProcessesCoresBefore: busyBefore,
  serverErrors: serverErrors.length,
  crashed,
  checks,
  passed,
  wallSeconds: (performance.now() - wallStarted) / 1000,
};
writeRecord(jsonFile, result);
process.exit(passed ? 0 : 1);
