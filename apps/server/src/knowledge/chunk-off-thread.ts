/**
 * Attributes and chunks a loaded document without holding the event loop. Chunking costs about
 * a third of a second per megabyte of text (24 MB of DOCX text took 7.9 s, and health waited
 * that long): a document with more text than INLINE_TEXT_CHARS is chunked in a worker thread
 * under a time and heap bound; a smaller one inline, where a thread's start would cost more
 * than the chunking.
 */
import { Worker } from 'node:worker_threads';
import { attributeDocument } from './attribute.ts';
import { chunkDocument } from './chunker.ts';
import type { ReformerNames } from './speaker-names.ts';
import { type ChunkDraft, LoadError, type LoadedDocument } from './types.ts';

/** Below this much text (~80 ms of chunking) the document is chunked inline. */
export const INLINE_TEXT_CHARS = 256 * 1024;
const DEFAULT_TIME_LIMIT_MS = 120_000;
const HEAP_LIMIT_MB = 2048;

export function textCharsOf(document: LoadedDocument): number {
  return document.blocks.reduce((sum, block) => sum + block.text.length, 0);
}

export async function chunkOffThread(
  document: LoadedDocument,
  names: ReformerNames,
  options: { inlineTextChars?: number; timeLimitMs?: number } = {},
): Promise<ChunkDraft[]> {
  // Only the persona's names cross to the thread: a persona holds more than it needs.
  const persona: ReformerNames = {
    reformerName: names.reformerName,
    reformerAliases: names.reformerAliases,
  };
  if (textCharsOf(document) <= (options.inlineTextChars ?? INLINE_TEXT_CHARS)) {
    return chunkDocument(attributeDocument(document, persona));
  }
  const worker = new Worker(new URL('./chunk-worker.ts', import.meta.url), {
    workerData: { document, names: persona },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
  });
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  return new Promise<ChunkDraft[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(
        new LoadError(
          'too_large',
          `Splitting this document's text into passages took over ${timeLimitMs / 1000} s; it was stopped`,
        ),
      );
    }, timeLimitMs);
    const settle = () => clearTimeout(timer);
    worker.once('message', (drafts: ChunkDraft[]) => {
      settle();
      resolve(drafts);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settle();
      reject(
        error instanceof Error && /heap|memory/i.test(error.message)
          ? new LoadError('too_large', "This document's text is too large to split into passages")
          : error,
      );
    });
    worker.once('exit', (code) => {
      settle();
      reject(new Error(`the chunking thread ended (exit ${code}) before it answered`));
    });
  });
}
