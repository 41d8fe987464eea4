// `node bench/src/qa/calibrate-refusal.ts <eval:qa record.json> [--max-wrong 0.05] [--row N]`
// (--row N: the Nth variant of a hybrid-variants.ts record, counted from 0)
// Chooses the 'not covered' thresholds (apps/server/src/answers/coverage.ts) on the TUNE half
// of an eval:qa run: the most unanswerable questions refused while at most --max-wrong of the
// answerable ones are. Prints the sweep's best rows and how the choice does on held-out too.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type CoverageEvidence,
  type CoverageThresholds,
  isCovered,
} from '@samvad/server/answers/coverage.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'max-wrong': { type: 'string', default: '0.05' },
    row: { type: 'string' },
  },
});
const file = positionals[0];
if (!file) {
  console.error('Usage: node bench/src/qa/calibrate-refusal.ts <record.json> [--max-wrong 0.05]');
  process.exit(2);
}
type Row = {
  id: string;
  half: string;
  language: string;
  answerable: boolean;
  evidence: CoverageEvidence;
};
const record = JSON.parse(readFileSync(file, 'utf8')) as {
  perQuestion?: Row[];
  rows?: { perQuestion: Row[] }[];
};
const rows =
  (values.row === undefined
    ? record.perQuestion
    : record.rows?.[Number(values.row)]?.perQuestion) ?? [];
const maxWrong = Number(values['max-wrong']);
const hasDense = rows.some((row) => row.evidence.dense !== null);

/**
 * Without vectors, a Hindi or Marathi question shares no word with English writings and is
 * refused whatever the threshold: the wrongly-refused rate is then taken over the questions
 * lexical search can answer (English and Tamil), so the threshold is chosen on what it decides.
 */
function rates(subset: Row[], thresholds: CoverageThresholds) {
  const answerable = subset.filter(
    (r) => r.answerable && (hasDense || r.language === 'en' || r.language === 'ta'),
  );
  const unanswerable = subset.filter((r) => !r.answerable);
  const wrong = answerable.filter((r) => !isCovered(r.evidence, thresholds)).length;
  const refused = unanswerable.filter((r) => !isCovered(r.evidence, thresholds)).length;
  return {
    wrong: wrong / Math.max(1, answerable.length),
    refused: refused / Math.max(1, unanswerable.length),
  };
}

const steps = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) =>
    Number((from + i * step).toFixed(3)),
  );
const candidates: CoverageThresholds[] = [];
for (const unknown of [0, 0.1, 0.15, 0.2, 0.25, 0.34, 0.5, 1]) {
  for (const lexical of steps(0, 0.6, 0.02)) {
    if (!hasDense) {
      candidates.push({
        lexicalOnly: lexical,
        unknownLexicalOnly: unknown,
        dense: 1,
        lexical: 1,
        unknown: 1,
        denseAlone: 1,
      });
      continue;
    }
    for (const dense of steps(0.7, 0.9, 0.01)) {
      for (const denseAlone of steps(dense, 0.95, 0.01)) {
        candidates.push({
          lexicalOnly: 0,
          unknownLexicalOnly: 1,
          dense,
          lexical,
          unknown,
          denseAlone,
        });
      }
    }
  }
}
const tune = rows.filter((r) => r.half === 'tune');
const heldOut = rows.filter((r) => r.half === 'held-out');
const scored = candidates
  .map((thresholds) => ({ thresholds, tune: rates(tune, thresholds) }))
  .filter((c) => c.tune.wrong <= maxWrong)
  // Most refused; then fewest wrongly refused; then the loosest thresholds (least brittle).
  .sort(
    (a, b) =>
      b.tune.refused - a.tune.refused ||
      a.tune.wrong - b.tune.wrong ||
      a.thresholds.lexical - b.thresholds.lexical,
  );
console.log(
  `${rows.length} questions (${tune.length} tune), dense evidence: ${hasDense}, answerable wrongly refused ≤ ${maxWrong}`,
);
for (const c of scored.slice(0, 8)) {
  const held = rates(heldOut, c.thresholds);
  console.log(
    `${JSON.stringify(c.thresholds)}  tune: refused ${c.tune.refused.toFixed(3)}, wrong ${c.tune.wrong.toFixed(3)}  held-out: refused ${held.refused.toFixed(3)}, wrong ${held.wrong.toFixed(3)}`,
  );
}
