/**
 * Plain text and Markdown. Paragraphs are separated by blank lines; Markdown headings become
 * heading blocks and Markdown syntax that is not text (images, link targets, emphasis marks,
 * blockquote prefixes, comments, rules) is dropped.
 */
import { collectHyphenEvidence, hasContent, normaliseText } from '../normalise.ts';
import type { LoadedBlock } from '../types.ts';
import { decodeText } from './decode.ts';
import type { LoaderResult } from './result.ts';

type Piece = { kind: 'heading'; level: number; text: string } | { kind: 'lines'; lines: string[] };

/**
 * The corpus's joined chapter files start each chapter with
 * `<!-- source file: … | front-matter title: 03 PROLOGUE -->`; that title is a real heading.
 */
const CHAPTER_COMMENT = /front-matter title:\s*([\s\S]*?)\s*-->/;

/** `SOURCE:` / `TITLE:` / `TYPE:` lines some excerpt files start with. */
const HEADER_LINE = /^([A-Z][A-Z ]{1,24}):\s*(.*)$/;
const TITLE_KEYS = new Set(['TITLE', 'SPEECH TITLE', 'BOOK TITLE']);

/** UTF-8 read as Windows-1252, as found in some converted titles. */
const MOJIBAKE: Array<[string, string]> = [
  ['â€”', '—'],
  ['â€“', '–'],
  ['â€™', '’'],
  ['â€˜', '‘'],
  ['â€œ', '“'],
  ['â€\u009d', '”'],
  ['â€', '”'],
];

function cleanChapterTitle(raw: string): string {
  let title = raw
    .replace(/\\n/g, ' ')
    .replace(/(?<![A-Za-z])xa0/g, ' ')
    .replace(/^\+/, '')
    .replace(/^\d+\s+/, '');
  for (const [bad, good] of MOJIBAKE) title = title.split(bad).join(good);
  return title;
}

/**
 * The first index of `char` at or after each position asked, for positions that only grow: one
 * scan of the text in all, where `indexOf` from every candidate would rescan the same tail (a
 * line of 50,000 "](" with no ")" took 13 s of regular expressions).
 */
function forwardFinder(text: string, char: string): (from: number) => number {
  let found = -2;
  return (from) => {
    if (found === -1 || found >= from) return found;
    found = text.indexOf(char, from);
    return found;
  };
}

type LinkRule = {
  /** `![`: images; `[`: links. */
  opener: '![' | '[';
  /** What the bracketed text may hold: any but `]`; only white space; or `\x` escapes too. */
  text: 'plain' | 'blank' | 'escaped';
  /** `(`: an inline target to `)`; `[`: a reference to `]`. */
  target: '(' | '[';
  /** Keep the bracketed text, or drop the whole link. */
  keep: boolean;
};

/**
 * Where a link's bracketed text from `start` (just past its `[`) ends: its `]`, or where the
 * rule refuses a character (a line end after `\\`, a non-blank, the end of the line). Every opener
 * inside the text scanned reaches that same place, so a refused one lets the search go on from it.
 */
function linkTextEnd(
  text: string,
  start: number,
  rule: LinkRule['text'],
): { close: number } | { refusedAt: number } {
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === ']') return rule === 'escaped' && i === start ? { refusedAt: i } : { close: i };
    if (rule === 'blank' && !/\s/.test(char ?? '')) return { refusedAt: i };
    if (rule === 'escaped' && char === '\\') {
      // `\\.`: any character but a line end follows; a backslash alone ends nothing.
      if (!/^[^\n\r\u2028\u2029]$/.test(text[i + 1] ?? '')) return { refusedAt: i };
      i++;
    }
  }
  return { refusedAt: text.length };
}

/**
 * One kind of Markdown link replaced in linear time, as the regular expressions
 * `!\[[^\]]*\]\([^)]*\)`, `\[\s*\]\([^)]*\)`, `\[((?:\\.|[^\]\\])+)\]\([^)]*\)` and
 * `\[((?:\\.|[^\]\\])+)\]\[[^\]]*\]` did with backtracking. A failed candidate skips to where
 * its text ended: every opener inside that text reaches the same end, and fails the same way.
 */
function replaceLinks(line: string, rule: LinkRule): string {
  if (!line.includes(rule.opener)) return line;
  const targetEnd = forwardFinder(line, rule.target === '(' ? ')' : ']');
  let out = '';
  let copied = 0;
  let at = line.indexOf(rule.opener);
  while (at >= 0) {
    const textStart = at + rule.opener.length;
    const found = linkTextEnd(line, textStart, rule.text);
    if ('refusedAt' in found) {
      at = line.indexOf(rule.opener, Math.max(found.refusedAt, at + 1));
      continue;
    }
    const end = found.close;
    const close = line[end + 1] === rule.target ? targetEnd(end + 2) : -1;
    if (close < 0) {
      at = line.indexOf(rule.opener, end + 1);
      continue;
    }
    out += line.slice(copied, at) + (rule.keep ? line.slice(textStart, end) : '');
    copied = close + 1;
    at = line.indexOf(rule.opener, copied);
  }
  return copied === 0 ? line : out + line.slice(copied);
}

/** `<!-- … -->` removed (or replaced) in one scan, however many openers lack an end. */
function replaceComments(text: string, replace: (comment: string) => string): string {
  let out = '';
  let copied = 0;
  let at = text.indexOf('<!--');
  while (at >= 0) {
    const end = text.indexOf('-->', at + 4);
    // No end after this opener: none after any later one either.
    if (end < 0) break;
    out += text.slice(copied, at) + replace(text.slice(at, end + 3));
    copied = end + 3;
    at = text.indexOf('<!--', copied);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * ` | ` between table cells and none at a row's ends: what `\s*\|\s*` → ' | ' and then
 * `^\s*\|\s*|\s*\|\s*$` → '' gave, without their rescans of long runs of white space.
 */
function tableBars(line: string): string {
  if (!line.includes('|')) return line;
  const cells = line.split('|');
  const last = cells.length - 1;
  let row = cells
    .map((cell, i) => (i === 0 ? cell.trimEnd() : i === last ? cell.trimStart() : cell.trim()))
    .join(' | ');
  const start = row.trimStart();
  if (start.startsWith('|')) row = start.slice(1).trimStart();
  const end = row.trimEnd();
  if (end.endsWith('|')) row = end.slice(0, -1).trimEnd();
  return row;
}

const IMAGE: LinkRule = { opener: '![', text: 'plain', target: '(', keep: false };
const EMPTY_LINK: LinkRule = { opener: '[', text: 'blank', target: '(', keep: false };
const INLINE_LINK: LinkRule = { opener: '[', text: 'escaped', target: '(', keep: true };
const REFERENCE_LINK: LinkRule = { opener: '[', text: 'escaped', target: '[', keep: true };

/** Markdown inline syntax to plain text (exported for its tests). */
export function stripInlineMarkdown(line: string): string {
  let text = replaceComments(line, () => '');
  text = replaceLinks(text, IMAGE);
  text = replaceLinks(text, EMPTY_LINK);
  // Link text may hold escaped brackets: "[\[f1\]](#_msocom_1)".
  text = replaceLinks(text, INLINE_LINK);
  text = replaceLinks(text, REFERENCE_LINK);
  return tableBars(
    text
      .replace(/<(https?:[^>\s]+)>/g, '$1')
      .replace(/<\/?[a-zA-Z][^>]*>/g, '')
      .replace(/`+/g, '')
      .replace(/\*\*|__/g, '')
      // Single emphasis marks: * or _ at the edge of a word.
      .replace(/(^|[\s(["“‘'—-])[*_]+(?=\S)/g, '$1')
      .replace(/(?<=\S)[*_]+(?=$|[\s).,;:!?\]"”’'—-])/g, '')
      .replace(/\\([\\`*_{}[\]()#+\-.!~|>"'=^])/g, '$1'),
  );
}

function parseMarkdown(text: string): Piece[] {
  // As CHAPTER_COMMENT.test(text), without its scan to the end from every "front-matter title:".
  const chapterAt = text.indexOf('front-matter title:');
  const chapters = chapterAt >= 0 && text.includes('-->', chapterAt);
  const pieces: Piece[] = [];
  let lines: string[] = [];
  const endParagraph = () => {
    if (lines.length > 0) pieces.push({ kind: 'lines', lines });
    lines = [];
  };
  // Comments can span lines: turn chapter comments into heading lines, drop the rest.
  const withoutComments = replaceComments(text, (comment) => {
    const title = CHAPTER_COMMENT.exec(comment)?.[1];
    return title ? `\n\n\u0000${cleanChapterTitle(title)}\n\n` : '';
  });
  let fenced = false;
  for (const rawLine of withoutComments.split('\n')) {
    if (/^\s*(```|~~~)/.test(rawLine)) {
      fenced = !fenced;
      endParagraph();
      continue;
    }
    if (fenced) {
      lines.push(rawLine);
      continue;
    }
    const line = rawLine.replace(/^(\s{0,3}>)+ ?/, '');
    if (line.startsWith('\u0000')) {
      endParagraph();
      pieces.push({ kind: 'heading', level: 1, text: line.slice(1) });
      continue;
    }
    const atx = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (atx?.[1] && atx[2] !== undefined) {
      endParagraph();
      const level = Math.min(atx[1].length + (chapters ? 1 : 0), 6);
      pieces.push({ kind: 'heading', level, text: stripInlineMarkdown(atx[2]) });
      continue;
    }
    // Table separator rows and rules carry no text.
    if (/^[\s:|-]*$/.test(line) && line.includes('-') && line.includes('|')) continue;
    // A rule or an image alone on its line ends the paragraph; syntax spanning lines (a
    // link's text wrapped onto the next line) is stripped from the whole paragraph below.
    if (!hasContent(stripInlineMarkdown(line))) endParagraph();
    else lines.push(line);
  }
  endParagraph();
  return pieces.map((piece) =>
    piece.kind === 'lines'
      ? { kind: 'lines', lines: [stripInlineMarkdown(piece.lines.join('\n'))] }
      : piece,
  );
}

/**
 * Unwrapped text (one paragraph per line, as in the Tamil corpus file) has lines far longer
 * than any wrapping width; then every line break ends a paragraph.
 */
function isUnwrapped(text: string): boolean {
  let long = 0;
  for (const line of text.split('\n')) if (line.length > 250) long += line.length;
  return long > text.length * 0.5;
}

function parsePlain(text: string): Piece[] {
  const separator = isUnwrapped(text) ? /\n/ : /\n[ \t\u00A0]*\n/;
  return text
    .split(separator)
    .map((paragraph) => paragraph.split('\n'))
    .filter((lines) => lines.some(hasContent))
    .map((lines) => ({ kind: 'lines', lines }));
}

/** Reads and removes an excerpt header; its TITLE names the document, SECTION heads it. */
function takeHeader(text: string): {
  body: string;
  title: string | null;
  section: string | null;
  described?: string | null;
  lines?: string[];
} {
  const lines = text.split('\n');
  let title: string | null = null;
  let section: string | null = null;
  const fields = new Map<string, string>();
  let count = 0;
  while (count < lines.length && count < 12) {
    // A file name pasted before the first key ("data25.txt   SOURCE: …") is not part of it.
    const line = (lines[count] ?? '').trim().replace(/^\S+\.txt\s+(?=[A-Z]+:)/, '');
    const match = HEADER_LINE.exec(line);
    if (!match?.[1]) break;
    const value = (match[2] ?? '').trim();
    if (TITLE_KEYS.has(match[1]) && value) title ??= value;
    if (match[1] === 'SECTION' && value) section = value;
    if (value) fields.set(match[1], value);
    count++;
  }
  // One "WORD:" line may be the text itself ("NOTE: …"); a header has several.
  if (count < 2) return { body: text, title: null, section: null };
  // Without a TITLE, the source and kind of text say more than the file name ("Baws Data10").
  const source = fields.get('SOURCE');
  const type = fields.get('TYPE');
  const described = source ? (type ? `${source}: ${type}` : source) : null;
  const header = [...fields].map(([key, value]) => `${key}: ${value}`);
  return { body: lines.slice(count).join('\n'), title, section, described, lines: header };
}

export function loadText(bytes: Uint8Array, format: 'plain' | 'markdown'): LoaderResult {
  const decoded = decodeText(bytes);
  const text = decoded.text.replace(/\r\n?/g, '\n');
  const header = takeHeader(text);
  const pieces = format === 'markdown' ? parseMarkdown(header.body) : parsePlain(header.body);
  const evidence = collectHyphenEvidence(header.body);
  const blocks: LoadedBlock[] = [];
  const block = (kind: LoadedBlock['kind'], value: string, level?: number) => {
    const normalised = normaliseText(value, evidence);
    if (!hasContent(normalised)) return;
    blocks.push({
      kind,
      ...(level === undefined ? {} : { level }),
      text: normalised,
      page: null,
      endPage: null,
      pageLabel: null,
      anchor: null,
    });
  };
  if (header.section) block('heading', header.section, 1);
  for (const piece of pieces) {
    if (piece.kind === 'heading') block('heading', piece.text, piece.level);
    else block('paragraph', piece.lines.join('\n'));
  }
  return {
    blocks,
    title: header.title ? normaliseText(header.title) : null,
    ...(header.described ? { fallbackTitle: normaliseText(header.described) } : {}),
    pageCount: null,
    warnings: decoded.warning ? [decoded.warning] : [],
    provenance: header.lines ?? [],
  };
}
