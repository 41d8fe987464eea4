/**
 * What reading one document may cost. A file's size on disk says little: a 300 KB DOCX can
 * unpack to 190 MB of XML, a 900 KB PDF page to 300 MB of drawing operators. These limits bound
 * what a reader may unpack, build and spend, and are checked while it works, so a hostile file
 * is stopped at the limit instead of after it has taken the process down.
 */
import { LoadError } from '../types.ts';

const MB = 1024 * 1024;

export type LoadLimits = {
  /** DOCX and EPUB: bytes unpacked from the archive, all members together. */
  maxUnpackedBytes: number;
  /** DOCX, EPUB and HTML: elements parsed, all parts together (each costs ~0.4 KB as a tree). */
  maxElements: number;
  /**
   * PDF, DOCX, EPUB: the reader's memory, in MB: its process's heap, and again as much for
   * what lives outside that heap (decoded streams, unpacked members) beyond the file's own copies.
   */
  readerMemoryMb: number;
  /** PDF: the longest one page (or opening the file) may take. */
  pdfPageMs: number;
  /** Every format: the longest reading the whole file may take. */
  readerFileMs: number;
  /** Text, Markdown and HTML: the longest reading the whole file may take (they have no pages). */
  readerTextFileMs: number;
  /** Every format: the processor time reading one file may use (its reader's user + system). */
  readerCpuMs: number;
  /**
   * A file read for longer than this no longer holds the queue: it moves to the one slow lane,
   * or, while another slow file has that, is stopped and read again there later (reader-queue.ts),
   * so slow PDFs cannot hold every upload.
   */
  readerSlowFileMs: number;
};

/**
 * Sized for real books with a wide margin: the corpus's EPUB (a 900-page debates volume) unpacks
 * to 3 MB; a book-length DOCX has some 20 elements per paragraph, 200,000 in 1,000 pages; its
 * 100-page Hindi PDF reads in under a second with a heap under 50 MB. 500,000 elements make a
 * tree of about 200 MB at most.
 */
export const DEFAULT_LOAD_LIMITS: LoadLimits = {
  maxUnpackedBytes: 64 * MB,
  maxElements: 500_000,
  readerMemoryMb: 384,
  pdfPageMs: 15_000,
  readerFileMs: 5 * 60_000,
  // The corpus's largest Markdown file (a few MB) reads in about a second.
  readerTextFileMs: 30_000,
  // A 900-page debates volume takes some 20 s; a hostile 3,000-page PDF took 5 minutes.
  readerCpuMs: 2 * 60_000,
  readerSlowFileMs: 10_000,
};

export function limitsWith(overrides: Partial<LoadLimits> = {}): LoadLimits {
  return { ...DEFAULT_LOAD_LIMITS, ...overrides };
}

/** '64 MB', '1.5 MB', '300 KB'. */
export function formatBytes(bytes: number): string {
  const megabytes = bytes / MB;
  return megabytes >= 1 ? `${Math.round(megabytes * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** '15 s', '5 min'. */
export function formatDuration(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0
    ? `${ms / 60_000} min`
    : `${Math.round(ms / 100) / 10} s`;
}

/**
 * What one document may still unpack and parse. Shared by every part read from one file (a DOCX's
 * document and styles, an EPUB's package and all its chapters), so the limits bound the file,
 * not each part.
 */
export class ReadBudget {
  readonly #limits: LoadLimits;
  readonly #format: string;
  #bytes = 0;
  #elements = 0;

  constructor(format: string, limits: LoadLimits = DEFAULT_LOAD_LIMITS) {
    this.#format = format;
    this.#limits = limits;
  }

  /** Bytes that may still be unpacked. */
  get bytesLeft(): number {
    return Math.max(0, this.#limits.maxUnpackedBytes - this.#bytes);
  }

  /** Counts unpacked bytes; past the limit, throws. */
  takeBytes(count: number): void {
    this.#bytes += count;
    if (this.#bytes > this.#limits.maxUnpackedBytes) throw this.tooManyBytes();
  }

  tooManyBytes(): LoadError {
    return new LoadError(
      'too_large',
      `This ${this.#format} unpacks to more than ${formatBytes(this.#limits.maxUnpackedBytes)}, ` +
        'the limit for one document, so it was not read (it may be a decompression bomb)',
    );
  }

  /** A file nested deeper than MAX_PARSE_DEPTH elements; thrown from inside the parser. */
  tooDeep(depth: number): LoadError {
    return new LoadError(
      'too_large',
      `This ${this.#format} nests markup elements more than ${depth.toLocaleString('en')} deep, ` +
        'the limit for one document, so it was not read',
    );
  }

  /** Counts one parsed element; past the limit, throws (from inside the parser, which stops). */
  takeElement(): void {
    this.#elements++;
    if (this.#elements > this.#limits.maxElements) {
      throw new LoadError(
        'too_large',
        `This ${this.#format} has more than ${this.#limits.maxElements.toLocaleString('en')} ` +
          'markup elements, the limit for one document, so it was not read',
      );
    }
  }
}
