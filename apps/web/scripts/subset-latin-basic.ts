// `node apps/web/scripts/subset-latin-basic.ts`: cuts the Latin web fonts' basic subset,
// src/app/fonts/*-latin-basic-wght.woff2, from the installed @fontsource-variable packages. Run it
// again after upgrading them, and keep RANGE equal to the unicode-range of latin-basic-fonts.css.
//
// Fontsource's "latin" file of each family holds some 250 characters (Latin-1, the typographic
// punctuation, a few more): English text uses about a hundred of them. This subset holds those
// only, with every OpenType feature and the whole weight axis (harfbuzz's hb-subset, through the
// subset-font package), at two thirds of the bytes; the full file still serves the rest.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

/** Printable ASCII, and the punctuation and symbols English text and this app's copy use. */
export const RANGE =
  'U+0000-007E,U+00A0,U+00A9,U+00AB,U+00AE,U+00B0,U+00B7,U+00BB,U+00D7,U+2013-2014,' +
  'U+2018-201A,U+201C-201E,U+2020-2022,U+2026,U+2030,U+2032-2033,U+2039-203A,U+20AC,' +
  'U+2122,U+2212,U+FEFF,U+FFFD';

const web = path.resolve(import.meta.dirname, '..');
const packages = path.resolve(web, '../../node_modules/@fontsource-variable');
const FONTS = {
  inter: path.join(packages, 'inter/files/inter-latin-wght-normal.woff2'),
  newsreader: path.join(packages, 'newsreader/files/newsreader-latin-wght-normal.woff2'),
};

function characters(ranges: string): string {
  return ranges
    .split(',')
    .flatMap((part) => {
      const [first = '', last] = part.trim().replace(/^U\+/, '').split('-');
      const from = Number.parseInt(first, 16);
      const to = last ? Number.parseInt(last, 16) : from;
      return Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
    })
    .join('');
}

const outDir = path.join(web, 'src/app/fonts');
mkdirSync(outDir, { recursive: true });
for (const [family, source] of Object.entries(FONTS)) {
  const subset = await subsetFont(readFileSync(source), characters(RANGE), {
    targetFormat: 'woff2',
  });
  const target = path.join(outDir, `${family}-latin-basic-wght.woff2`);
  writeFileSync(target, subset);
  console.log(
    `${path.relative(web, target)}: ${subset.length} bytes (from ${statSync(source).size})`,
  );
}
