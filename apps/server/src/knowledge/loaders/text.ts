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

/** Markdown inline syntax to plain text. */
function stripInlineMarkdown(line: string): string {
  return (
    line
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\[\s*\]\([^)]*\)/g, '')
      // Link text may hold escaped brackets: "[\[f1\]](#_msocom_1)".
      .replace(/\[((?:\\.|[^\]\\])+)\]\([^)]*\)/g, '$1')
      .replace(/\[((?:\\.|[^\]\\])+)\]\[[^\]]*\]/g, '$1')
      .replace(/<(https?:[^>\s]+)>/g, '$1')
      .replace(/<\/?[a-zA-Z][^>]*>/g, '')
      .replace(/`+/g, '')
      .replace(/\*\*|__/g, '')
      // Single emphasis marks: * or _ at the edge of a word.
      .replace(/(^|[\s(["“‘'—-])[*_]+(?=\S)/g, '$1')
      .replace(/(?<=\S)[*_]+(?=$|[\s).,;:!?\]"”’'—-])/g, '')
      .replace(/\\([\\`*_{}[\]()#+\-.!~|>"'=^])/g, '$1')
      .replace(/\s*\|\s*/g, ' | ')
      .replace(/^\s*\|\s*|\s*\|\s*$/g, '')
  );
}

function parseMarkdown(text: string): Piece[] {
  const chapters = CHAPTER_COMMENT.test(text);
  const pieces: Piece[] = [];
  let lines: string[] = [];
  const endParagraph = () => {
    if (lines.length > 0) pieces.push({ kind: 'lines', lines });
    lines = [];
  };
  // Comments can span lines: turn chapter comments into heading lines, drop the rest.
  const withoutComments = text.replace(/<!--[\s\S]*?-->/g, (comment) => {
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
    if (/^\s*\|?[\s:|-]*-[\s:|-]*$/.test(line) && line.includes('|')) continue;
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
