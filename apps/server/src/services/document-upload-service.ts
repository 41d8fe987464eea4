import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import {
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_FILES,
  type UploadEvent,
} from '@samvad/contracts/admin-documents';
import { BIDI_CONTROL_MESSAGE, hasBidiControls } from '@samvad/contracts/storable-text';
import { AppError } from '../http/app-error.ts';
import { formatSize } from '../knowledge/load-document.ts';
import { type AuditActor, recordAdminAction } from '../repositories/admin-log-repository.ts';
import type { KnowledgeIndex } from '../retrieval/knowledge-index.ts';
import { newUploadFolder } from '../storage/upload-staging.ts';
import {
  type IngestInput,
  type IngestionDeps,
  type IngestOutcome,
  type IngestProgress,
  ingestFile,
} from './ingestion-service.ts';

type ResultEvent = Extract<UploadEvent, { type: 'result' }>;

/** One file of an upload: on disk, or refused while it arrived (type, size, name). */
export type ReceivedFile =
  | { name: string; path: string; bytes: number }
  | { name: string; refused: string };

/** An upload received whole: each file in its own temp file under `dir` (see discardUpload). */
export type ReceivedUpload = { dir: string; files: ReceivedFile[]; replace: boolean };

const MAX_FILE_NAME_LENGTH = 255;
/**
 * Streams each file of a multipart upload to a temp file as it arrives (never the whole file in
 * memory). A file of another type, or over `maxFileBytes`, is drained and marked refused; the
 * other files still go through. Throws an AppError (4xx) for an upload that cannot be read.
 */
export type ReceiveOptions = {
  uploadsDir: string;
  maxFileBytes: number;
  /**
   * Told the upload's bytes so far as they stream to disk (at least every ROOM_CHECK_BYTES);
   * throws (507) when the disk has no room for them. A chunked upload declares no length, so
   * this, not Content-Length, is what the storage guard can go by.
   */
  room?: (bytesSoFar: number) => void;
};

/** How often the bytes received so far are checked against the free space. */
const ROOM_CHECK_BYTES = 1024 * 1024;

export async function receiveUpload(
  parts: AsyncIterable<Multipart>,
  options: ReceiveOptions,
): Promise<ReceivedUpload> {
  await mkdir(options.uploadsDir, { recursive: true });
  const dir = await newUploadFolder(options.uploadsDir);
  const upload: ReceivedUpload = { dir, files: [], replace: false };
  const counter = { bytes: 0, checkedAt: 0 };
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'replace') upload.replace = part.value === 'true';
        continue;
      }
      // A name that reverses how the text after it reads ("invoice\u202Efdp.exe" shows as
      // "invoiceexe.pdf") is a lie told to whoever reads the list: the whole upload is refused.
      if (hasBidiControls(part.filename)) {
        throw new AppError(
          'bad_request',
          `${BIDI_CONTROL_MESSAGE}: the file name "${showControls(part.filename)}". Rename the file and upload it again.`,
        );
      }
      upload.files.push(
        await receiveFile(part.file, part.filename, dir, upload.files.length, options, counter),
      );
    }
    return upload;
  } catch (error) {
    await discardUpload(upload);
    throw asUploadError(error);
  }
}

async function receiveFile(
  file: Readable & { truncated?: boolean },
  rawName: string,
  dir: string,
  index: number,
  options: ReceiveOptions,
  counter: { bytes: number; checkedAt: number },
): Promise<ReceivedFile> {
  // Browsers send the bare name; some older ones a whole Windows path.
  const name = (rawName.split(/[\\/]/).pop() ?? '').trim();
  const refuse = async (refused: string): Promise<ReceivedFile> => {
    file.resume();
    await finished(file);
    return { name: name || '(no name)', refused };
  };
  if (!name) return refuse('The file has no name.');
  if (name.length > MAX_FILE_NAME_LENGTH) {
    return refuse(`The file name is longer than ${MAX_FILE_NAME_LENGTH} characters.`);
  }
  const extension = path.extname(name).toLowerCase();
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    return refuse(
      `Unsupported file type: ${extension || 'no extension'} (supported: ${UPLOAD_EXTENSIONS.join(', ')})`,
    );
  }
  // Named by position: the client's name never becomes part of a path on this server.
  const target = path.join(dir, String(index));
  const sink = createWriteStream(target);
  const { room } = options;
  // Counted as they arrive, whatever the request declared: past the room, the pipeline fails
  // with the guard's error and nothing more is written.
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      if (room && counter.bytes - counter.checkedAt >= ROOM_CHECK_BYTES) {
        counter.checkedAt = counter.bytes;
        try {
          room(counter.bytes);
        } catch (error) {
          done(error as Error);
          return;
        }
      }
      done(null, chunk);
    },
  });
  await pipeline(file, count, sink);
  // Past the limit the parser stops passing data on and marks the stream truncated.
  if (file.truncated) {
    await rm(target, { force: true });
    return {
      name,
      refused: `File is too large: over the limit of ${formatSize(options.maxFileBytes)}.`,
    };
  }
  return { name, path: target, bytes: sink.bytesWritten };
}

/** The parser's refusals as the API's errors: never a 500 for what the client sent. */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_FILES_LIMIT') {
    const message = `Too many files: upload at most ${UPLOAD_MAX_FILES} at a time.`;
    return new AppError('payload_too_large', message, { cause: error });
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('payload_too_large', 'The upload has too many form fields.', {
      cause: error,
    });
  }
  // A failing disk is ours (500, logged); anything else is a body that is cut off or malformed.
  if (error instanceof Error && 'syscall' in error) return error;
  return new AppError(
    'bad_request',
    'The upload could not be read: it was cut off or is not well-formed multipart data.',
    { cause: error },
  );
}

/** Removes the upload's temp files; never throws. */
export async function discardUpload(upload: Pick<ReceivedUpload, 'dir'>): Promise<void> {
  await rm(upload.dir, { recursive: true, force: true }).catch(() => undefined);
}

/** A name's direction controls as visible code points: "invoice<U+202E>fdp.exe". */
function showControls(name: string): string {
  return [...name]
    .map((char) =>
      hasBidiControls(char)
        ? `<U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`
        : char,
    )
    .join('');
}

export type UploadDeps = IngestionDeps & {
  index: KnowledgeIndex;
  /** Holds room for a document of this many bytes while it is written (the storage guard). */
  reserveRoom?: IngestInput['reserveRoom'];
  actor: AuditActor;
  clock: () => Date;
  /** Unexpected failures are logged here; the client gets a plain message. */
  logError: (error: unknown, file: string) => void;
};

/**
 * Ingests each received file in turn, telling `send` as it goes: received → progress… → result,
 * then done. Each document that is ingested or replaced commits with one audit row. Stops after
 * the current file when `cancelled()` turns true (the client went away).
 */
export async function ingestUpload(
  deps: UploadDeps,
  upload: ReceivedUpload,
  send: (event: UploadEvent) => void,
  cancelled: () => boolean = () => false,
): Promise<void> {
  let ingested = 0;
  let failed = 0;
  for (const file of upload.files) {
    if (cancelled()) return;
    const result = await ingestReceived(deps, file, upload.replace, send);
    if (result.status === 'ingested' || result.status === 'replaced') ingested++;
    if (result.status === 'failed') failed++;
    send(result);
  }
  send({ type: 'done', ingested, failed });
}

async function ingestReceived(
  deps: UploadDeps,
  file: ReceivedFile,
  replace: boolean,
  send: (event: UploadEvent) => void,
): Promise<ResultEvent> {
  if ('refused' in file) return failedResult(file.name, file.refused);
  send({ type: 'received', file: file.name, bytes: file.bytes });
  try {
    // The upload was streamed to disk; the loaders (pdf.js above all) need the whole file in
    // memory to parse it, so it is read back only now, one file at a time.
    const bytes = new Uint8Array(await readFile(file.path));
    const progress = createProgressThrottle((step) =>
      send({ type: 'progress', file: file.name, ...step }),
    );
    const outcome = await ingestFile(deps, {
      fileName: file.name,
      bytes,
      replace,
      onProgress: progress,
      ...(deps.reserveRoom ? { reserveRoom: deps.reserveRoom } : {}),
      beforeCommit: (tx, change) =>
        recordAdminAction(tx, deps.actor, {
          action: 'upload_document',
          details: {
            after: {
              documentId: change.document.id,
              fileName: change.document.fileName,
              title: change.document.title,
              pages: change.pages,
              chunks: change.chunks,
              replaced: change.replaced.map((old) => old.id),
            },
          },
          at: deps.clock(),
        }),
    });
    if (outcome.status === 'ingested' || outcome.status === 'replaced') {
      // Committed either way: should this fail, the index's own polling catches up.
      await syncIndexNow(deps.index).catch((error: unknown) => deps.logError(error, file.name));
    }
    if (outcome.status === 'failed' && outcome.reason === 'internal') {
      deps.logError(new Error(outcome.message), file.name);
    }
    return resultOf(file.name, outcome);
  } catch (error) {
    deps.logError(error, file.name);
    return failedResult(
      file.name,
      'Something went wrong while ingesting this file. Please try again.',
    );
  } finally {
    await rm(file.path, { force: true }).catch(() => undefined);
  }
}

/**
 * The index follows the change log; a sync that was already running may have read the log
 * before this commit, so one more runs after it. The next question then sees the change.
 */
export async function syncIndexNow(index: KnowledgeIndex): Promise<void> {
  await index.sync();
  await index.sync();
}

/**
 * Passes progress on at most every `intervalMs` (a 600-page PDF must not send 600 lines), except
 * the chunk count, which comes once, at the end of reading, and always goes out.
 */
export function createProgressThrottle(
  send: (progress: IngestProgress) => void,
  options: { intervalMs?: number; now?: () => number } = {},
): (progress: IngestProgress) => void {
  const intervalMs = options.intervalMs ?? 100;
  const now = options.now ?? (() => performance.now());
  let last = Number.NEGATIVE_INFINITY;
  return (progress) => {
    const at = now();
    if (progress.chunksDone === 0 && at - last < intervalMs) return;
    last = at;
    send(progress);
  };
}

function resultOf(file: string, outcome: IngestOutcome): ResultEvent {
  switch (outcome.status) {
    case 'ingested':
    case 'replaced':
      return {
        type: 'result',
        file,
        status: outcome.status,
        message: `${outcome.status === 'replaced' ? 'Replaced' : 'Ingested'}: ${describeSize(outcome.pages, outcome.chunks)}.`,
        documentId: outcome.document.id,
        pages: outcome.pages,
        chunks: outcome.chunks,
        warnings: outcome.warnings,
      };
    case 'skipped':
      return {
        type: 'result',
        file,
        status: 'skipped',
        // The service's own words name the CLI's --replace; here it is the form's checkbox.
        message:
          outcome.reason === 'changed'
            ? `A different ${file} is already in the knowledge base. Tick "Replace same-named documents" to replace it.`
            : sentence(outcome.message),
        documentId: outcome.document.id,
        pages: outcome.document.pageCount,
        chunks: null,
        warnings: [],
      };
    case 'failed':
      return failedResult(file, outcome.message);
  }
}

function failedResult(file: string, message: string): ResultEvent {
  return {
    type: 'result',
    file,
    status: 'failed',
    message: sentence(message),
    documentId: null,
    pages: null,
    chunks: null,
    warnings: [],
  };
}

function describeSize(pages: number | null, chunks: number): string {
  const chunkText = `${chunks} ${chunks === 1 ? 'chunk' : 'chunks'}`;
  return pages === null ? chunkText : `${pages} ${pages === 1 ? 'page' : 'pages'}, ${chunkText}`;
}

/** The loaders' messages end with or without a full stop; results always end with one. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
