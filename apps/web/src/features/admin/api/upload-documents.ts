import type { UploadEvent, UploadResultStatus } from '@samvad/contracts/admin-documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, leaveIfBanned } from '../../../shared/api/api-client.ts';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { ADMIN_LOGS_KEY } from './get-admin-logs.ts';
import { EMBEDDING_STATUS_KEY } from './get-embedding-status.ts';
import { ADMIN_DOCUMENTS_KEY } from './list-documents.ts';

type ResultEvent = Extract<UploadEvent, { type: 'result' }>;
type DoneEvent = Extract<UploadEvent, { type: 'done' }>;

/**
 * POST /api/admin/documents: sends the files as multipart form data and reads the answer's
 * newline-delimited JSON events as they arrive (received → progress… → result per file, then
 * done). Rejects with an ApiError when the upload is refused, and with an Error when the stream
 * ends before `done`.
 */
export async function uploadDocuments(
  files: readonly File[],
  options: { replace: boolean; onEvent(event: UploadEvent): void; signal?: AbortSignal },
): Promise<DoneEvent> {
  const form = new FormData();
  form.append('replace', String(options.replace));
  for (const file of files) form.append('files', file, file.name);
  const response = await fetch('/api/admin/documents', {
    method: 'POST',
    headers: { accept: 'application/x-ndjson' },
    body: form,
    credentials: 'include',
    signal: options.signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const body = parseJson(text);
    leaveIfBanned(response.status, body);
    throw new ApiError(response.status, response.statusText, text, body);
  }
  if (!response.body) throw new Error('The upload answered without a readable body.');

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done: DoneEvent | null = null;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.value) buffer += chunk.value;
    const lines = buffer.split('\n');
    buffer = chunk.done ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      const event = asUploadEvent(parseJson(line.trim()));
      if (!event) continue;
      if (event.type === 'done') done = event;
      options.onEvent(event);
    }
    if (chunk.done) break;
  }
  if (!done) throw new Error('The connection ended before every file was handled.');
  return done;
}

/**
 * The event a line carries, checked by hand: the admin page stays free of the schema library,
 * and the four shapes are small (packages/contracts/src/admin-documents.ts).
 */
export function asUploadEvent(json: unknown): UploadEvent | null {
  if (!isRecord(json)) return null;
  const { type } = json;
  if (type === 'done' && isInt(json.ingested) && isInt(json.failed)) {
    return { type, ingested: json.ingested, failed: json.failed };
  }
  if (typeof json.file !== 'string') return null;
  const file = json.file;
  if (type === 'received' && isInt(json.bytes)) return { type, file, bytes: json.bytes };
  if (type === 'progress' && isInt(json.pagesDone) && isInt(json.chunksDone)) {
    const pageCount = isInt(json.pageCount) ? json.pageCount : null;
    return { type, file, pagesDone: json.pagesDone, pageCount, chunksDone: json.chunksDone };
  }
  if (type === 'result' && isStatus(json.status) && typeof json.message === 'string') {
    return {
      type,
      file,
      status: json.status,
      message: json.message,
      documentId: typeof json.documentId === 'string' ? json.documentId : null,
      pages: isInt(json.pages) ? json.pages : null,
      chunks: isInt(json.chunks) ? json.chunks : null,
      warnings: Array.isArray(json.warnings)
        ? json.warnings.filter((w): w is string => typeof w === 'string')
        : [],
    };
  }
  return null;
}

/** One file of an upload as the tab shows it. */
export interface UploadRow {
  /** Position in the upload: two files may share a name. */
  key: number;
  file: string;
  bytes: number;
  /** sending: the request body is still going up; queued: on the server, not yet read. */
  phase: 'sending' | 'queued' | 'reading' | 'finished';
  pagesDone: number;
  pageCount: number | null;
  chunksDone: number;
  result: ResultEvent | null;
}

export function uploadRows(files: readonly File[]): UploadRow[] {
  return files.map((file, key) => ({
    key,
    file: file.name,
    bytes: file.size,
    phase: 'sending',
    pagesDone: 0,
    pageCount: null,
    chunksDone: 0,
    result: null,
  }));
}

/**
 * The rows after one event. The server handles files in order, so an event belongs to the first
 * unfinished row of its name; the first event also means the whole upload has arrived.
 */
export function applyUploadEvent(rows: readonly UploadRow[], event: UploadEvent): UploadRow[] {
  if (event.type === 'done') return [...rows];
  const index = rows.findIndex((row) => row.file === event.file && row.phase !== 'finished');
  return rows.map((row, i) => {
    if (i === index) return withEvent(row, event);
    return row.phase === 'sending' ? { ...row, phase: 'queued' } : row;
  });
}

function withEvent(row: UploadRow, event: Exclude<UploadEvent, { type: 'done' }>): UploadRow {
  if (event.type === 'received') return { ...row, phase: 'reading', bytes: event.bytes };
  if (event.type === 'progress') {
    const { pagesDone, pageCount, chunksDone } = event;
    return { ...row, phase: 'reading', pagesDone, pageCount, chunksDone };
  }
  return { ...row, phase: 'finished', result: event };
}

/** Rows the upload never reached, when it failed as a whole. */
function failUnfinished(rows: readonly UploadRow[], message: string): UploadRow[] {
  return rows.map((row) =>
    row.phase === 'finished'
      ? row
      : {
          ...row,
          phase: 'finished',
          result: {
            type: 'result',
            file: row.file,
            status: 'failed',
            message,
            documentId: null,
            pages: null,
            chunks: null,
            warnings: [],
          },
        },
  );
}

const UPLOAD_FAILED_FALLBACK = 'The upload failed. Please try again.';

/**
 * The Upload button: sends the files, keeps one row per file up to date from the stream, toasts
 * the outcome, and refreshes the document list and the audit log.
 */
export function useUploadDocuments() {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const mutation = useMutation({
    mutationFn: ({ files, replace }: { files: readonly File[]; replace: boolean }) => {
      setRows(uploadRows(files));
      return uploadDocuments(files, {
        replace,
        onEvent: (event) => {
          setRows((current) => applyUploadEvent(current, event));
          // Each document read is embedded in the background from now: the section shows it.
          if (
            event.type === 'result' &&
            (event.status === 'ingested' || event.status === 'replaced')
          )
            void queryClient.invalidateQueries({ queryKey: EMBEDDING_STATUS_KEY });
        },
      });
    },
    onSuccess: ({ ingested, failed }) => {
      toast({
        title: 'Upload finished',
        description: `${countOf(ingested, 'document')} added${failed > 0 ? `, ${countOf(failed, 'file')} failed` : ''}.`,
        ...(failed > 0 ? { variant: 'destructive' as const } : {}),
      });
    },
    onError: (error) => {
      const message =
        error instanceof ApiError
          ? apiErrorMessage(error, UPLOAD_FAILED_FALLBACK)
          : error.message || UPLOAD_FAILED_FALLBACK;
      setRows((current) => failUnfinished(current, message));
      toast({ title: 'Upload failed', description: message, variant: 'destructive' });
    },
    onSettled: () =>
      Promise.all(
        [ADMIN_DOCUMENTS_KEY, ADMIN_LOGS_KEY, EMBEDDING_STATUS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
  return {
    rows,
    upload: mutation.mutate,
    isUploading: mutation.isPending,
    clear: () => setRows([]),
  };
}

/** "1 document", "3 files". */
function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

const STATUSES: readonly UploadResultStatus[] = ['ingested', 'replaced', 'skipped', 'failed'];

function isStatus(value: unknown): value is UploadResultStatus {
  return STATUSES.includes(value as UploadResultStatus);
}

function isInt(value: unknown): value is number {
  return Number.isInteger(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
