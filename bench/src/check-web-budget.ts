// `node bench/src/check-web-budget.ts [dist]`: fails (exit 1) when the built web app's /chat
// first-load JavaScript is over its budget. Part of `npm run build`, so a change that grows the
// chat screen past it fails the build, CI included, instead of showing up in a later benchmark.
import path from 'node:path';
import { CHAT_FIRST_LOAD_BUDGET_GZIP_BYTES, CHAT_PAGE } from './web-bench/budget.ts';
import { readManifest, routeFigure } from './web-bench/bundle.ts';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../apps/web/dist'));
const chat = routeFigure(dist, readManifest(dist), '/chat', CHAT_PAGE);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const verdict = `/chat first-load JavaScript: ${kB(chat.total.gzip)} gzip in ${chat.chunks.length} chunks (budget ${kB(CHAT_FIRST_LOAD_BUDGET_GZIP_BYTES)})`;
if (chat.total.gzip > CHAT_FIRST_LOAD_BUDGET_GZIP_BYTES) {
  console.error(`Over budget: ${verdict}`);
  for (const chunk of chat.chunks) console.error(`  ${kB(chunk.gzip).padStart(9)}  ${chunk.file}`);
  process.exit(1);
}
console.log(`Within budget: ${verdict}`);
