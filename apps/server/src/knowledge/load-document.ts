/**
 * Entry point of the loaders: checks the file, picks a loader by magic bytes and extension,
 * and finishes the document (garbled-text check, language, title). The one path by which files
 * are read, for the admin upload and the CLI alike: every format in a child process
 * (loaders/isolated-reader.ts), under the limits of one document (loaders/limits.ts).
 */
import { BIDI_CONTROL_MESSAGE, hasBidiControls } from '@samvad/contracts/storable-text';
import { GARBLED_MESSAGE, looksGarbled } from './garbled.ts';
import { detectLanguage } from './language.ts';
import { readIsolated } from './loaders/isolated-reader.ts';
import { DEFAULT_LOAD_LIMITS, type LoadLimits } from './loaders/limits.ts';
import type { LoaderResult } from './loaders/result.ts';
import { chooseTitle } from './title.ts';
import { LoadError, type LoadedDocument, type LoadProgressListener } from './types.ts';

export const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;

type Format = 'pdf' | 'text' | 'markdown' | 'html' | 'epub' | 'docx';

const EXTENSIONS: Record<string, Format> = {
  pdf: 'pdf',
  txt: 'text',
  text: 'text',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  epub: 'epub',
  docx: 'docx',
};

export const SUPPORTED_EXTENSIONS = Object.keys(EXTENSIONS).map((extension) => `.${extension}`);

const CONTENT_TYPES: Record<Format, string> = {
  pdf: 'application/pdf',
  text: 'text/plain',
  markdown: 'text/markdown',
  html: 'text/html',
  epub: 'application/epub+zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export type LoadDocumentInput = {
  fileName: string;
  bytes: Uint8Array;
  maxBytes?: number;
  /** Pages read so far (PDF: after each page; other formats: once, when read). */
  onProgress?: LoadProgressListener;
  /** What reading may unpack, parse and spend; the defaults unless a test needs it smaller. */
  limits?: LoadLimits;
};

function extensionOf(fileName: string): string | null {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : null;
}

function startsWithText(bytes: Uint8Array, text: string, offset = 0): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** Content wins over the name: a PDF called "notes.txt" is still a PDF. */
function detectFormat(fileName: string, bytes: Uint8Array): Format {
  const extension = extensionOf(fileName);
  const byName = extension ? EXTENSIONS[extension] : undefined;
  // Some producers put junk before the header; readers accept it within the first kilobyte.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWithText(bytes, 'PK\u0003\u0004')) {
    // An EPUB's first member is an uncompressed "mimetype" file naming its type.
    if (head.includes('application/epub+zip')) return 'epub';
    if (byName === 'epub' || byName === 'docx') return byName;
    if (head.includes('word/') || head.includes('[Content_Types].xml')) return 'docx';
  }
  if (byName) return byName;
  throw new LoadError(
    'unsupported',
    `Unsupported file type: ${extension ? `.${extension}` : 'no extension'} (supported: ${SUPPORTED_EXTENSIONS.join(', ')})`,
  );
}

/** '12.5 MB' or '300 KB', for messages about size limits. */
export function formatSize(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${Math.round(megabytes * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** Every format is read in the reader process: no file's parsing runs on the server's thread. */
function runLoader(
  format: Format,
  bytes: Uint8Array,
  onProgress: LoadProgressListener | undefined,
  limits: LoadLimits,
): Promise<LoaderResult> {
  return readIsolated(format, bytes, { onProgress, limits });
}

export async function loadDocument(input: LoadDocumentInput): Promise<LoadedDocument> {
  const { fileName, bytes } = input;
  const maxBytes = input.maxBytes ?? DEFAULT_MAX_BYTES;
  // The name is shown with every passage quoted from the file: it must read as it is.
  if (hasBidiControls(fileName)) {
    throw new LoadError('unsupported', `${BIDI_CONTROL_MESSAGE}; rename the file first`);
  }
  if (bytes.length === 0) throw new LoadError('empty', 'File is empty');
  if (bytes.length > maxBytes) {
    throw new LoadError(
      'too_large',
      `File is too large: ${formatSize(bytes.length)} (the limit is ${formatSize(maxBytes)})`,
    );
  }
  const format = detectFormat(fileName, bytes);
  const result = await runLoader(
    format,
    bytes,
    input.onProgress,
    input.limits ?? DEFAULT_LOAD_LIMITS,
  );
  // Formats without pages are read in one go; PDFs have reported every page already.
  if (format !== 'pdf') input.onProgress?.({ pagesDone: 0, pageCount: result.pageCount });
  const text = result.blocks.map((block) => block.text).join('\n');
  if (result.blocks.length === 0) {
    if (format === 'text' || format === 'markdown') throw new LoadError('empty', 'File is empty');
    throw new LoadError('no_text', 'No text could be found in this file.');
  }
  if (result.textGarbled ?? looksGarbled(text)) throw new LoadError('garbled', GARBLED_MESSAGE);
  const chosen = chooseTitle(result.title, result.blocks, fileName, result.fallbackTitle);
  return {
    title: chosen.title,
    titleSource: chosen.source,
    contentType: CONTENT_TYPES[format],
    language: detectLanguage(text),
    pageCount: result.pageCount,
    blocks: result.blocks,
    warnings: result.warnings,
    provenance: result.provenance ?? [],
  };
}
