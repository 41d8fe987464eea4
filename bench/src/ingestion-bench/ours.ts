/**
 * Our side: the server's own PDF text extraction (loadDocument: pdf.js text layer, lines, page
 * furniture, paragraphs, normalisation, garbled-text check), and the whole ingestFile (that,
 * then chunking and one database transaction) on a throwaway in-memory PGlite.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadDocument } from '@samvad/server/knowledge/load-document.ts';
import { readTextLayer } from '@samvad/server/knowledge/loaders/pdf.ts';
import { LoadError } from '@samvad/server/knowledge/types.ts';
import { ingestFile } from '@samvad/server/services/ingestion-service.ts';
import { ThrowawayKnowledgeBase } from '../throwaway-knowledge-base.ts';

export type OursRun =
  | { ok: true; seconds: number; pages: number; text: string; warnings: string[] }
  | {
      ok: false;
      seconds: number;
      /** Pages read before the loader gave up (a garbled file is read whole, then refused). */
      pages: number;
      reason: string;
      error: string;
    };

export type PdfFile = { file: string; name: string; bytes: Uint8Array };

export function readPdf(file: string): PdfFile {
  return { file, name: path.basename(file), bytes: new Uint8Array(readFileSync(file)) };
}

/** One extraction, timed in-process; the bytes are read beforehand, so no disk time is counted. */
export async function extractOurs(pdf: PdfFile): Promise<OursRun> {
  let pagesRead = 0;
  const started = performance.now();
  try {
    const document = await loadDocument({
      fileName: pdf.name,
      bytes: pdf.bytes,
      onProgress: ({ pagesDone }) => {
        pagesRead = pagesDone;
      },
    });
    const seconds = (performance.now() - started) / 1000;
    return {
      ok: true,
      seconds,
      pages: document.pageCount ?? pagesRead,
      text: document.blocks.map((block) => block.text).join('\n'),
      warnings: document.warnings,
    };
  } catch (error) {
    const seconds = (performance.now() - started) / 1000;
    if (!(error instanceof LoadError)) throw error;
    return { ok: false, seconds, pages: pagesRead, reason: error.reason, error: error.message };
  }
}

/**
 * The pdf.js text layer as our loader first reads it, one string of lines per page: before it
 * removes page furniture, drops lines in legacy fonts and re-joins hyphenated line ends. Null
 * when the file cannot be read.
 */
export async function extractTextLayer(pdf: PdfFile): Promise<string[] | null> {
  try {
    return (await readTextLayer(pdf.bytes)).map((lines) => lines.join('\n'));
  } catch (error) {
    if (error instanceof LoadError) return null;
    throw error;
  }
}

export type IngestRun = { file: string; seconds: number; pages: number; chunks: number };

/**
 * Every file through ingestFile into a fresh in-memory database (ingestion skips a file it has
 * seen, so each run needs its own); the database's creation and migration are not timed.
 */
export async function ingestAll(pdfs: readonly PdfFile[]): Promise<IngestRun[]> {
  const kb = await ThrowawayKnowledgeBase.create();
  open = kb;
  try {
    const runs: IngestRun[] = [];
    for (const pdf of pdfs) {
      const started = performance.now();
      const outcome = await ingestFile(kb.deps, { fileName: pdf.name, bytes: pdf.bytes });
      const seconds = (performance.now() - started) / 1000;
      if (outcome.status === 'failed' || outcome.status === 'skipped') {
        throw new Error(`ingesting ${pdf.name}: ${outcome.status}: ${outcome.message}`);
      }
      runs.push({ file: pdf.file, seconds, pages: outcome.pages ?? 0, chunks: outcome.chunks });
    }
    return runs;
  } finally {
    open = null;
    await kb.close();
  }
}

/** The knowledge base being written, if any: its temporary file store must go on Ctrl-C too. */
let open: ThrowawayKnowledgeBase | null = null;

export async function closeOpenKnowledgeBase(): Promise<void> {
  const kb = open;
  open = null;
  await kb?.close();
}
