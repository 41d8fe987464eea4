import { EDITOR_SPEAKER, UNKNOWN_SPEAKER } from '@samvad/contracts/source-rules';
import type { Source } from '@samvad/contracts/sources';

/**
 * 'Cite this' (issue #29 item 8): a source as a Chicago note and an MLA works-cited entry. What a
 * source knows goes in: whose words (the reformer, or the member or editor the source names),
 * the work, the volume and year (an admin's, or read from its title), and the printed page, with the
 * PDF page (said as such) when no printed number is known. Nothing is invented: a part the
 * source does not know is left out.
 */
export type CitationParts = {
  /** "B. R. Ambedkar", or null when the speaker is not known. */
  author: string | null;
  work: string;
  volume: string | null;
  year: number | null;
  /** "67" (printed), or "PDF p. 45" when only the PDF page is known; null for no page. */
  page: string | null;
  /** True when `page` is the PDF page, not the printed one. */
  pdfPage: boolean;
};

const HONORIFICS = /^(?:dr|mr|mrs|shri|shrimati|sir|pandit|prof|babasaheb)\.?$/i;
const EDITOR_SUFFIX = / \(editor\)$/;

export function citationParts(source: Source, reformerName: string): CitationParts {
  const label = source.page_label?.trim();
  const page = label || (source.page != null ? String(source.page) : null);
  return {
    author: authorOf(source, reformerName),
    work: source.title?.trim() || source.file_name.replace(/\.[a-z0-9]+$/i, ''),
    volume: source.volume ?? null,
    year: source.year ?? null,
    page,
    pdfPage: !label && page !== null,
  };
}

/**
 * Whose words: another speaker the source names (a member in a debate) stays theirs; the
 * reformer's own words are the document's author when an admin set one, else the reformer.
 */
function authorOf(source: Source, reformerName: string): string | null {
  const speaker = source.speaker?.trim();
  if (!speaker) return withoutHonorifics(source.author?.trim() || reformerName);
  if (speaker === UNKNOWN_SPEAKER || speaker === EDITOR_SPEAKER) return null;
  return withoutHonorifics(speaker.replace(EDITOR_SUFFIX, ''));
}

function withoutHonorifics(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  while (words.length > 1 && HONORIFICS.test(words[0] ?? '')) words.shift();
  return words.join(' ');
}

/** "Ambedkar, B. R.": surname first, as a bibliography lists it. */
function inverted(name: string): string {
  const words = name.split(' ');
  if (words.length < 2) return name;
  const surname = words.pop() as string;
  return `${surname}, ${words.join(' ')}`;
}

/** Chicago (notes and bibliography), the note: B. R. Ambedkar, Work, vol. 1 (1979), 67. */
export function chicagoNote(parts: CitationParts): string {
  let text = parts.author ? `${parts.author}, ${parts.work}` : parts.work;
  if (parts.volume) text += `, vol. ${parts.volume}`;
  if (parts.year) text += ` (${parts.year})`;
  if (parts.page) text += `, ${parts.pdfPage ? `PDF p. ${parts.page}` : parts.page}`;
  return `${text}.`;
}

/** MLA (9th edition), works cited: Ambedkar, B. R. Work. Vol. 1, 1979, p. 67. */
export function mlaEntry(parts: CitationParts): string {
  const work = /[.?!]$/.test(parts.work) ? parts.work : `${parts.work}.`;
  const author = parts.author ? inverted(parts.author) : null;
  const head = author ? `${author}${author.endsWith('.') ? '' : '.'} ${work}` : work;
  const rest = [
    parts.volume ? `Vol. ${parts.volume}` : null,
    parts.year ? String(parts.year) : null,
    parts.page ? `${parts.pdfPage ? 'PDF p.' : 'p.'} ${parts.page}` : null,
  ].filter((part): part is string => part !== null);
  return rest.length > 0 ? `${head} ${rest.join(', ')}.` : head;
}
