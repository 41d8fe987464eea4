/**
 * The two measurements: time to first token at a number of concurrent streams, and the server's
 * memory per open stream. Streams are kept concurrent in one of two ways:
 * - steady: N clients, each asking again as soon as its answer ends, their starts spread over one
 *   answer's length, so N streams are open at any time and arrivals are spread out;
 * - burst: N streams sent at the same instant, then all awaited (the worst case of N at once).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type Percentiles, percentiles } from '../retrieval-bench/measure.ts';
import { type ChatTarget, type StreamOutcome, streamChat } from './chat-client.ts';
import type { Inspector, LiveMemory } from './inspector.ts';
import { cpuShares, settledResidentBytes } from './process-stats.ts';
import { type StubModel, type StubTiming, taggedQuestion } from './stub-model.ts';

/** Questions the kalpit speeches answer, so that every one reaches the model. */
export const QUESTIONS = [
  'What is the real remedy for the caste system?',
  "What does Ambedkar say about the Buddha's view on rituals?",
  'What two types of constitutional remedies does Ambedkar mention?',
  'What personal experiences of untouchability does Ambedkar describe?',
  "Why does Ambedkar believe Pakistan's creation was inevitable?",
  "Who does Ambedkar call 'broken men' and why?",
  'What is the Dhamma?',
  'How does Ambedkar define social democracy?',
];

/** About how many tokens the model's answers have (its pacing sets an answer's length). */
const ANSWER_TOKENS = 45;

export type Bench = {
  target: ChatTarget;
  tokens: string[];
  stub: StubModel;
  /** The server's processes: one, or each instance behind the proxy. */
  serverPids: readonly number[];
  /** Processes whose CPU is reported one by one (each instance, the proxy's master and workers). */
  processGroups?: Readonly<Record<string, readonly number[]>>;
  timing: StubTiming;
};

let lastTag = 0;
let inFlight = 0;

/** One stream by member `member`, with its arrival at the model looked up by tag. */
async function oneStream(bench: Bench, member: number, options: Parameters<typeof streamChat>[3]) {
  const tag = ++lastTag;
  const question = taggedQuestion(QUESTIONS[tag % QUESTIONS.length] ?? '', tag);
  const token = bench.tokens[member % bench.tokens.length] ?? '';
  const concurrent = ++inFlight;
  const outcome = await streamChat(bench.target, token, question, options);
  inFlight--;
  return { ...outcome, question, concurrent, modelAt: bench.stub.received.get(tag) ?? null };
}
type Timed = StreamOutcome & { question: string; modelAt: number | null; concurrent: number };

export type Shape = 'steady' | 'burst';

export type LevelResult = {
  streams: number;
  shape: Shape;
  /** burst: rounds of N at once; steady: answers timed per client (after an untimed first). */
  rounds: number;
  /** Streams open (this one included) when each timed stream was sent, on average. */
  meanConcurrent: number;
  requests: number;
  errors: number;
  errorExamples: string[];
  /** Client first token − send − the model's own first-token delay. */
  addedTtftMs: Percentiles;
  /** Send → the model has the request: auth, limits, retrieval, prompt, the upstream request. */
  beforeModelMs: Percentiles;
  /** Model has it → client first token, less the model's delay: relaying the first token. */
  afterModelMs: Percentiles;
  /** Send → `[DONE]`, and the part of it that is not the model's own pacing. */
  totalMs: Percentiles;
  addedTotalMs: Percentiles;
  tokensPerStream: number;
  serverCpuMsPerRequest: number;
  /** Cores busy on average: the server, this process (client + model), everything else. */
  cpuCores: {
    server: number;
    bench: number;
    others: number;
    /** Per group of Bench.processGroups, when it has them. */
    processes?: Record<string, number>;
  };
  /** How late the bench's own event loop ran (client and model share it): p99 and max. */
  benchLoopDelayMs: { p99: number; max: number };
};

export async function runLevel(
  bench: Bench,
  streams: number,
  rounds: number,
  shape: Shape,
): Promise<LevelResult> {
  const { firstTokenDelayMs: delay, tokenIntervalMs: interval } = bench.timing;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const cpu = cpuShares(bench.serverPids, bench.processGroups);
  loop.enable();
  const results: Timed[] = [];
  const untimed: Timed[] = [];
  if (shape === 'burst') {
    for (let round = 0; round < rounds; round++) {
      const all = Array.from({ length: streams }, (_, i) => oneStream(bench, i, {}));
      results.push(...(await Promise.all(all)));
    }
  } else {
    // Starts spread over one answer's length; each client's first answer ramps up, untimed.
    const answerMs = delay + ANSWER_TOKENS * interval;
    const client = async (i: number) => {
      await new Promise((resolve) => setTimeout(resolve, (i * answerMs) / streams));
      untimed.push(await oneStream(bench, i, {}));
      for (let round = 0; round < rounds; round++) results.push(await oneStream(bench, i, {}));
    };
    await Promise.all(Array.from({ length: streams }, (_, i) => client(i)));
  }
  loop.disable();
  const shares = cpu();
  const isFailure = (r: Timed) => r.error !== null || r.modelAt === null || r.firstTokenAt === null;
  const failed = [...results, ...untimed].filter(isFailure);
  const good = results.filter((r) => !isFailure(r));
  const ttft = good.map((r) => (r.firstTokenAt ?? 0) - r.sentAt);
  const paced = (r: Timed) => delay + (r.tokens - 1) * interval;
  return {
    streams,
    shape,
    rounds,
    meanConcurrent: results.reduce((sum, r) => sum + r.concurrent, 0) / results.length,
    requests: results.length + untimed.length,
    errors: failed.length,
    errorExamples: [
      ...new Set(
        failed.map((r) => r.error ?? `the model was not asked for "${r.question}" (not covered?)`),
      ),
    ].slice(0, 3),
    addedTtftMs: percentiles(ttft.map((t) => t - delay)),
    beforeModelMs: percentiles(good.map((r) => (r.modelAt ?? 0) - r.sentAt)),
    afterModelMs: percentiles(good.map((r) => (r.firstTokenAt ?? 0) - (r.modelAt ?? 0) - delay)),
    totalMs: percentiles(good.map((r) => r.endedAt - r.sentAt)),
    addedTotalMs: percentiles(good.map((r) => r.endedAt - r.sentAt - paced(r))),
    tokensPerStream: good.reduce((sum, r) => sum + r.tokens, 0) / Math.max(1, good.length),
    serverCpuMsPerRequest: shares.serverMs / (results.length + untimed.length),
    cpuCores: {
      server: shares.server,
      bench: shares.bench,
      others: shares.others,
      ...(bench.processGroups ? { processes: shares.groups } : {}),
    },
    benchLoopDelayMs: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
  };
}

export type MemoryResult = {
  streams: number;
  idleRssBytes: number;
  halfOpenRssBytes: number;
  openRssBytes: number;
  afterCloseRssBytes: number;
  /** RSS: (open − idle) / streams, and the slope between half and all of them. */
  rssBytesPerStream: number;
  marginalRssBytesPerStream: number;
  /** Live JS heap + external memory after a full collection (null without the inspector). */
  live: {
    idle: LiveMemory;
    halfOpen: LiveMemory;
    open: LiveMemory;
    afterClose: LiveMemory;
    bytesPerStream: number;
    marginalBytesPerStream: number;
  } | null;
  firstTokens: number;
  /** Upstream requests the model saw cancelled when the clients left. */
  upstreamAborts: number;
  errors: number;
};

/**
 * Opens `streams` streams in two halves, with a model that pauses after the first token so they
 * stay open; reads the server's memory idle, with half open and with all open; then closes them
 * all and reads it once more (live memory that stays is a leak).
 */
export async function measureMemory(
  bench: Bench,
  streams: number,
  holdIntervalMs: number,
  inspector: Inspector | null,
): Promise<MemoryResult> {
  bench.stub.setTiming({ ...bench.timing, tokenIntervalMs: holdIntervalMs });
  const [pid, ...more] = bench.serverPids;
  if (pid === undefined || more.length > 0) throw new Error('memory is measured on one process');
  const read = async () => ({
    live: (await inspector?.liveMemory()) ?? null,
    rss: await settledResidentBytes(pid),
  });
  const idle = await read();
  const abortsBefore = bench.stub.aborted;
  const controller = new AbortController();
  const open: Promise<Timed>[] = [];
  let firstTokens = 0;
  const openMore = async (from: number, to: number) => {
    const { promise, resolve } = Promise.withResolvers<void>();
    const wanted = firstTokens + (to - from);
    const onFirstToken = () => {
      if (++firstTokens === wanted) resolve();
    };
    for (let i = from; i < to; i++) {
      open.push(oneStream(bench, i, { signal: controller.signal, onFirstToken }));
    }
    const timer = setTimeout(resolve, 20_000);
    await promise;
    clearTimeout(timer);
  };
  const half = Math.floor(streams / 2);
  await openMore(0, half);
  const halfOpen = await read();
  await openMore(half, streams);
  const allOpen = await read();
  controller.abort();
  const outcomes = await Promise.all(open);
  const deadline = Date.now() + 5000;
  while (bench.stub.aborted - abortsBefore < streams && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const upstreamAborts = bench.stub.aborted - abortsBefore;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const afterClose = await read();
  bench.stub.setTiming(bench.timing);
  const live =
    idle.live && halfOpen.live && allOpen.live && afterClose.live
      ? {
          idle: idle.live,
          halfOpen: halfOpen.live,
          open: allOpen.live,
          afterClose: afterClose.live,
          bytesPerStream: (allOpen.live.liveBytes - idle.live.liveBytes) / streams,
          marginalBytesPerStream:
            (allOpen.live.liveBytes - halfOpen.live.liveBytes) / (streams - half),
        }
      : null;
  return {
    streams,
    idleRssBytes: idle.rss,
    halfOpenRssBytes: halfOpen.rss,
    openRssBytes: allOpen.rss,
    afterCloseRssBytes: afterClose.rss,
    rssBytesPerStream: (allOpen.rss - idle.rss) / streams,
    marginalRssBytesPerStream: (allOpen.rss - halfOpen.rss) / (streams - half),
    live,
    firstTokens,
    upstreamAborts,
    errors: outcomes.filter((o) => o.error || o.firstTokenAt === null || o.modelAt === null).length,
  };
}
