/**
 * The web fonts a build declares in its first-load CSS, read from the built stylesheets: which
 * file each @font-face fetches, its bytes (woff2 is compressed already: the bytes on the wire)
 * and the characters that make a browser fetch it (unicode-range).
 *
 * A "script font" is a family none of whose faces a character of U+0000–00FF can select, so
 * English text never fetches it: the Indic and Arabic-script fonts, reported apart from the
 * first-load JavaScript. (The Latin UI families have faces for other subsets too, Cyrillic or
 * Vietnamese: those are not script fonts, the family serves English.)
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Manifest, staticClosure } from './bundle.ts';

export type CodePointRange = readonly [number, number];
export type DeclaredFont = {
  family: string;
  weight: string;
  /** The woff2 (or first) source, as the CSS names it. */
  url: string;
  bytes: number;
  /** null: the face has no unicode-range, so the browser may fetch it for any character. */
  ranges: CodePointRange[] | null;
};
export type ScriptFontFamily = {
  family: string;
  files: { weight: string; url: string; bytes: number }[];
  bytes: number;
};

/** English text: ASCII and Latin-1, the range a script font must stay out of. */
const LATIN_1: CodePointRange = [0x0000, 0x00ff];

/** `U+900-97F,U+20B9,U+4??` → code-point ranges (a `?` stands for any hex digit). */
export function parseUnicodeRange(value: string): CodePointRange[] {
  return value.split(',').map((part) => {
    const match = /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!match?.[1]) throw new Error(`unreadable unicode-range part "${part}"`);
    const [, from, to] = match;
    if (from.includes('?')) {
      return [
        Number.parseInt(from.replaceAll('?', '0'), 16),
        Number.parseInt(from.replaceAll('?', 'f'), 16),
      ];
    }
    const start = Number.parseInt(from, 16);
    return [start, to ? Number.parseInt(to, 16) : start];
  });
}

const overlaps = (ranges: readonly CodePointRange[], [from, to]: CodePointRange) =>
  ranges.some(([start, end]) => start <= to && end >= from);

/** Whether English text can never make a browser fetch this face. */
const outsideLatin1 = (font: DeclaredFont) =>
  font.ranges !== null && !overlaps(font.ranges, LATIN_1);

const property = (block: string, name: string) =>
  new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`, 'i').exec(block)?.[1]?.trim();

function fileBytes(outDir: string, url: string): number {
  if (url.startsWith('data:')) return Buffer.byteLength(url.slice(url.indexOf(',') + 1), 'base64');
  return statSync(path.join(outDir, url.replace(/^\//, ''))).size;
}

/**
 * Every @font-face of the given built stylesheets that fetches a file: a face of installed fonts
 * alone (`src: local(…)`, the web fonts' stand-ins while they load) downloads nothing.
 */
export function declaredFonts(outDir: string, cssFiles: readonly string[]): DeclaredFont[] {
  return cssFiles.flatMap((file) => {
    const css = readFileSync(path.join(outDir, file), 'utf8');
    return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].flatMap(([, block = '']) => {
      const src = property(block, 'src') ?? '';
      const urls = [...src.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((m) => m[1] ?? '');
      const url = urls.find((u) => /\.woff2(?:[?#]|$)/.test(u)) ?? urls[0];
      if (!url) {
        if (/local\(/.test(src)) return [];
        throw new Error(`@font-face without a url in ${file}: ${block}`);
      }
      const range = property(block, 'unicode-range');
      return {
        family: (property(block, 'font-family') ?? '').replace(/^["']|["']$/g, ''),
        weight: property(block, 'font-weight') ?? 'normal',
        url,
        bytes: fileBytes(outDir, url),
        ranges: range ? parseUnicodeRange(range) : null,
      };
    });
  });
}

/** The stylesheets loaded with the entry chunk and its static imports: every page's fonts. */
export function firstLoadCss(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('manifest has no entry chunk');
  return [...new Set(staticClosure(manifest, [entry]).flatMap((key) => manifest[key]?.css ?? []))];
}

/** The script font families, in the order the CSS declares them. */
export function scriptFontFamilies(fonts: readonly DeclaredFont[]): ScriptFontFamily[] {
  return [...Map.groupBy(fonts, (font) => font.family)]
    .filter(([, faces]) => faces.every(outsideLatin1))
    .map(([family, faces]) => ({
      family,
      files: faces.map(({ weight, url, bytes }) => ({ weight, url, bytes })),
      bytes: faces.reduce((n, face) => n + face.bytes, 0),
    }));
}
