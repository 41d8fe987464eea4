/**
 * Choosing a document title: the file's own title, else its title page, else its first real
 * heading, else what the loader found (a "SOURCE:" header), else a title line opening a plain
 * text, else the file name. "Real" excludes headings every book has ("Preface", "Chapter II").
 * Each title says where it came from, so a file-name title can be replaced by a copy's
 * (services/copy-titles-service.ts) and flagged to the admin.
 */
import type { TitleSource } from '@samvad/contracts/admin-document-rules';
import { titleFromTitlePage } from './title-page.ts';
import type { LoadedBlock } from './types.ts';

export type ChosenTitle = { title: string; source: TitleSource };

const GENERIC_HEADING =
  /^(?:the\s+)?(?:editor'?s\s+|author'?s\s+|translator'?s\s+)?(?:intro|introduction|contents|table of contents|preface|prologue|foreword|epilogue|text|cover|index|acknowledge?ments?|dedication|chapter|part|book|section|appendix)\b/i;

/** Headings this far into a document no longer name it. */
const TITLE_SEARCH_BLOCKS = 20;

const SMALL_WORDS = new Set(
  'a an and as at but by for from in into nor of on or over the to upon via with'.split(' '),
);

/**
 * "ANNIHILATION OF CASTE WITH A Reply" → "Annihilation of Caste with a Reply". Only titles with
 * a run of capitalised words are touched, and only those words; initials such as "B.R." stay.
 */
export function titleCase(text: string): string {
  // Two capitalised words in a row mark a title set in capitals; one may be an acronym.
  if (!/(?:^|\s)[\p{Lu}\P{L}]*\p{Lu}{2,}[\p{Lu}\P{L}]*\s+[^\s\p{Ll}]*\p{Lu}{2,}/u.test(text)) {
    return text;
  }
  return text
    .split(' ')
    .map((word, index) => {
      if (/\p{Ll}|\./u.test(word) || !/\p{Lu}/u.test(word)) return word;
      const lowered = word.toLowerCase();
      if (index > 0 && SMALL_WORDS.has(lowered)) return lowered;
      return lowered.replace(
        /^(\P{L}*)(\p{L})/u,
        (_match, prefix: string, letter: string) => `${prefix}${letter.toUpperCase()}`,
      );
    })
    .join(' ');
}

/** "Preface", "Chapter II", "Appendix": headings every book has, which name no work. */
export function isGenericHeading(text: string): boolean {
  return GENERIC_HEADING.test(text);
}

export function isUsableTitle(text: string | null | undefined): text is string {
  if (!text) return false;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters >= 3 && text.split(' ').length <= 25;
}

export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const words = stem.replace(/[_\s-]+/g, ' ').trim();
  if (!words) return base;
  return words
    .split(' ')
    .map((word, index) =>
      index > 0 && SMALL_WORDS.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase()),
    )
    .join(' ');
}

export function chooseTitle(
  declared: string | null,
  blocks: readonly LoadedBlock[],
  fileName: string,
  fallback?: string,
): ChosenTitle {
  if (isUsableTitle(declared)) return { title: titleCase(declared), source: 'declared' };
  // A title page that sets out series, volume and title names the book better than a heading
  // on it does (the Hindi volume's first heading is its bare "खंड 17").
  const fromTitlePage = titleFromTitlePage(blocks);
  if (fromTitlePage) return { title: fromTitlePage, source: 'title_page' };
  const headings = blocks.slice(0, TITLE_SEARCH_BLOCKS).filter((block) => block.kind === 'heading');
  const topLevel = Math.min(...headings.map((block) => block.level ?? 1));
  const heading = headings.find((block) => (block.level ?? 1) === topLevel);
  if (heading && isUsableTitle(heading.text) && !GENERIC_HEADING.test(heading.text)) {
    return { title: titleCase(heading.text), source: 'heading' };
  }
  if (isUsableTitle(fallback)) return { title: fallback, source: 'header' };
  const opening = openingTitleLine(blocks);
  if (opening) return { title: opening, source: 'opening_line' };
  return { title: titleFromFileName(fileName), source: 'file_name' };
}

/** A title line is short: a few words, no sentence. */
const TITLE_LINE_MAX_WORDS = 10;
const TITLE_LINE_MAX_CHARS = 90;

/**
 * A plain text that opens with a line of its own before the text proper ("இந்தியாவில் சாதிகள்-"
 * above the Tamil *Castes in India*): that line, without its trailing dash, names the work
 * better than the file name does. A salutation ("Friends,") or a sentence is not a title.
 */
export function openingTitleLine(blocks: readonly LoadedBlock[]): string | null {
  const capitals = openingCapitalLines(blocks);
  if (capitals) return capitals;
  const [first, second] = blocks;
  if (!first || !second || first.kind !== 'paragraph') return null;
  const line = first.text
    .replace(/\s+/g, ' ')
    .replace(/[\s\-–—:|]+$/u, '')
    .trim();
  if (line.length > TITLE_LINE_MAX_CHARS || line.split(' ').length > TITLE_LINE_MAX_WORDS)
    return null;
  if (/[.,;]$/.test(line) || !isUsableTitle(line) || GENERIC_HEADING.test(line)) return null;
  return titleCase(line);
}

/** A title set in capitals runs over a few short lines ("ANNIHILATION OF CASTE" / "WITH" / …). */
const CAPITAL_TITLE_MAX_LINES = 4;
const CAPITAL_TITLE_MAX_WORDS = 16;

/**
 * A text's own title page: the lines in capitals that open it, under a heading that names no
 * work ("Intro" above "ANNIHILATION OF CASTE / WITH / A REPLY TO MAHATMA GANDHI" in the
 * Markdown e-text), joined and in title case. Null unless text follows them.
 */
function openingCapitalLines(blocks: readonly LoadedBlock[]): string | null {
  let at = 0;
  while (blocks[at]?.kind === 'heading' && isGenericHeading(blocks[at]?.text ?? '')) at++;
  const lines: string[] = [];
  for (; lines.length < CAPITAL_TITLE_MAX_LINES; at++) {
    const block = blocks[at];
    const line = block?.text.replace(/\s+/g, ' ').trim() ?? '';
    const inCapitals = /\p{Lu}/u.test(line) && !/\p{Ll}/u.test(line) && !/[.,;:]$/.test(line);
    // "EDITOR'S INTRODUCTION" in capitals is still a heading every book has.
    if (block?.kind !== 'paragraph' || !inCapitals || GENERIC_HEADING.test(line)) break;
    if (line.split(' ').length > TITLE_LINE_MAX_WORDS) break;
    lines.push(line);
  }
  const title = lines.join(' ');
  if (!blocks[at] || !isUsableTitle(title) || title.split(' ').length > CAPITAL_TITLE_MAX_WORDS)
    return null;
  return titleCase(title);
}
