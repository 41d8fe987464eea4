/**
 * Mixed API traffic at a fixed arrival rate (open loop: requests are sent on schedule whether or
 * not earlier ones have answered, and latency counts from the scheduled time, so a slow server
 * cannot hide its queue). The rate ramps up step by step until a step's p99 passes the target
 * (or a request fails); the highest rate that stayed within it is then held to the end, in
 * windows of one step, backing off to the next lower passing rate if a window is past the target.
 */
import http from 'node:http';
import { cpuMilliseconds } from '../chat-bench/process-stats.ts';
import { type Percentiles, percentiles } from '../retrieval-bench/measure.ts';

export type MixedOptions = {
  serverUrl: string;
  serverPid: number;
  /** The calls, taken in turn; each with the headers it needs. */
  calls: { path: string; headers: Record<string, string> }[];
  totalMs: number;
  stepMs: number;
  startRate: number;
  growth: number;
  p99TargetMs: number;
  /** Untimed traffic at the start rate before the ramp (outside totalMs). */
  warmupMs: number;
  /** The hold lasts at least this long: the ramp stops early enough to leave it. */
  minHoldMs: number;
  log: (message: string) => void;
};

export type StepResult = {
  rate: number;
  requests: number;
  achievedRate: number;
  errors: number;
  errorExamples: string[];
  latencyMs: Percentiles & { max: number };
  byPath: Record<string, Percentiles>;
  /** The server's CPU time per request, and its cores busy over the step. */
  serverCpuMsPerRequest: number;
  serverCores: number;
};

export type MixedResult = {
  steps: StepResult[];
  /** The hold's windows, each at the rate held then; `backedOff` past the target. */
  windows: (StepResult & { backedOff: boolean })[];
  heldRate: number | null;
  hold: StepResult | null;
  p99TargetMs: number;
  totalMs: number;
};

type Sample = { path: string; ms: number; error: string | null };

const MIN_RATE = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `rate` requests per second for `durationMs`, each at its due time. */
async function runAtRate(
  agent: http.Agent,
  options: MixedOptions,
  rate: number,
  durationMs: number,
): Promise<Run> {
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  const cpuBefore = cpuMilliseconds(options.serverPid);
  const started = performance.now();
  const total = Math.floor((durationMs / 1000) * rate);
  let sent = 0;
  let next = 0;
  // Request i is due at started + i/rate; each is sent as soon as it is due (the loop sleeps
  // until the next one), and its latency counts from when it was due.
  while (sent < total) {
    const now = performance.now();
    for (; sent < total && started + (sent / rate) * 1000 <= now; sent++) {
      const call = options.calls[next++ % options.calls.length];
      if (!call) continue;
      const scheduledAt = started + (sent / rate) * 1000;
      pending.push(send(agent, options.serverUrl, call, scheduledAt, samples));
    }
    const wait = started + (sent / rate) * 1000 - performance.now();
    await sleep(Math.max(1, wait));
  }
  await Promise.all(pending);
  const elapsed = performance.now() - started;
  const serverCpuMs = cpuMilliseconds(options.serverPid) - cpuBefore;
  return {
    samples,
    elapsed,
    serverCpuMs,
    step: summarize(options, rate, samples, elapsed, serverCpuMs),
  };
}

type Run = { samples: Sample[]; elapsed: number; serverCpuMs: number; step: StepResult };

function summarize(
  options: MixedOptions,
  rate: number,
  samples: Sample[],
  elapsed: number,
  serverCpuMs: number,
): StepResult {
  const failed = samples.filter((s) => s.error !== null);
  const latencies = samples.map((s) => s.ms);
  const byPath: Record<string, Percentiles> = {};
  for (const call of options.calls) {
    byPath[call.path] = percentiles(samples.filter((s) => s.path === call.path).map((s) => s.ms));
  }
  return {
    rate,
    requests: samples.length,
    achievedRate: samples.length / (elapsed / 1000),
    errors: failed.length,
    errorExamples: [...new Set(failed.map((s) => s.error ?? ''))].slice(0, 3),
    latencyMs: { ...percentiles(latencies), max: latencies.reduce((m, x) => Math.max(m, x), 0) },
    byPath,
    serverCpuMsPerRequest: serverCpuMs / Math.max(1, samples.length),
    serverCores: serverCpuMs / elapsed,
  };
}

function send(
  agent: http.Agent,
  serverUrl: string,
  call: MixedOptions['calls'][number],
  scheduledAt: number,
  samples: Sample[],
): Promise<void> {
  return new Promise((resolve) => {
    const done = (error: string | null) => {
      samples.push({ path: call.path, ms: performance.now() - scheduledAt, error });
      resolve();
    };
    const request = http.get(new URL(call.path, serverUrl), { agent, headers: call.headers });
    request.setTimeout(10_000, () => request.destroy(new Error('no answer within 10 s')));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (status !== 200) body += chunk;
      });
      response.on('end', () =>
        done(status === 200 ? null : `HTTP ${status}: ${body.slice(0, 160)}`),
      );
      response.on('error', (error) => done(error.message));
    });
    request.on('error', (error) => done(error.message));
  });
}

export async function runMixed(options: MixedOptions): Promise<MixedResult> {
  const { log } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });
  // Untimed: the server compiles its hot paths and the client opens its connections.
  const warmup = (await runAtRate(agent, options, options.startRate, options.warmupMs)).step;
  log(
    `warm-up at ${options.startRate} req/s: p99 ${warmup.latencyMs.p99.toFixed(1)} ms (not counted)`,
  );
  const started = performance.now();
  const steps: StepResult[] = [];
  const passed: number[] = [];
  const within = (step: StepResult) =>
    step.errors === 0 && step.latencyMs.p99 <= options.p99TargetMs;
  const describe = (step: StepResult) =>
    `${step.achievedRate.toFixed(0)} req/s achieved, p50 ${step.latencyMs.p50.toFixed(1)} ms, p99 ${step.latencyMs.p99.toFixed(1)} ms, ${step.errors} errors; server ${step.serverCpuMsPerRequest.toFixed(2)} ms CPU per request, ${step.serverCores.toFixed(2)} cores${within(step) ? '' : ' — past the target'}`;
  let rate = options.startRate;
  // Ramp: one step per rate while it stays within the target and leaves time for the hold. If
  // even the first rate is past it (a busy machine), halve it until one is within.
  while (performance.now() - started + options.stepMs + options.minHoldMs <= options.totalMs) {
    const { step } = await runAtRate(agent, options, rate, options.stepMs);
    steps.push(step);
    log(`ramp ${rate} req/s: ${describe(step)}`);
    if (within(step)) {
      passed.push(rate);
      rate = Math.round(rate * options.growth);
    } else if (passed.length > 0 || rate <= MIN_RATE) {
      break;
    } else {
      rate = Math.max(MIN_RATE, Math.round(rate / 2));
    }
  }
  // Hold the highest rate within the target, in windows of one step. A short step can pass at a
  // rate the machine cannot sustain: a window past the target backs off to the next lower rate
  // that passed, and the hold's figures are those of the windows at the rate finally held.
  const windows: (StepResult & { backedOff: boolean })[] = [];
  let heldRate = passed.pop() ?? null;
  let held: Run[] = [];
  while (heldRate !== null) {
    const remaining = options.totalMs - (performance.now() - started);
    if (remaining < 1000) break;
    const run = await runAtRate(agent, options, heldRate, Math.min(options.stepMs, remaining));
    const ok = within(run.step);
    windows.push({ ...run.step, backedOff: !ok });
    log(`hold ${heldRate} req/s: ${describe(run.step)}`);
    if (ok) {
      held.push(run);
    } else {
      held = [];
      heldRate = passed.pop() ?? null;
      if (heldRate !== null) log(`backing off to ${heldRate} req/s`);
    }
  }
  const hold =
    heldRate !== null && held.length > 0
      ? summarize(
          options,
          heldRate,
          held.flatMap((run) => run.samples),
          held.reduce((sum, run) => sum + run.elapsed, 0),
          held.reduce((sum, run) => sum + run.serverCpuMs, 0),
        )
      : null;
  if (hold) {
    log(
      `held ${heldRate} req/s for ${(hold.requests / hold.achievedRate).toFixed(0)} s: ${hold.requests} requests, p50 ${hold.latencyMs.p50.toFixed(1)} ms, p99 ${hold.latencyMs.p99.toFixed(1)} ms, max ${hold.latencyMs.max.toFixed(0)} ms, ${hold.errors} errors`,
    );
  }
  agent.destroy();
  return {
    steps,
    windows,
    heldRate: hold ? heldRate : null,
    hold,
    p99TargetMs: options.p99TargetMs,
    totalMs: performance.now() - started,
  };
}
