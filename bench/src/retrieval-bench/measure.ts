/** Timing and memory helpers shared by both engines, so they are measured the same way. */

export type Percentiles = { p50: number; p95: number; p99: number; mean: number };
export type LatencyResult = Percentiles & {
  /** Each run's own figures; the headline is their per-figure median. */
  runs: Percentiles[];
  /** Queries that returned nothing (last run), to show both engines did real work. */
  emptyResults: number;
};

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? Number.NaN;
}

export function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / Math.max(1, sorted.length);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Times `search` once per query, `runs` times over the whole list, after one untimed warm-up
 * pass (JIT, caches, lazily built structures). Milliseconds from performance.now().
 */
export async function measureLatency(
  queries: readonly string[],
  search: (query: string) => number | Promise<number>,
  options: { runs: number; warmup: number },
): Promise<LatencyResult> {
  for (let i = 0; i < Math.min(options.warmup, queries.length); i++) {
    await search(queries[i] ?? '');
  }
  const runs: Percentiles[] = [];
  let emptyResults = 0;
  for (let run = 0; run < options.runs; run++) {
    const samples: number[] = [];
    emptyResults = 0;
    for (const query of queries) {
      const started = performance.now();
      const result = search(query);
      // Awaiting a plain number would add a microtask turn to every in-memory sample.
      const hits = typeof result === 'number' ? result : await result;
      samples.push(performance.now() - started);
      if (hits === 0) emptyResults++;
    }
    runs.push(percentiles(samples));
  }
  return {
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    p99: median(runs.map((r) => r.p99)),
    mean: median(runs.map((r) => r.mean)),
    runs,
    emptyResults,
  };
}

const gc = (globalThis as { gc?: () => void }).gc;
export const canMeasureHeap = gc !== undefined;

/**
 * Live memory after a full collection: the JS heap plus ArrayBuffer backing stores, which hold
 * the index's typed arrays outside the heap.
 */
export function liveBytes(): number | null {
  if (!gc) return null;
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

export function secondsSince(started: number): number {
  return (performance.now() - started) / 1000;
}
