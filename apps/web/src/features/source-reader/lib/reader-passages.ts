import type { DocumentTextChunk, DocumentTextResponse } from '@samvad/contracts/source-reader';

/** A passage as the reader shows it: its paragraphs, without the text the one before repeats. */
export type ReaderPassage = {
  id: string;
  paragraphs: string[];
  paragraphId: string | null;
  /** The heading it sits under, when it differs from the passage before's. */
  heading: string | null;
  page: string | null;
  cited: boolean;
};

/**
 * The windows read so far as one run of passages. Chunks share a few sentences with the one
 * before (`repeatsPrevious`): each is shown once, in the later passage, except before the cited
 * passage, which is shown whole (its earlier neighbour gives the repeated sentences up instead).
 */
export function readerPassages(
  pages: readonly DocumentTextResponse[],
  citedId: string | null,
): ReaderPassage[] {
  const chunks = dedupe(pages.flatMap((page) => page.chunks));
  return chunks.map((chunk, index) => {
    const next = chunks[index + 1];
    const previous = chunks[index - 1];
    const follows = previous !== undefined && previous.ordinal === chunk.ordinal - 1;
    const nextFollows = next !== undefined && next.ordinal === chunk.ordinal + 1;
    let text = chunk.text;
    if (chunk.id === citedId) {
      // Shown whole: the cited passage is the one the reader came for.
    } else if (next?.id === citedId && nextFollows && next.repeatsPrevious > 0) {
      text = cutRepeatedTail(text, next.text.slice(0, next.repeatsPrevious));
      if (follows) text = text.slice(chunk.repeatsPrevious);
    } else if (follows) {
      text = text.slice(chunk.repeatsPrevious);
    }
    return {
      id: chunk.id,
      paragraphs: paragraphsOf(text),
      paragraphId: chunk.paragraphId,
      heading: chunk.heading && chunk.heading !== previous?.heading ? chunk.heading : null,
      page: pageOf(chunk),
      cited: chunk.id === citedId,
    };
  });
}

/** Windows can meet or overlap (read back from one, on from another): each chunk once, in order. */
function dedupe(chunks: readonly DocumentTextChunk[]): DocumentTextChunk[] {
  const byOrdinal = new Map<number, DocumentTextChunk>();
  for (const chunk of chunks) byOrdinal.set(chunk.ordinal, chunk);
  return [...byOrdinal.values()].sort((a, b) => a.ordinal - b.ordinal);
}

/** The text without its last sentences when they are what the next passage opens with. */
function cutRepeatedTail(text: string, repeated: string): string {
  const flat = (value: string) => value.replace(/\s+/g, ' ').trim();
  const wanted = flat(repeated);
  for (let cut = text.length - 1; cut > 0; cut--) {
    if (!/\s/.test(text[cut - 1] ?? '')) continue;
    if (flat(text.slice(cut)) === wanted) return text.slice(0, cut).trimEnd();
    if (text.length - cut > repeated.length + 32) break;
  }
  return text;
}

function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0);
}

function pageOf(chunk: DocumentTextChunk): string | null {
  const label = chunk.pageLabel?.trim();
  if (label) return label;
  return chunk.page === null ? null : String(chunk.page);
}
