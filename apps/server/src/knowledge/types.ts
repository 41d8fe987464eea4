/**
 * Shapes shared by the loaders, the chunker and ingestion. A loader turns a file's bytes into
 * an ordered list of blocks; the chunker turns blocks into chunks that know their pages.
 */
import type { TitleSource } from '@samvad/contracts/admin-document-rules';
import type { Attribution } from './attribution.ts';

export type BlockKind = 'heading' | 'paragraph';

export type LoadedBlock = {
  kind: BlockKind;
  /** Normalised text (NFC, ligatures expanded, hyphenation re-joined, whitespace collapsed). */
  text: string;
  /** For headings: 1 = top level. */
  level?: number;
  /** 1-based PDF page the block starts on; null for formats without pages. */
  page: number | null;
  /** 1-based PDF page the block ends on (a paragraph may run across a page break). */
  endPage: number | null;
  /** The printed page number of `page`, when known (PDF page labels or detected numbers). */
  pageLabel: string | null;
  /** A stable anchor within the source, e.g. a Constituent Assembly paragraph id '11.165.2'. */
  anchor: string | null;
  /** The speaker's name as the source labels the block (a debate's "B. R. Ambedkar"). */
  speaker?: string;
  /** Whose words the block holds; set by attributeDocument, unknown until then. */
  attribution?: Attribution;
};

export type LoadedDocument = {
  title: string;
  /** Where `title` was found (knowledge/title.ts): the file's metadata, … or its name. */
  titleSource: TitleSource;
  /** IANA media type of the original file, e.g. 'application/pdf'. */
  contentType: string;
  /** BCP 47 primary language guessed from the script of the text: 'en', 'hi', 'ta', … */
  language: string;
  /** Number of PDF pages; null for formats without pages. */
  pageCount: number | null;
  blocks: LoadedBlock[];
  /** Non-fatal problems worth showing to whoever ingested the file. */
  warnings: string[];
  /**
   * What the source says about itself outside the text: a PDF's running heads, an excerpt's
   * "SOURCE: …" header lines. Evidence of whose words the document holds, never chunk text.
   */
  provenance?: string[];
};

/** How far a loader has read: pages so far of the page count (null for formats without pages). */
export type LoadProgress = { pagesDone: number; pageCount: number | null };

/**
 * Told as a loader reads, so a long file can show progress (an admin upload streams it). Called
 * after every page: whoever shows it decides how often to pass it on.
 */
export type LoadProgressListener = (progress: LoadProgress) => void;

/** Why a file could not be ingested; each reason has its own message for the user. */
export type LoadFailureReason =
  | 'damaged'
  | 'garbled'
  | 'empty'
  | 'unsupported'
  | 'too_large'
  | 'no_text';

export class LoadError extends Error {
  override name = 'LoadError';
  readonly reason: LoadFailureReason;

  constructor(reason: LoadFailureReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

export type ChunkDraft = {
  /** 0-based position within the document. */
  ordinal: number;
  /** 1-based PDF page the chunk starts on; null for formats without pages. */
  page: number | null;
  startPage: number | null;
  endPage: number | null;
  /** Printed page label of `page`, when known. */
  pageLabel: string | null;
  /** Titles of the enclosing headings, outermost first. */
  headingPath: string[];
  /** First block anchor inside the chunk, if any (e.g. a debate paragraph id). */
  anchor: string | null;
  text: string;
  wordCount: number;
  language: string;
  /** Whose words the chunk holds: a chunk never mixes two speakers or kinds of text. */
  attribution: Attribution;
};
