/**
 * The soak of chat streams: N streams opened at a steady pace, held open (the model sends a token
 * every couple of seconds) for a fixed time, then some of the clients vanish mid-stream (their
 * sockets destroyed, no request abort, no end of the body read) and the server must cancel their
 * upstream model requests; the rest read their answers to the end.
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import { settledResidentBytes } from '../chat-bench/process-stats.ts';

export type StreamsOptions = {
  serverUrl: string;
  serverPid: number;
  tokens: string[];
  questions: readonly string[];
  streams: number;
  /** Streams opened per second while ramping up. */
  openPerSecond: number;
  holdMs: number;
  /** Clients that disappear mid-stream after the hold. */
  vanishing: number;
  /** How long the server may take to cancel their model requests. */
  reapDeadlineMs: number;
  /** The longest gap between two pieces of data a live stream may show (tokens or keep-alives). */
  maxSilenceMs: number;
  /** The model's counters: upstream requests cancelled and completed. */
  upstream: { readonly aborted: number; readonly completed: number };
  log: (message: string) => void;
};

type Stream = {
  status: number;
  socket: Socket | null;
  openedAt: number;
  firstDataAt: number | null;
  lastDataAt: number | null;
  tokens: number;
  sawEnd: boolean;
  sawDone: boolean;
  ended: boolean;
  vanished: boolean;
  error: string | null;
  done: Promise<void>;
};

export type StreamsResult = {
  streams: number;
  openedInMs: number;
  heldMs: number;
  /** Streams that were live (200, data within maxSilenceMs) at the end of the hold. */
  liveAtEndOfHold: number;
  errors: number;
  errorExamples: string[];
  memory: {
    idleRssBytes: number;
    openRssBytes: number;
    peakRssBytes: number;
    rssBytesPerStream: number;
  };
  serverFds: { idle: number; open: number; afterReaping: number; afterAll: number };
  reaping: {
    vanished: number;
    upstreamCancelled: number;
    reapedWithinMs: number | null;
    deadlineMs: number;
    met: boolean;
  };
  completedToEnd: number;
  tokensPerStream: number;
};

const openFds = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function openStream(agent: http.Agent, url: URL, token: string, question: string): Stream {
  const stream: Stream = {
    status: 0,
    socket: null,
    openedAt: performance.now(),
    firstDataAt: null,
    lastDataAt: null,
    tokens: 0,
    sawEnd: false,
    sawDone: false,
    ended: false,
    vanished: false,
    error: null,
    done: Promise.resolve(),
  };
  const { promise, resolve } = Promise.withResolvers<void>();
  stream.done = promise;
  const fail = (message: string) => {
    if (!stream.vanished && !stream.error) stream.error = message;
  };
  const body = JSON.stringify({ question, chat_history: [] });
  const request = http.request(url, {
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
    },
  });
  request.on('socket', (socket) => {
    stream.socket = socket;
  });
  let buffer = '';
  request.on('response', (response) => {
    stream.status = response.statusCode ?? 0;
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      const now = performance.now();
      stream.firstDataAt ??= now;
      stream.lastDataAt = now;
      buffer += chunk;
      if (stream.status !== 200) return;
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const event = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (!event.startsWith('data: ')) continue; // keep-alive comments
        const payload = event.slice(6);
        if (payload === '[DONE]') {
          stream.sawDone = true;
          continue;
        }
        const parsed = JSON.parse(payload) as { type: string; message?: string };
        if (parsed.type === 'token') stream.tokens++;
        else if (parsed.type === 'end') stream.sawEnd = true;
        else if (parsed.type === 'error') fail(`error event: ${parsed.message ?? ''}`);
      }
    });
    response.on('end', () => {
      stream.ended = true;
      if (stream.status !== 200) fail(`HTTP ${stream.status}: ${buffer.slice(0, 200)}`);
      else if (!stream.sawEnd || !stream.sawDone) fail('stream ended without end/[DONE]');
      resolve();
    });
    response.on('close', () => {
      if (!stream.ended) fail('connection closed before the end');
      resolve();
    });
  });
  request.on('error', (error) => {
    fail(error.message);
    resolve();
  });
  request.end(body);
  return stream;
}

export async function runStreams(options: StreamsOptions): Promise<StreamsResult> {
  const { serverPid: pid, log } = options;
  const url = new URL('/api/chat', options.serverUrl);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const idleRss = await settledResidentBytes(pid);
  const idleFds = openFds(pid);

  // Ramp up at a steady pace, then wait for every stream's first data.
  const started = performance.now();
  const streams: Stream[] = [];
  const gapMs = 1000 / options.openPerSecond;
  for (let i = 0; i < options.streams; i++) {
    const token = options.tokens[i % options.tokens.length] ?? '';
    const question = options.questions[i % options.questions.length] ?? '';
    streams.push(openStream(agent, url, token, question));
    const due = started + (i + 1) * gapMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
  }
  const firstDataDeadline = performance.now() + 30_000;
  while (
    streams.some((s) => s.firstDataAt === null && !s.error) &&
    performance.now() < firstDataDeadline
  ) {
    await sleep(50);
  }
  const openedInMs = performance.now() - started;
  log(
    `${streams.filter((s) => s.firstDataAt !== null).length} of ${options.streams} streams open after ${(openedInMs / 1000).toFixed(1)} s; holding ${options.holdMs / 1000} s`,
  );

  // Hold: sample the server's memory; every stream must keep receiving data.
  const holdStarted = performance.now();
  let peakRss = 0;
  const rssSamples: number[] = [];
  let silent = 0;
  while (performance.now() - holdStarted < options.holdMs) {
    const rss = await settledResidentBytes(pid, 3, 100);
    rssSamples.push(rss);
    peakRss = Math.max(peakRss, rss);
    await sleep(2000);
    const now = performance.now();
    silent = streams.filter(
      (s) => s.status !== 200 || s.lastDataAt === null || now - s.lastDataAt > options.maxSilenceMs,
    ).length;
  }
  const heldMs = performance.now() - holdStarted;
  const openFdsNow = openFds(pid);
  rssSamples.sort((a, b) => a - b);
  const openRss = rssSamples[Math.floor(rssSamples.length / 2)] ?? 0;
  const liveAtEndOfHold = options.streams - silent;
  const stillOpen = streams.filter((s) => !s.ended && !s.error);
  log(
    `hold done: ${liveAtEndOfHold} live, ${stillOpen.length} still open, ${streams.filter((s) => s.error).length} errors; server RSS ${(idleRss / 2 ** 20).toFixed(0)} → ${(openRss / 2 ** 20).toFixed(0)} MiB`,
  );

  // Vanishing clients: destroy their sockets mid-stream, then watch the upstream cancellations.
  const victims = stillOpen.slice(0, options.vanishing);
  const abortedBefore = options.upstream.aborted;
  const vanishedAt = performance.now();
  for (const victim of victims) {
    victim.vanished = true;
    victim.socket?.destroy();
  }
  let reapedWithinMs: number | null = null;
  while (performance.now() - vanishedAt < options.reapDeadlineMs) {
    if (options.upstream.aborted - abortedBefore >= victims.length) {
      reapedWithinMs = performance.now() - vanishedAt;
      break;
    }
    await sleep(20);
  }
  const upstreamCancelled = options.upstream.aborted - abortedBefore;
  await sleep(500);
  const fdsAfterReaping = openFds(pid);
  log(
    `${victims.length} clients vanished: ${upstreamCancelled} upstream requests cancelled${reapedWithinMs === null ? ` (not all within ${options.reapDeadlineMs / 1000} s)` : ` within ${reapedWithinMs.toFixed(0)} ms`}; server fds ${openFdsNow} → ${fdsAfterReaping}`,
  );

  // The rest read their answers to the end.
  log(`the other ${stillOpen.length - victims.length} streams read to the end`);
  await Promise.race([Promise.all(streams.map((s) => s.done)), sleep(180_000)]);
  for (const s of streams) if (!s.ended && !s.vanished) s.error ??= 'not finished in time';
  agent.destroy();
  await sleep(500);
  const afterAllFds = openFds(pid);

  const failed = streams.filter((s) => s.error !== null);
  const completed = streams.filter((s) => !s.vanished && s.sawEnd && s.sawDone && !s.error);
  return {
    streams: options.streams,
    openedInMs,
    heldMs,
    liveAtEndOfHold,
    errors: failed.length,
    errorExamples: [...new Set(failed.map((s) => s.error ?? ''))].slice(0, 5),
    memory: {
      idleRssBytes: idleRss,
      openRssBytes: openRss,
      peakRssBytes: peakRss,
      rssBytesPerStream: (openRss - idleRss) / options.streams,
    },
    serverFds: {
      idle: idleFds,
      open: openFdsNow,
      afterReaping: fdsAfterReaping,
      afterAll: afterAllFds,
    },
    reaping: {
      vanished: victims.length,
      upstreamCancelled,
      reapedWithinMs,
      deadlineMs: options.reapDeadlineMs,
      met: reapedWithinMs !== null,
    },
    completedToEnd: completed.length,
    tokensPerStream:
      completed.reduce((sum, s) => sum + s.tokens, 0) / Math.max(1, completed.length),
  };
}
