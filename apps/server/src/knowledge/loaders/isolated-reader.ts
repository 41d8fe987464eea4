/**
 * PDFs, DOCX and EPUB files are read in a child process. pdf.js does all its work (inflating
 * content streams, running their operators) on the thread that calls it, and a 900 KB PDF whose
 * one page inflates to 300 MB kept a thread busy for minutes at gigabytes of memory; a DOCX or an
 * EPUB within its limits (limits.ts) may still take a second or two of parsing. In a child
 * process that work cannot block the server's event loop, and the reader can be stopped: when its
 * heap reaches the memory limit (V8 aborts the child), when its resident memory outside the heap
 * (decoded streams) does (watched from here), or when one PDF page or the whole file takes too
 * long. The output is the same as reading in-process: the child runs the same loaders and sends
 * their result back.
 *
 * Not a worker thread: a worker's heap limit is not a hard wall. When V8 cannot collect in time
 * it aborts the whole process (nodejs/node#47224), which CI saw take down a test process; a child
 * that aborts takes only itself.
 *
 * A reader that finished a file cleanly waits (a minute) for the next: a fresh one compiles
 * pdf.js again and runs it cold, which made each PDF two to three times slower.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { LoadError, type LoadProgress, type LoadProgressListener } from '../types.ts';
import { DEFAULT_LOAD_LIMITS, formatDuration, type LoadLimits } from './limits.ts';
import type { IsolatedFormat, ReaderMessage, ReaderRequest } from './reader-protocol.ts';
import { quickTurn, slowTurn } from './reader-queue.ts';
import type { LoaderResult } from './result.ts';

export type { IsolatedFormat } from './reader-protocol.ts';

const READER_FILE = fileURLToPath(new URL('./reader-worker.ts', import.meta.url));
/** How often the reader's resident memory is checked. */
const MEMORY_CHECK_MS = 200;
/** A waiting worker is ended after this long without a file. */
const IDLE_MS = 60_000;
/** Files one worker reads before it is replaced (whatever a parser keeps between files goes too). */
const FILES_PER_WORKER = 100;
const LABELS: Record<IsolatedFormat, string> = {
  pdf: 'PDF',
  docx: 'DOCX',
  epub: 'EPUB',
  text: 'text file',
  markdown: 'Markdown file',
  html: 'HTML file',
};
/** Formats read in one go, whose whole reading is bounded by readerTextFileMs. */
const TEXT_FORMATS: ReadonlySet<IsolatedFormat> = new Set(['text', 'markdown', 'html']);

type Reader = {
  child: ChildProcess;
  memoryMb: number;
  files: number;
  idleTimer?: NodeJS.Timeout;
};

/** Clock ticks per second in /proc/<pid>/stat (USER_HZ: 100 on Linux's every architecture). */
const TICKS_PER_SECOND = 100;

/** Processor time a process has used, user and system, in ms (Linux /proc), or null. */
async function cpuMs(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** Resident memory of a process in bytes (Linux /proc), or null where it cannot be read. */
async function residentBytes(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
    return Number(statm.split(' ')[1]) * 4096;
  } catch {
    return null;
  }
}

function end(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A waiting reader never keeps the process alive (the CLI exits when its files are done). */
function hold(child: ChildProcess, held: boolean): void {
  if (held) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

let spare: Reader | null = null;
let nextId = 1;

/** Thrown when the queue moved the file aside (reader-queue.ts): it is read again later. */
class MovedAside extends Error {}

function takeReader(memoryMb: number): Reader {
  const reader = spare;
  spare = null;
  if (reader) {
    clearTimeout(reader.idleTimer);
    if (reader.memoryMb === memoryMb) {
      hold(reader.child, true);
      return reader;
    }
    end(reader.child);
  }
  const child = fork(READER_FILE, [], {
    execArgv: [`--max-old-space-size=${memoryMb}`],
    serialization: 'advanced',
    // V8's out-of-memory report is the reader's own business: the error says what happened.
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  // Between files nobody else listens; an error then must not become an uncaught one.
  child.on('error', () => undefined);
  child.once('exit', () => {
    if (spare?.child === child) spare = null;
  });
  return { child, memoryMb, files: 0 };
}

function keepReader(reader: Reader): void {
  reader.files++;
  if (reader.files >= FILES_PER_WORKER || spare) {
    end(reader.child);
    return;
  }
  hold(reader.child, false);
  reader.idleTimer = setTimeout(() => {
    if (spare === reader) spare = null;
    end(reader.child);
  }, IDLE_MS).unref();
  spare = reader;
}

export type IsolatedReadOptions = {
  onProgress?: LoadProgressListener;
  limits?: LoadLimits;
};

/** Reads a file of any format in the reader process, within the limits; throws LoadError past them. */
export async function readIsolated(
  format: IsolatedFormat,
  bytes: Uint8Array,
  options: IsolatedReadOptions = {},
): Promise<LoaderResult> {
  const limits = options.limits ?? DEFAULT_LOAD_LIMITS;
  const quick = await quickTurn(limits.readerSlowFileMs);
  try {
    return await readInReader(format, bytes, options, quick.movedAside);
  } catch (error) {
    if (!(error instanceof MovedAside)) throw error;
  } finally {
    quick.release();
  }
  const slow = await slowTurn();
  try {
    return await readInReader(format, bytes, options);
  } finally {
    slow.release();
  }
}

async function readInReader(
  format: IsolatedFormat,
  bytes: Uint8Array,
  options: IsolatedReadOptions,
  movedAside?: AbortSignal,
): Promise<LoaderResult> {
  const limits = options.limits ?? DEFAULT_LOAD_LIMITS;
  const reader = takeReader(limits.readerMemoryMb);
  // Only growth from here counts: the reader's own code, and a reused one's last garbage.
  const baseline = (await residentBytes(reader.child.pid)) ?? 0;
  const cpuBaseline = (await cpuMs(reader.child.pid)) ?? 0;
  return read(reader, {
    format,
    bytes,
    limits,
    baseline,
    cpuBaseline,
    onProgress: options.onProgress,
    movedAside,
  });
}

type Job = {
  format: IsolatedFormat;
  bytes: Uint8Array;
  limits: LoadLimits;
  baseline: number;
  /** The reader's processor time before this file, in ms. */
  cpuBaseline: number;
  onProgress?: LoadProgressListener;
  /** Aborted when the queue moves the file aside: the reader is stopped, MovedAside thrown. */
  movedAside?: AbortSignal | undefined;
};

function read(reader: Reader, job: Job): Promise<LoaderResult> {
  const { child } = reader;
  const { limits, format } = job;
  const id = nextId++;
  const label = LABELS[format];
  // Resident memory may grow by the heap's limit, as much again outside it (decoded streams),
  // and the file's bytes twice (the reader's copy, and the copy pdf.js is handed).
  const residentLimit =
    job.baseline + 2 * limits.readerMemoryMb * 1024 * 1024 + 2 * job.bytes.length;
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
      child.off('message', onMessage);
      child.off('error', onError);
      child.off('exit', onExit);
      job.movedAside?.removeEventListener('abort', onMovedAside);
      if (reusable) keepReader(reader);
      else end(child);
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
    const fileMs = TEXT_FORMATS.has(format)
      ? Math.min(limits.readerFileMs, limits.readerTextFileMs)
      : limits.readerFileMs;
    const fileTimer = setTimeout(
      () =>
        stop(
          `Reading this ${label} took longer than ${formatDuration(fileMs)}, the ` +
            'limit for one file, so it was stopped',
        ),
      fileMs,
    );
    const memoryCheck = setInterval(() => {
      void residentBytes(child.pid).then((bytes) => {
        if (!settled && bytes !== null && bytes > residentLimit) tooMuchMemory();
      });
      void cpuMs(child.pid).then((used) => {
        if (!settled && used !== null && used - job.cpuBaseline > limits.readerCpuMs) {
          stop(
            `Reading this ${label} took more than ${formatDuration(limits.readerCpuMs)} of ` +
              'processor time, the limit for one file, so it was stopped',
          );
        }
      });
    }, MEMORY_CHECK_MS);

    const onMessage = (message: ReaderMessage) => {
      if (message.id !== id) return;
      switch (message.type) {
        case 'loader-ready':
          // Compiling pdf.js is no part of opening the file.
          armPageTimer();
          return;
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
    const onError = (error: Error) => finish({ error }, false);
    // V8 aborts a process whose heap reached --max-old-space-size (SIGABRT, or 134 through a shell).
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      signal === 'SIGABRT' || code === 134
        ? tooMuchMemory()
        : finish(
            {
              error: new Error(
                `The ${label} reader stopped unexpectedly (${signal ?? `exit code ${code}`})`,
              ),
            },
            false,
          );
    const onMovedAside = () => finish({ error: new MovedAside() }, false);
    child.on('message', onMessage);
    child.on('error', onError);
    child.on('exit', onExit);
    job.movedAside?.addEventListener('abort', onMovedAside, { once: true });
    if (job.movedAside?.aborted) return onMovedAside();
    armPageTimer();
    const request: ReaderRequest = { id, format, bytes: job.bytes, limits };
    child.send(request);
  });
}
