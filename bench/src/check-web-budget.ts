// `node bench/src/check-web-budget.ts [dist]`: fails (exit 1) when the built web app's /chat
// first-load JavaScript is over its budget. Part of `npm run build`, so a change that grows the
// chat screen past it fails the build, CI included, instead of showing up in a later benchmark.
// Also reports the script fonts (Indic, Arabic) apart from the JavaScript, and fails when a web
// font has no unicode-range: such a face may be fetched by any page, English ones included.
import path from 'node:path';
import { CHAT_FIRST_LOAD_BUDGET_GZIP_BYTES, CHAT_PAGE } from './web-bench/budget.ts';
import { readManifest, routeFigure } from './web-bench/bundle.ts';
import { declaredFonts, firstLoadCss, scriptFontFamilies } from './web-bench/fonts.ts';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../apps/web/dist'));
const manifest = readManifest(dist);
const chat = routeFigure(dist, manifest, '/chat', CHAT_PAGE);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
let failed = false;

const verdict = `/chat first-load JavaScript: ${kB(chat.total.gzip)} gzip in ${chat.chunks.length} chunks (budget ${kB(CHAT_FIRST_LOAD_BUDGET_GZIP_BYTES)})`;
if (chat.total.gzip > CHAT_FIRST_LOAD_BUDGET_GZIP_BYTES) {
  console.error(`Over budget: ${verdict}`);
  for (const chunk of chat.chunks) console.error(`  ${kB(chunk.gzip).padStart(9)}  ${chunk.file}`);
  failed = true;
} else {
  console.log(`Within budget: ${verdict}`);
}

const fonts = declaredFonts(dist, firstLoadCss(manifest));
const scripts = scriptFontFamilies(fonts);
const scriptBytes = scripts.reduce((n, family) => n + family.bytes, 0);
console.log(
  `Script fonts (woff2, outside U+0000–00FF: fetched only for text in their script, none for English): ${scripts.length} families, ${scripts.reduce((n, f) => n + f.files.length, 0)} files, ${kB(scriptBytes)}`,
);
for (const family of scripts) {
  const files = family.files.map((file) => `${file.weight} ${kB(file.bytes)}`).join(', ');
  console.log(`  ${family.family.padEnd(22)} ${files}`);
}
const unranged = fonts.filter((font) => font.ranges === null);
if (unranged.length > 0) {
  console.error('Web fonts without a unicode-range (a browser may fetch them on any page):');
  for (const font of unranged) console.error(`  ${font.family} ${font.weight}  ${font.url}`);
  failed = true;
}
if (failed) process.exit(1);
