import type { LoadedBlock } from '../types.ts';

/** What a format loader hands back; `loadDocument` adds language, final title and checks. */
export type LoaderResult = {
  blocks: LoadedBlock[];
  /** A title the file declares itself (metadata, header, <title>), if any. */
  title: string | null;
  /** Names the document when it has no title or real heading (before the file name). */
  fallbackTitle?: string;
  pageCount: number | null;
  warnings: string[];
  /** Running heads, excerpt header lines: see LoadedDocument.provenance. */
  provenance?: string[];
  /**
   * looksGarbled() of the blocks' text joined by line breaks, when the loader has it for less
   * than a second reading (the PDF loader has counted every line already).
   */
  textGarbled?: boolean;
};
