// `node bench/src/qa/assign-halves.ts`: gives every question without a `half` one, once. Items
// are grouped by kind, language and source group, ordered by a hash of their id, and dealt
// alternately to `tune` and `held-out`, so both halves have the same mix. Items that already
// have a half keep it: the split is fixed once made.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type QaQuestion, QUESTION_DIR } from './question-set.ts';

const files = readdirSync(QUESTION_DIR)
  .filter((name) => name.endsWith('.jsonl'))
  .sort();
const items = files.flatMap((name) =>
  readFileSync(path.join(QUESTION_DIR, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => ({ name, q: JSON.parse(line) as QaQuestion })),
);
const group = (q: QaQuestion) =>
  `${q.kind}|${q.language}|${q.file?.split('/').slice(0, 2).join('/') ?? 'none'}`;
const hash = (id: string) => createHash('sha256').update(id).digest('hex');
const counts = new Map<string, { tune: number; heldOut: number }>();
for (const { q } of items) {
  if (!q.half) continue;
  const count = counts.get(group(q)) ?? { tune: 0, heldOut: 0 };
  if (q.half === 'tune') count.tune++;
  else count.heldOut++;
  counts.set(group(q), count);
}
let assigned = 0;
for (const { q } of [...items].sort((a, b) => (hash(a.q.id) < hash(b.q.id) ? -1 : 1))) {
  if (q.half) continue;
  const count = counts.get(group(q)) ?? { tune: 0, heldOut: 0 };
  q.half = count.tune <= count.heldOut ? 'tune' : 'held-out';
  if (q.half === 'tune') count.tune++;
  else count.heldOut++;
  counts.set(group(q), count);
  assigned++;
}
for (const name of files) {
  const lines = items.filter((item) => item.name === name).map((item) => JSON.stringify(item.q));
  writeFileSync(path.join(QUESTION_DIR, name), `${lines.join('\n')}\n`);
}
console.log(`assigned ${assigned} halves; ${items.length} questions`);
