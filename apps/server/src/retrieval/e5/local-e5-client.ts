/**
 * multilingual-e5-small inside the server: an EmbeddingClient whose vectors come from a worker
 * thread (e5-worker.ts). The model loads in the background from the first call of `start()` or
 * `embed()`; until it is ready a query fails at once (the caller searches with BM25 alone)
 * while passages wait for it. If it cannot load (no weights and no way to fetch them), every
 * call fails with the reason, which `status()` also gives, and BM25 serves alone.
 */
import { Worker } from 'node:worker_threads';
import { type EmbeddingClient, EmbeddingError, type EmbedOptions } from '../embedding-client.ts';
import type { FromWorker, ToWorker, WorkerOptions } from './e5-worker.ts';
import { E5_MODEL_ID } from './model-files.ts';

export type LocalModelState =
  | { state: 'idle' }
  | { state: 'loading'; message: string | null }
  | { state: 'ready'; loadMs: number }
  | { state: 'failed'; message: string };

export type LocalE5Options = WorkerOptions & {
  /** Each progress line and the outcome, once (the server logs them). */
  onStatus?: (status: LocalModelState) => void;
};

type Pending = { resolve: (vectors: Float32Array[]) => void; reject: (error: Error) => void };

export class LocalE5Client implements EmbeddingClient {
  readonly model = E5_MODEL_ID;
  /** Chunks per pass and per saved step: small enough that a query never waits long behind one. */
  readonly batchSize = 16;
  private worker: Worker | null = null;
  private current: LocalModelState = { state: 'idle' };
  private readyPromise: Promise<void> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private readonly options: LocalE5Options;

  constructor(options: LocalE5Options) {
    this.options = options;
  }

  status(): LocalModelState {
    return this.current;
  }

  /** Starts loading the model (idempotent); resolves when it is ready, rejects if it cannot be. */
  start(): Promise<void> {
    if (this.readyPromise) return this.readyPromise;
    this.setStatus({ state: 'loading', message: null });
    const { onStatus: _, ...workerOptions } = this.options;
    const worker = new Worker(new URL('./e5-worker.ts', import.meta.url), {
      workerData: workerOptions,
    });
    this.worker = worker;
    worker.unref();
    this.readyPromise = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'progress')
          this.setStatus({ state: 'loading', message: message.message });
        else if (message.type === 'ready') {
          this.setStatus({ state: 'ready', loadMs: message.loadMs });
          resolve();
        } else if (message.type === 'failed') {
          this.fail(message.message);
          reject(new EmbeddingError(message.message));
        } else this.settle(message);
      });
      worker.on('error', (error) => {
        this.fail(`the embedding worker stopped: ${error.message}`);
        reject(error);
      });
      worker.on('exit', (code) => {
        // After close() the worker is no longer ours: its end is expected.
        if (this.worker === worker && this.current.state !== 'failed') {
          this.fail(`the embedding worker exited (code ${code})`);
        }
        reject(new EmbeddingError('the embedding worker exited'));
      });
    });
    // A failure is reported through status(); callers of start() that do not wait for it
    // must not see an unhandled rejection.
    this.readyPromise.catch(() => {});
    return this.readyPromise;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const ready = this.start();
    if (this.current.state === 'failed') throw new EmbeddingError(this.current.message);
    if (this.current.state !== 'ready') {
      if (options.kind === 'query')
        throw new EmbeddingError('The embedding model is still loading');
      await ready;
    }
    options.signal?.throwIfAborted();
    const id = this.nextId++;
    const result = new Promise<Float32Array[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      options.signal?.addEventListener(
        'abort',
        () => {
          if (this.pending.delete(id)) reject(options.signal?.reason ?? new Error('aborted'));
        },
        { once: true },
      );
    });
    this.worker?.ref();
    const message: ToWorker = {
      type: 'embed',
      id,
      texts: [...texts],
      kind: options.kind ?? 'passage',
    };
    this.worker?.postMessage(message);
    return result;
  }

  /** Asks the worker to finish its passes and end (a terminated pass would abort the process). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    for (const { reject } of this.pending.values())
      reject(new EmbeddingError('The embedding model was closed'));
    this.pending.clear();
    if (!worker) return;
    this.setStatus({ state: 'idle' });
    this.readyPromise = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage({ type: 'close' } satisfies ToWorker);
    await exited;
  }

  private settle(message: Extract<FromWorker, { type: 'vectors' | 'error' }>): void {
    const waiting = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (!waiting) return;
    if (message.type === 'error') {
      waiting.reject(new EmbeddingError(message.message));
      return;
    }
    const { data, dimensions } = message;
    const vectors: Float32Array[] = [];
    for (let at = 0; at < data.length; at += dimensions)
      vectors.push(data.subarray(at, at + dimensions));
    waiting.resolve(vectors);
  }

  private fail(message: string): void {
    this.setStatus({ state: 'failed', message });
    for (const { reject } of this.pending.values()) reject(new EmbeddingError(message));
    this.pending.clear();
  }

  private setStatus(status: LocalModelState): void {
    this.current = status;
    this.options.onStatus?.(status);
  }
}
