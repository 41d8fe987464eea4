import type { LoadFailureReason, LoadProgress } from '../types.ts';
import type { LoadLimits } from './limits.ts';
import type { LoaderResult } from './result.ts';

/**
 * The formats read in the reader process: all of them. Archives and PDFs can cost far out of
 * proportion to their size, and a hostile text, Markdown or HTML file can too (a line of 50,000
 * brackets, 400,000 nested elements): none is parsed on the server's thread.
 */
export type IsolatedFormat = 'pdf' | 'docx' | 'epub' | 'text' | 'markdown' | 'html';

/** One file to read (its bytes copied over the IPC channel). */
export type ReaderRequest = {
  id: number;
  format: IsolatedFormat;
  bytes: Uint8Array;
  limits: LoadLimits;
};

/** What the reader sends for a request: progress (PDF: after each page), then one outcome. */
export type ReaderMessage = {
  id: number;
} /** The format's loader is imported (on its first file): the page limit starts from here. */ & (
  | { type: 'loader-ready' }
  | ({ type: 'progress' } & LoadProgress)
  | { type: 'result'; result: LoaderResult }
  | { type: 'load-error'; reason: LoadFailureReason; message: string }
  | { type: 'failed'; message: string }
);
