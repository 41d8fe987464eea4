/**
 * PDFs, DOCX and EPUB files are read off the main thread. pdf.js does all its work (inflating
 * content streams, running their operators) on the thread that calls it, and a 900 KB PDF whose
 * one page inflates to 300 MB kept a thread busy for minutes at gigabytes of memory; a DOCX or an
 * EPUB within its limits (limits.ts) may still take a second or two of parsing. In a worker thread
 * that work cannot block the server's event loop, and the thread can be stopped: when its heap
 * reaches the memory limit (V8 ends it), when the memory outside its heap (decoded streams) does
 * (watched from here), or when one PDF page or the whole file takes too long. The output is the
 * same as reading in-process: the worker runs the same loaders and posts their result back.
 *
 * A worker that finished a file cleanly waits (a minute) for the next: a fresh thread compiles
 * pdf.js again and runs it cold, which made each PDF two to three times slower.
 */
import { Worker } from 'node:worker_threads';
import { LoadError, type LoadProgress, type LoadProgressListener } from '../types.ts';
import { DEFAULT_LOAD_LIMITS, formatDuration, type LoadLimits } from './limits.ts';
import type { IsolatedFormat, ReaderMessage, ReaderRequest } from './reader-protocol.ts';
import type { LoaderResult } from './result.ts';

export type { IsolatedFormat } from './reader-protocol.ts';

const WORKER_FILE = new URL('./reader-worker.ts', import.meta.url);
/** How often the memory outside the worker's heap is checked. */
const MEMORY_CHECK_MS = 200;
/** A waiting worker is ended after this long without a file. */
const IDLE_MS = 60_000;
/** Files one worker reads before it is replaced (whatever a parser keeps between files goes too). */
const FILES_PER_WORKER = 100;
/**
 * Files read at once in this process; more wait their turn (their deadlines start when they do).
 * One: a reader takes a core and up to twice its memory limit, and the server needs the rest.
 */
const CONCURRENT_READERS = 1;

const LABELS: Record<IsolatedFormat, string> = { pdf: 'PDF', docx: 'DOCX', epub: 'EPUB' };

type Reader = { worker: Worker; memoryMb: number; files: number; idleTimer?: NodeJS.Timeout };

let spare: Reader | null = null;
let running = 0;
const waiting: (() => void)[] = [];
let nextId = 1;

async function takeTurn(): Promise<() => void> {
  if (running >= CONCURRENT_READERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

function takeReader(memoryMb: number): Reader {
  const reader = spare;
  spare = null;
  if (reader) {
    clearTimeout(reader.idleTimer);
    if (reader.memoryMb === memoryMb) {
      reader.worker.ref();
      return reader;
    }
    void reader.worker.terminate();
  }
  const worker = new Worker(WORKER_FILE, {
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
  });
  // Between files nobody else listens; an error then must not become an uncaught one.
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    if (spare?.worker === worker) spare = null;
  });
  return { worker, memoryMb, files: 0 };
}

function keepReader(reader: Reader): void {
  reader.files++;
  if (reader.files >= FILES_PER_WORKER || spare) {
    void reader.worker.terminate();
    return;
  }
  // A waiting worker never keeps the process alive (the CLI exits when its files are done).
  reader.worker.unref();
  reader.idleTimer = setTimeout(() => {
    if (spare === reader) spare = null;
    void reader.worker.terminate();
  }, IDLE_MS).unref();
  spare = reader;
}

export type IsolatedReadOptions = {
  onProgress?: LoadProgressListener;
  limits?: LoadLimits;
};

/** Reads a PDF, DOCX or EPUB in the worker thread, within the limits; throws LoadError past them. */
export async function readIsolated(
  format: IsolatedFormat,
  bytes: Uint8Array,
  options: IsolatedReadOptions = {},
): Promise<LoaderResult> {
  const release = await takeTurn();
  try {
    const limits = options.limits ?? DEFAULT_LOAD_LIMITS;
    const reader = takeReader(limits.readerMemoryMb);
    // A reused worker may still hold the last file's garbage: only growth from here counts.
    const baseline =
      reader.files > 0
        ? await reader.worker.getHeapStatistics().then(
            (statistics) => statistics.external_memory,
            () => 0,
          )
        : 0;
    return await read(reader, { format, bytes, limits, baseline, onProgress: options.onProgress });
  } finally {
    release();
  }
}

type Job = {
  format: IsolatedFormat;
  bytes: Uint8Array;
  limits: LoadLimits;
  baseline: number;
  onProgress?: LoadProgressListener;
};

function read(reader: Reader, job: Job): Promise<LoaderResult> {
  const { worker } = reader;
  const { limits, format } = job;
  const id = nextId++;
  const label = LABELS[format];
  // The file's bytes (twice: the worker's copy, and the copy pdf.js is handed) are outside the
  // heap as well.
  const externalLimit = job.baseline + limits.readerMemoryMb * 1024 * 1024 + 2 * job.bytes.length;
  let progress: LoadProgress = { pagesDone: 0, pageCount: null };
  /** What was going on: 'Reading page 3 of 10 of this PDF', 'Opening this PDF', 'Reading this EPUB'. */
  const doing = () => {
    if (progress.pageCount !== null) {
      const page = Math.min(progress.pagesDone + 1, progress.pageCount);
      return `Reading page ${page} of ${progress.pageCount} of this ${label}`;
    }
    return format === 'pdf' ? `Opening this ${label}` : `Reading this ${label}`;
  };

  return new Promise<LoaderResult>((resolve, reject) => {
    let settled = false;
    let pageTimer: NodeJS.Timeout | undefined;
    const finish = (outcome: { result: LoaderResult } | { error: Error }, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(pageTimer);
      clearTimeout(fileTimer);
      clearInterval(memoryCheck);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (reusable) keepReader(reader);
      else void worker.terminate();
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    const stop = (message: string) => finish({ error: new LoadError('too_large', message) }, false);
    const tooMuchMemory = () =>
      stop(
        `${doing()} took more than ${limits.readerMemoryMb} MB of memory, the limit for ` +
          'one file, so it was stopped (it may be a decompression bomb)',
      );
    const armPageTimer = () => {
      if (format !== 'pdf') return;
      clearTimeout(pageTimer);
      pageTimer = setTimeout(
        () =>
          stop(
            `${doing()} took longer than ${formatDuration(limits.pdfPageMs)}, the limit ` +
              'for one page, so it was stopped',
          ),
        limits.pdfPageMs,
      );
    };
    const fileTimer = setTimeout(
      () =>
        stop(
          `Reading this ${label} took longer than ${formatDuration(limits.readerFileMs)}, the ` +
            'limit for one file, so it was stopped',
        ),
      limits.readerFileMs,
    );
    const memoryCheck = setInterval(() => {
      worker.getHeapStatistics().then(
        (statistics) => {
          if (!settled && statistics.external_memory > externalLimit) tooMuchMemory();
        },
        () => undefined, // the worker has just ended: 'exit' says how
      );
    }, MEMORY_CHECK_MS);

    const onMessage = (message: ReaderMessage) => {
      if (message.id !== id) return;
      switch (message.type) {
        case 'progress':
          progress = { pagesDone: message.pagesDone, pageCount: message.pageCount };
          armPageTimer();
          job.onProgress?.(progress);
          return;
        case 'result':
          return finish({ result: message.result }, true);
        case 'load-error':
          return finish({ error: new LoadError(message.reason, message.message) }, true);
        case 'failed':
          return finish(
            { error: new Error(`Reading the ${label} failed: ${message.message}`) },
            true,
          );
      }
    };
    const onError = (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') tooMuchMemory();
      else finish({ error }, false);
    };
    const onExit = (code: number) =>
      finish(
        { error: new Error(`The ${label} reader stopped unexpectedly (exit code ${code})`) },
        false,
      );
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    armPageTimer();
    // The worker gets its own copy, moved rather than cloned: the caller keeps its bytes.
    const copy = job.bytes.slice();
    const request: ReaderRequest = { id, format, bytes: copy, limits };
    worker.postMessage(request, [copy.buffer as ArrayBuffer]);
  });
}
