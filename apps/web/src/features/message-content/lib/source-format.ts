import { EDITOR_SPEAKER, UNKNOWN_SPEAKER } from '@samvad/contracts/source-rules';
import type { Source } from '@samvad/contracts/sources';

/**
 * How a source is named and addressed, shared by the citation markers in the text and the
 * sources list so the two always agree. Citation n is `sources[n - 1]`: the server numbers
 * sources in citation order.
 */

/** The message id as usable in DOM ids and URL fragments. */
export function domSafeId(messageId: string): string {
  // Ids are nanoids or UUIDs in practice; anything else is folded so the fragment stays valid.
  return messageId.replace(/[^\w-]/g, '_');
}

/** The DOM id of source n under a message; citation markers link to `#` + this. */
export function sourceAnchorId(messageId: string, citation: number): string {
  return `source-${domSafeId(messageId)}-${citation}`;
}

/** The citation number an anchor id points at under this message, or null if not ours. */
export function citationOfAnchorId(messageId: string, anchorId: string): number | null {
  const prefix = `source-${domSafeId(messageId)}-`;
  if (!anchorId.startsWith(prefix)) return null;
  const rest = anchorId.slice(prefix.length);
  return /^\d{1,4}$/.test(rest) ? Number(rest) : null;
}

/** The page as printed in the document when known, else the PDF page; null when absent. */
export function sourcePage(source: Source): string | null {
  const label = source.page_label?.trim();
  if (label) return label;
  return source.page != null ? String(source.page) : null;
}

/** "p. 12"; "¶ 11.165.2" for a debate paragraph without a page; else null. */
export function sourcePageText(source: Source): string | null {
  const page = sourcePage(source);
  if (page !== null) return `p. ${page}`;
  return source.paragraph_id ? `¶ ${source.paragraph_id}` : null;
}

/** What a source is called: the document's title, else (older messages) its file name. */
export function sourceName(source: Source): string {
  return source.title?.trim() || source.file_name;
}

/** The file name shown under the title, when there is a title to show it under. */
export function sourceFileNote(source: Source): string | null {
  const title = source.title?.trim();
  return title && title !== source.file_name ? source.file_name : null;
}

/** What 'Post as quote' quotes: the sentence the answer cites, else the passage's start. */
export function sourceQuoteText(source: Source): string | null {
  return source.quote?.trim() || source.excerpt?.trim() || null;
}

/**
 * Whose words a source holds, as its row says it: "Words of T. T. Krishnamachari", "Words of the
 * editor", "Speaker not known"; null for the reformer's own words (no `speaker`).
 */
export function sourceSpeakerText(source: Source): string | null {
  const speaker = source.speaker?.trim();
  if (!speaker) return null;
  if (speaker === UNKNOWN_SPEAKER) return 'Speaker not known';
  if (speaker === EDITOR_SPEAKER) return 'Words of the editor';
  return `Words of ${speaker}`;
}

/** Relevance 0..1 as a whole percent, clamped so a stray value cannot read "140%". */
export function scorePercent(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score * 100)));
}

/** The accessible name of citation n: "Source 2: Annihilation of Caste, page 12". */
export function citationLabel(citation: number, source: Source): string {
  const page = sourcePage(source);
  const where =
    page !== null
      ? `, page ${page}`
      : source.paragraph_id
        ? `, paragraph ${source.paragraph_id}`
        : '';
  return `Source ${citation}: ${sourceName(source)}${where}`;
}

/** Sources with their citation numbers, most relevant first; ties keep citation order. */
export function rankSources(sources: Source[]): Array<{ source: Source; citation: number }> {
  return sources
    .map((source, index) => ({ source, citation: index + 1 }))
    .sort((a, b) => b.source.score - a.source.score || a.citation - b.citation);
}

/**
 * The source numbers the answer's markers point at ("[2]"), or null when it has none (a reply
 * without markers cites its whole list). A listed source no marker points at was read but not
 * quoted: the list shows it as "Also read" (issue #29).
 */
export function citedNumbers(answer: string): ReadonlySet<number> | null {
  const numbers = new Set([...answer.matchAll(/\[(\d{1,3})\]/g)].map((match) => Number(match[1])));
  return numbers.size > 0 ? numbers : null;
}
