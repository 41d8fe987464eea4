/**
 * Decoded lines beside the raw text layer they came from, so a reader of the report can judge
 * the decoding by eye: pdftotext's mojibake of a line, and the same line as the product
 * loader's text holds it. A raw line is matched to the loader's text by decoding it with the
 * product decoder (the family judged on pdftotext's whole page) and finding that in the
 * loader's page, so a line is shown only where the loader's text and the decoder agree.
 */
import { execFileSync } from 'node:child_process';
import { decodeLegacyDevanagari } from '@samvad/server/knowledge/legacy-devanagari/decode.ts';
import { legacyFamilyOf } from '@samvad/server/knowledge/legacy-devanagari/detect.ts';
import type { LegacyFamily } from '@samvad/server/knowledge/legacy-devanagari/tables.ts';
import { devanagariTokens, type PageShare } from './decoding-quality.ts';

export type SideBySideLine = {
  page: number;
  family: LegacyFamily;
  /** pdftotext's text of the line: the font's Latin codes. */
  raw: string;
  /** The same line in the loader's text of the page. */
  loaded: string;
};

const MIN_LINE_TOKENS = 9;

/** pdftotext's text of every page (reading order, no layout): 1-based page → text. */
export function pdftotextPages(pdfPath: string): Map<number, string> {
  const text = execFileSync('pdftotext', [pdfPath, '-'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 256 * 1024 * 1024,
  });
  // pdftotext ends every page with a form feed.
  return new Map(text.split('\f').map((page, index) => [index + 1, page] as const));
}

/** The legacy family of each page's raw text (null: not legacy Devanagari). */
export function pageFamilies(
  rawPages: ReadonlyMap<number, string>,
): Map<number, LegacyFamily | null> {
  return new Map([...rawPages].map(([page, raw]) => [page, legacyFamilyOf(raw)] as const));
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The first line of the raw page with enough words that the loader's text holds as decoded. */
export function lineOfPage(
  page: number,
  raw: string,
  family: LegacyFamily,
  loadedText: string,
): SideBySideLine | null {
  const loaded = squeeze(loadedText);
  for (const line of raw.split('\n')) {
    const decoded = squeeze(decodeLegacyDevanagari(line, family));
    if (devanagariTokens(decoded).length < MIN_LINE_TOKENS) continue;
    const at = loaded.indexOf(decoded);
    if (at >= 0) {
      return { page, family, raw: squeeze(line), loaded: loaded.slice(at, at + decoded.length) };
    }
  }
  return null;
}

/**
 * `count` lines from as many pages: the richest page of each legacy font family first (the
 * front matter's Kruti Dev, the body's Chanakya), then the middle pages of equal stretches of
 * the rest; any other page if a chosen page has no line the loader and the decoder agree on.
 */
export function sideBySide(
  pages: readonly PageShare[],
  rawPages: ReadonlyMap<number, string>,
  loadedPages: ReadonlyMap<number, string>,
  count = 5,
): SideBySideLine[] {
  const families = pageFamilies(rawPages);
  const candidates = pages.filter((p) => p.tokens >= 100 && families.get(p.page));
  const order: number[] = [];
  for (const family of new Set(candidates.map((p) => families.get(p.page)))) {
    const richest = candidates
      .filter((p) => families.get(p.page) === family)
      .sort((a, b) => b.tokens - a.tokens)[0];
    if (richest) order.push(richest.page);
  }
  const rest = candidates.map((p) => p.page).filter((page) => !order.includes(page));
  for (let i = 0; i < count; i++) {
    const page = rest[Math.floor(((i + 0.5) * rest.length) / count)];
    if (page !== undefined && !order.includes(page)) order.push(page);
  }
  for (const page of rest) if (!order.includes(page)) order.push(page);
  const lines: SideBySideLine[] = [];
  for (const page of order) {
    const family = families.get(page);
    if (lines.length >= count || !family) continue;
    const line = lineOfPage(page, rawPages.get(page) ?? '', family, loadedPages.get(page) ?? '');
    if (line) lines.push(line);
  }
  return lines.sort((a, b) => a.page - b.page);
}
