/**
 * A book's title page read as a title (issue #29 item 5). Printed volumes of a series set their
 * name out on one page: the series ("डॉ. अम्बेडकर सम्पूर्ण वाङ्मय"), the volume ("खंड 17") and
 * the volume's own title ("गांधी एवं अछूतों का उद्धार"), one line each. A PDF whose metadata
 * names nothing (the Hindi BAWS volume 17) is then titled by those lines, in its own language
 * and words: only lines found on the page are used, joined by a comma and a colon.
 */
import type { LoadedBlock } from './types.ts';

/** A title page comes before the text proper: within the first pages of the book. */
const TITLE_PAGE_SEARCH_PAGES = 12;

/**
 * A line that is only a volume's number: "खंड 17", "खण्ड १७", "भाग 2", "Vol. 1", "Volume XVII",
 * "தொகுதி 5". The number is Arabic, Devanagari or Roman.
 */
const VOLUME_LINE =
  /^(?:खंड|खण्ड|भाग|vol\.?|volume|தொகுதி)\s*[-–:]?\s*(?:[0-9]{1,3}|[०-९]{1,3}|[ivxlc]{1,7})$/iu;

/** A series name or a volume title is a short line of words: no sentence, date or imprint. */
const NAME_LINE_MAX_WORDS = 10;

function isNameLine(text: string): boolean {
  const line = text.trim();
  const letters = line.match(/\p{L}/gu)?.length ?? 0;
  if (letters < 3 || line.split(/\s+/).length > NAME_LINE_MAX_WORDS) return false;
  // Digits mark an edition, a date, a price or an address ("पहला संस्करण : 2000"); a colon a
  // label ("प्रकाशकः", "ISBN :"); a sentence ends in a stop.
  if (/[\p{Nd}:ः]/u.test(line) || /[.,;!?।]$/u.test(line)) return false;
  return !VOLUME_LINE.test(line);
}

/**
 * The title a title page gives: "<series>, <volume>: <volume title>", or as much of it as the
 * page holds beside its volume line (the series or the title, at least one). Null when no page
 * among the first has a volume line so flanked.
 */
export function titleFromTitlePage(blocks: readonly LoadedBlock[]): string | null {
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (!block || block.page === null) continue;
    if (block.page > TITLE_PAGE_SEARCH_PAGES) break;
    const volume = block.text.replace(/\s+/g, ' ').trim();
    if (!VOLUME_LINE.test(volume)) continue;
    const onSamePage = (other: LoadedBlock | undefined) =>
      other && other.page === block.page && isNameLine(other.text)
        ? other.text.replace(/\s+/g, ' ').trim()
        : null;
    const series = onSamePage(blocks[i - 1]);
    const title = onSamePage(blocks[i + 1]);
    if (!series && !title) continue;
    const named = series ? `${series}, ${volume}` : volume;
    return title ? `${named}: ${title}` : named;
  }
  return null;
}
