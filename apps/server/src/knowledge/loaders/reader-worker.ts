/**
 * Runs as a child process (see isolated-reader.ts): reads every format (PDF, DOCX, EPUB, text,
 * Markdown, HTML) with the ordinary loaders, one at a time as they are sent, and sends each one's
 * progress and result.
 * Whatever a file makes the parsers do happens here, under this process's heap limit, where the
 * server can stop it. The process stays for the next file: pdf.js, compiled and warmed up once,
 * reads the next one as fast as in-process.
 */
import { LoadError, type LoadProgressListener } from '../types.ts';
import type { LoadLimits } from './limits.ts';
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
  ready: () => void,
): Promise<LoaderResult> {
  // Each loader is imported when its format first comes: a reader of text files never compiles
  // pdf.js, which would make its first file wait seconds on a busy machine.
  switch (format) {
    case 'pdf':
      return import('./pdf.ts').then(({ loadPdf }) => {
        ready();
        return loadPdf(bytes, { onProgress });
      });
    case 'docx':
      return import('./docx.ts').then(({ loadDocx }) => loadDocx(bytes, limits));
    case 'epub':
      return import('./epub.ts').then(({ loadEpub }) => loadEpub(bytes, limits));
    case 'text':
      return import('./text.ts').then(({ loadText }) => loadText(bytes, 'plain'));
    case 'markdown':
      return import('./text.ts').then(({ loadText }) => loadText(bytes, 'markdown'));
    case 'html':
      return import('./html.ts').then(({ loadHtml }) => loadHtml(bytes, limits));
  }
}

process.on('message', async ({ id, format, bytes, limits }: ReaderRequest) => {
  try {
    const result = await load(
      format,
      bytes,
      limits,
      (progress) => post({ id, type: 'progress', ...progress }),
      () => post({ id, type: 'loader-ready' }),
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
