import cliProgress from 'cli-progress';
import type { EmbeddingProgress } from '../retrieval/embedding-service.ts';

export type ProgressReporter = {
  /** Pass to the embedding service. */
  onProgress: EmbeddingProgress;
  /** Removes the bar (call in `finally`, also after a failure). */
  stop(): void;
};

const FORMAT = '{label} |{bar}| {value}/{total} chunks · {rate} chunks/s · ETA {etaText}';

/**
 * Progress of an embedding run. On a terminal: a bar with chunks done/total, chunks/s and ETA
 * (inside `multibar` when given, below the files bar). Otherwise a line per ~5 % (and the last).
 */
export function embeddingProgress(options: {
  label: string;
  interactive: boolean;
  multibar?: cliProgress.MultiBar | null;
  stream?: NodeJS.WriteStream;
}): ProgressReporter {
  const stream = options.stream ?? process.stderr;
  let started = 0;
  let bar: cliProgress.SingleBar | null = null;
  let nextMark = 0;
  const rateOf = (done: number) => done / Math.max((performance.now() - started) / 1000, 0.001);

  const onProgress: EmbeddingProgress = ({ done, total }) => {
    if (done === 0) started = performance.now();
    const rate = rateOf(done).toFixed(1);
    const etaText = done === 0 ? '?' : formatSeconds((total - done) / rateOf(done));
    if (options.interactive) {
      if (!bar) {
        const payload = { label: options.label, rate, etaText };
        if (options.multibar) {
          bar = options.multibar.create(total, done, payload, { format: FORMAT });
        } else {
          bar = new cliProgress.SingleBar(
            { format: FORMAT, hideCursor: true, stream },
            cliProgress.Presets.shades_classic,
          );
          bar.start(total, done, payload);
        }
      }
      bar.setTotal(total);
      bar.update(done, { rate, etaText });
      return;
    }
    if (total === 0 || (done < nextMark && done < total) || done === 0) return;
    nextMark = done + Math.max(1, Math.ceil(total * 0.05));
    const percent = Math.floor((done / total) * 100);
    stream.write(
      `${options.label}: ${done}/${total} chunks (${percent}%) · ${rate} chunks/s · ETA ${etaText}\n`,
    );
  };

  return {
    onProgress,
    stop() {
      if (!bar) return;
      if (options.multibar) options.multibar.remove(bar);
      else bar.stop();
      bar = null;
    },
  };
}

export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}
