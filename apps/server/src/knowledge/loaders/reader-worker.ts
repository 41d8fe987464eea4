/**
 * Runs as a child process (see isolated-reader.ts): reads PDFs, DOCX and EPUB files with the
 * ordinary loaders, one at a time as they are sent, and sends each one's progress and result.
 * Whatever a file makes the parsers do happens here, under this process's heap limit, where the
 * server can stop it. The process stays for the next file: pdf.js, compiled and warmed up once,
 * reads the next one as fast as in-process.
 */
import { LoadError, type LoadProgressListener } from '../types.ts';
import { loadDocx } from './docx.ts';
import { loadEpub } from './epub.ts';
import type { LoadLimits } from './limits.ts';
import { loadPdf } from './pdf.ts';
import type { IsolatedFormat, ReaderMessage, ReaderRequest } from './reader-protocol.ts';
import type { LoaderResult } from './result.ts';

const send = process.send?.bind(process);
if (!send) throw new Error('reader-worker.ts runs as a child process with an IPC channel');
const post = (message: ReaderMessage) => send(message);
// The server went away (or ended this reader): nothing is left to read for.
process.on('disconnect', () => process.exit(0));

function load(
  format: IsolatedFormat,
  bytes: Uint8Array,
  limits: LoadLimits,
  onProgress: LoadProgressListener,
): Promise<LoaderResult> {
  switch (format) {
    case 'pdf':
      return loadPdf(bytes, { onProgress });
    case 'docx':
      return loadDocx(bytes, limits);
    case 'epub':
      return loadEpub(bytes, limits);
  }
}

process.on('message', async ({ id, format, bytes, limits }: ReaderRequest) => {
  try {
    const result = await load(format, bytes, limits, (progress) =>
      post({ id, type: 'progress', ...progress }),
    );
    post({ id, type: 'result', result });
  } catch (error) {
    if (error instanceof LoadError) {
      post({ id, type: 'load-error', reason: error.reason, message: error.message });
    } else {
      post({ id, type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }
});
