/**
 * Structure-aware chunking. Paragraphs are packed, sentence by sentence, under the current
 * heading path until a chunk reaches the target size; a top-level heading always starts a new
 * chunk. Consecutive chunks of running text share a few whole sentences (the overlap), so a
 * passage cut at a chunk boundary can still be found in one piece. Sizes are in words as
 * Intl.Segmenter counts them, which also works for Tamil and Devanagari. A chunk holds one
 * voice: a change of speaker or kind of text (attributeDocument) closes it without overlap.
 */
import { type Attribution, UNKNOWN_ATTRIBUTION } from './attribution.ts';
import { countWords, detectLanguage, splitSentences } from './language.ts';
import { isGenericHeading, isUsableTitle, titleCase } from './title.ts';
import type { ChunkDraft, LoadedBlock, LoadedDocument } from './types.ts';

/** Words a chunk aims for; chunks close at the first sentence end past this size. */
export const CHUNK_TARGET_WORDS = 300;
/** Hard ceiling: a sentence that would push a chunk past it goes to the next chunk. */
export const CHUNK_MAX_WORDS = 350;
/** Share of the target carried over, as whole sentences, from one chunk into the next. */
export const CHUNK_OVERLAP_RATIO = 0.15;
/** A sub-heading only starts a new chunk once the current one has this share of the target. */
export const CHUNK_SECTION_BREAK_RATIO = 0.5;

export type ChunkOptions = { targetWords?: number; maxWords?: number; overlapRatio?: number };

type Unit = {
  text: string;
  words: number;
  block: LoadedBlock;
  /** First sentence of its paragraph: joined to the previous unit by a blank line. */
  startsParagraph: boolean;
  heading: boolean;
};

type Open = { units: Unit[]; fresh: number; path: string[] };

const voiceOf = (block: LoadedBlock): Attribution => block.attribution ?? UNKNOWN_ATTRIBUTION;

function sameVoice(a: Attribution, b: Attribution): boolean {
  return a.speakerRole === b.speakerRole && a.speaker === b.speaker && a.textKind === b.textKind;
}

/** Cuts a sentence longer than `limit` words at word boundaries: the only mid-sentence cut. */
function splitLongSentence(sentence: string, limit: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let words = 0;
  const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
  for (const segment of segmenter.segment(sentence)) {
    if (segment.isWordLike) words++;
    if (words >= limit && !segment.isWordLike && /\s/.test(segment.segment)) {
      pieces.push(sentence.slice(start, segment.index).trim());
      start = segment.index;
      words = 0;
    }
  }
  pieces.push(sentence.slice(start).trim());
  return pieces.filter((piece) => piece.length > 0);
}

function unitsOf(block: LoadedBlock, maxWords: number): Unit[] {
  if (block.kind === 'heading') {
    return [
      {
        text: block.text,
        words: countWords(block.text),
        block,
        startsParagraph: true,
        heading: true,
      },
    ];
  }
  const units: Unit[] = [];
  for (const sentence of splitSentences(block.text)) {
    const words = countWords(sentence);
    const pieces = words > maxWords ? splitLongSentence(sentence, maxWords) : [sentence];
    for (const text of pieces) {
      units.push({
        text,
        words: text === sentence ? words : countWords(text),
        block,
        startsParagraph: units.length === 0,
        heading: false,
      });
    }
  }
  return units;
}

function joinUnits(units: readonly Unit[]): string {
  let text = '';
  units.forEach((unit, index) => {
    if (index > 0) text += unit.startsParagraph || units[index - 1]?.heading ? '\n\n' : ' ';
    text += unit.text;
  });
  return text;
}

/** Whole trailing sentences worth about `overlapWords`; none if one sentence is far larger. */
function overlapOf(units: readonly Unit[], overlapWords: number): Unit[] {
  const carried: Unit[] = [];
  let words = 0;
  for (let index = units.length - 1; index >= 0 && words < overlapWords; index--) {
    const unit = units[index];
    if (!unit || unit.heading || words + unit.words > overlapWords * 1.5) break;
    carried.unshift(unit);
    words += unit.words;
  }
  // The first carried sentence opens the new chunk; it reads as the start of a paragraph.
  const [first, ...rest] = carried;
  return first ? [{ ...first, startsParagraph: true }, ...rest] : [];
}

export function chunkDocument(doc: LoadedDocument, options: ChunkOptions = {}): ChunkDraft[] {
  const targetWords = options.targetWords ?? CHUNK_TARGET_WORDS;
  const maxWords = Math.max(options.maxWords ?? CHUNK_MAX_WORDS, targetWords);
  const overlapWords = Math.round(targetWords * (options.overlapRatio ?? CHUNK_OVERLAP_RATIO));
  const topLevel = doc.blocks.reduce(
    (top, block) => (block.kind === 'heading' ? Math.min(top, block.level ?? 1) : top),
    Number.POSITIVE_INFINITY,
  );
  const drafts: ChunkDraft[] = [];
  const path: Array<{ level: number; text: string }> = [];
  let open: Open = { units: [], fresh: 0, path: [] };

  const emit = () => {
    const { units } = open;
    const first = units[0];
    if (!first || open.fresh === 0) return;
    const text = joinUnits(units);
    const pages = units.map((unit) => unit.block).filter((block) => block.page !== null);
    const letters = text.match(/\p{L}/gu)?.length ?? 0;
    const voiced = units.find((unit) => !unit.heading) ?? first;
    drafts.push({
      ordinal: drafts.length,
      page: first.block.page,
      startPage: pages[0]?.page ?? null,
      endPage: pages.reduce<number | null>(
        (end, block) => Math.max(end ?? 0, block.endPage ?? block.page ?? 0),
        null,
      ),
      pageLabel: first.block.pageLabel,
      headingPath: open.path,
      anchor: units.find((unit) => unit.block.anchor !== null)?.block.anchor ?? null,
      text,
      wordCount: units.reduce((sum, unit) => sum + unit.words, 0),
      language: letters >= 20 ? detectLanguage(text) : doc.language,
      attribution: voiceOf(voiced.block),
    });
  };
  const currentPath = () => path.map((entry) => entry.text);
  const words = () => open.units.reduce((sum, unit) => sum + unit.words, 0);
  /** Ends the open chunk; running text carries an overlap, a new section does not. */
  const close = (carry: boolean) => {
    emit();
    const carried = carry ? overlapOf(open.units, overlapWords) : [];
    open = { units: carried, fresh: 0, path: currentPath() };
  };
  /** Drops carried sentences that would push the next sentence past the ceiling. */
  const makeRoomFor = (unit: Unit) => {
    while (open.fresh === 0 && open.units.length > 0 && words() + unit.words > maxWords) {
      open.units.shift();
    }
    const [first] = open.units;
    if (first) open.units[0] = { ...first, startsParagraph: true };
  };
  const add = (unit: Unit) => {
    // A chunk opening with "Book" then "Chapter" headings belongs to the chapter.
    if (open.units.every((held) => held.heading)) open.path = currentPath();
    open.units.push(unit);
    open.fresh++;
  };

  for (const block of doc.blocks) {
    if (isDebris(block)) continue;
    // Page-true chunks: a chunk never spans two PDF pages, so its page is its citation's page.
    const openPage = open.units[open.units.length - 1]?.block.page;
    if (block.page !== null && openPage !== undefined && openPage !== block.page) {
      if (open.fresh > 0) close(false);
      else open = { units: [], fresh: 0, path: open.path };
    }
    for (const unit of unitsOf(block, maxWords)) {
      if (unit.heading) {
        const level = block.level ?? 1;
        const sectionBreak =
          level <= topLevel || words() >= targetWords * CHUNK_SECTION_BREAK_RATIO;
        if (open.fresh > 0 && sectionBreak) close(false);
        else if (open.fresh === 0) open = { units: [], fresh: 0, path: [] };
        while (path.length > 0 && (path[path.length - 1]?.level ?? 0) >= level) path.pop();
        path.push({ level, text: block.text });
        add(unit);
        continue;
      }
      const held = open.units.filter((item) => !item.heading);
      const last = held[held.length - 1];
      if (last && !sameVoice(voiceOf(last.block), voiceOf(block))) {
        // Another speaker: nothing of the last one's words is carried into his chunk.
        if (open.fresh > 0) close(false);
        else open.units = [];
      }
      if (open.fresh > 0 && words() + unit.words > maxWords) close(true);
      makeRoomFor(unit);
      add(unit);
      if (words() >= targetWords) close(true);
    }
  }
  emit();
  const pageWords = new Map<number, number>();
  for (const block of doc.blocks) {
    if (block.page !== null)
      pageWords.set(block.page, (pageWords.get(block.page) ?? 0) + countWords(block.text));
  }
  // A title page inside a PDF starts another work bound in the same file (Ambedkar_book.pdf:
  // Castes in India, then Annihilation of Caste): its title heads the chunks that follow it.
  let part: string | null = null;
  const kept: ChunkDraft[] = [];
  for (const draft of drafts) {
    const words = draft.page === null ? null : (pageWords.get(draft.page) ?? 0);
    if (isLowValue(draft, words)) {
      const heading = draft.page === null ? undefined : draft.headingPath[0];
      if (heading && isUsableTitle(heading) && !isGenericHeading(heading))
        part = titleCase(heading);
      continue;
    }
    const path = draft.headingPath;
    const inPart = part !== null && part !== doc.title && titleCase(path[0] ?? '') !== part;
    kept.push({
      ...draft,
      ordinal: kept.length,
      headingPath: inPart && part ? [part, ...path] : path,
    });
  }
  return kept;
}

/** Below this many words a chunk (and, in a PDF, its whole page) may be a title page. */
export const LOW_VALUE_MAX_WORDS = 80;
/** Title pages and front matter are set in capitals: this share of capitalised words marks one. */
const TITLE_PAGE_CAPITAL_SHARE = 0.35;

/**
 * Title pages, half-titles and other front matter: short, and mostly capitalised words. They
 * are kept out of the index, so they are never retrieved or quoted. A short page of running
 * prose (the last page of a chapter) is lower-case and stays.
 */
export function isLowValue(draft: ChunkDraft, pageWords: number | null): boolean {
  if (draft.wordCount >= LOW_VALUE_MAX_WORDS) return false;
  if (pageWords !== null && pageWords >= LOW_VALUE_MAX_WORDS) return false;
  const words = draft.text.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? [];
  if (words.length === 0) return true;
  const capitalised = words.filter((word) => /^\p{Lu}/u.test(word)).length;
  // Scripts without case (Devanagari, Tamil) never look like title pages by this test.
  const cased = words.filter((word) => /^[\p{Lu}\p{Ll}]/u.test(word)).length;
  return cased > words.length / 2 && capitalised / words.length >= TITLE_PAGE_CAPITAL_SHARE;
}

/**
 * Site navigation left in converted texts ("-- main book index page -- detailed book
 * section-map -- …"): a paragraph that is only short items between double dashes.
 */
export function isDebris(block: LoadedBlock): boolean {
  const text = block.text.trim();
  if (!text.startsWith('--') || !text.endsWith('--')) return false;
  const items = text.split(/\s*--\s*/).filter((item) => item.length > 0);
  return items.every((item) => item.split(/\s+/).length <= 6);
}
