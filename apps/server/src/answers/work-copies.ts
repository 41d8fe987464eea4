/**
 * One entry per work (issue #29 item 4). The knowledge base holds some works in several files
 * (Annihilation of Caste as a BAWS PDF and as Markdown; the debate of 25 November 1949 as HTML
 * and in volume 11's EPUB). A quote from a file without pages is cited from the copy that holds
 * the same words with a page; one from a copy of a work already cited from another file is
 * cited from that file. Words are compared letter for letter (case, spacing and punctuation
 * aside): a copy that does not hold the quote is never cited for it, except where the copy's
 * passage ends at a page break inside the sentence (then the page the sentence starts on).
 */
import type { Passage } from '../retrieval/passage.ts';

/** The passages of other documents that may hold a sentence (services/work-copies-service.ts). */
export type CopyFinder = (sentence: string, exceptDocumentId: string) => Promise<Passage[]>;

/** A sentence cut by a page break is recognised from this many of its first words. */
const MIN_PREFIX_WORDS = 6;

/** For each quoted passage (by id) that has a copy to cite instead, that copy. */
export async function copiesToCite(
  quoted: ReadonlyArray<{ passage: Passage; sentences: string[] }>,
  find: CopyFinder,
): Promise<Map<string, Passage>> {
  const copies = new Map<string, Passage>();
  const citedDocuments = new Set(quoted.map((entry) => entry.passage.documentId));
  for (const { passage, sentences } of quoted) {
    if (passage.page !== null || copies.has(passage.id)) continue;
    // The longest quoted sentence is the most telling to look for.
    const sentence = [...sentences].sort((a, b) => b.length - a.length)[0];
    if (!sentence) continue;
    const found = (await find(sentence, passage.documentId)).filter((other) =>
      holds(other.text, sentence),
    );
    const copy =
      found.find((other) => other.page !== null) ??
      found.find((other) => citedDocuments.has(other.documentId));
    // The copy stands in at the quote's own relevance.
    if (copy) copies.set(passage.id, { ...copy, score: passage.score });
  }
  return copies;
}

/** Letters and digits only, lowercased, single-spaced: the words as a reader compares them. */
function flat(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `text` holds `sentence`, or ends inside it at a page break. */
export function holds(text: string, sentence: string): boolean {
  const words = flat(sentence);
  if (!words) return false;
  const whole = flat(text);
  if (whole.includes(words)) return true;
  const parts = words.split(' ');
  for (let n = parts.length - 1; n >= MIN_PREFIX_WORDS; n--) {
    if (whole.endsWith(parts.slice(0, n).join(' '))) return true;
  }
  return false;
}

/** The opening sentence of a passage: what a copy of it in another file would hold too. */
function openingSentence(text: string): string {
  const flatText = text.replace(/\s+/g, ' ').trim();
  const end = flatText.search(/[.!?।](\s|$)/);
  return (end > 40 ? flatText.slice(0, end + 1) : flatText.slice(0, 200)).trim();
}

/**
 * The passages read but not quoted ("Also read" rows, answer-sources.ts) are one entry per work
 * too: one that holds the opening words of a passage already listed from another document, or
 * whose opening words that passage holds, is a copy of it and is shown as it (one row). Only the
 * passages read are compared, in memory: a copy that was not read is not listed anyway, and a
 * lookup in the database for every passage read cost a second per answer. Known gap: two copies
 * cut into passages differently (the debate's HTML and its volume's EPUB) may share no opening
 * words, and then both stay listed, the uncited one as "Also read".
 */
export function alsoReadCopies(
  unquoted: readonly Passage[],
  listed: readonly Passage[],
): Map<string, Passage> {
  const copies = new Map<string, Passage>();
  const shown = [...listed];
  for (const passage of unquoted) {
    const mine = openingSentence(passage.text);
    const copy = shown.find(
      (other) =>
        other.documentId !== passage.documentId &&
        ((mine.split(' ').length >= MIN_PREFIX_WORDS && holds(other.text, mine)) ||
          holds(passage.text, openingSentence(other.text))),
    );
    if (copy) copies.set(passage.id, copy);
    else shown.push(passage);
  }
  return copies;
}
