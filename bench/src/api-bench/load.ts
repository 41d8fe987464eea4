/** One autocannon measurement: a short untimed warm-up, then the timed run, same settings. */
import autocannon from 'autocannon';

export type LoadSettings = {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  pipelining: number;
};

export type LoadResult = {
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
};

export type Target = {
  url: string;
  path: string;
  headers: Record<string, string>;
  /** Every response must be this body, byte for byte (autocannon counts mismatches). */
  expectBody: string;
};

function run(target: Target, settings: LoadSettings, seconds: number) {
  return autocannon({
    url: `${target.url}${target.path}`,
    headers: target.headers,
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: seconds,
    expectBody: target.expectBody,
  });
}

export async function measureLoad(target: Target, settings: LoadSettings): Promise<LoadResult> {
  // New connections, a cold route and the JIT's first tiers are not the steady state measured.
  if (settings.warmupSeconds > 0) await run(target, settings, settings.warmupSeconds);
  const result = await run(target, settings, settings.durationSeconds);
  return {
    // Completed responses over the run's wall time: autocannon's average of per-second samples
    // drops the last partial second, this does not.
    requestsPerSecond: result.requests.total / result.duration,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.mean,
    },
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
  };
}
