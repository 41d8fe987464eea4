// `node bench/src/calibrate-not-covered.ts`
// Explores the extractive answerer's 'not covered' signal: Kalpit's 25 questions against Kalpit
// plus the whole corpus as distractors. Prints the top-passage BM25 scores of answerable and
// unanswerable questions (they showed a score threshold cannot work: scores scale with the corpus,
// hence the term-coverage rule in NOT_COVERED_THRESHOLD) and how the answerer does as configured.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  answerExtractively,
  NOT_COVERED_THRESHOLD,
} from '@samvad/server/answers/extractive-answerer.ts';
import { renderTable } from '@samvad/server/cli/summary-table.ts';
import { z } from 'zod';
import { ThrowawayKnowledgeBase } from './throwaway-knowledge-base.ts';

const CORPUS = '/work/shared/corpus';
const KALPIT = path.join(CORPUS, 'kalpit');
const QUESTIONS = path.join(KALPIT, 'test_dataset.json');
const PASSAGES = 5;

const questions = z
  .object({
    test_questions: z.array(
      z.object({
        id: z.union([z.number(), z.string()]),
        question: z.string(),
        source_documents: z.array(z.string()),
        answerable: z.boolean().optional(),
      }),
    ),
  })
  .parse(JSON.parse(readFileSync(QUESTIONS, 'utf8')))
  .test_questions.map((q) => ({
    ...q,
    answerable: q.answerable ?? q.source_documents.length > 0,
    expected: new Set(q.source_documents.map((name) => path.basename(name))),
  }));

const kb = await ThrowawayKnowledgeBase.create();
try {
  // As eval-retrieval: provenance notes and question files are not writings.
  const excluded = new Set(['SOURCES.md', 'test_dataset.json', 'uma_cultural_benchmark.json']);
  const records = await kb.ingest([KALPIT, CORPUS], excluded);
  const failed = records.filter((r) => r.outcome.status === 'failed').length;
  console.log(
    `Ingested ${records.length} files (${failed} failed); index: ${kb.index.stats.chunks} chunks`,
  );

  const rows = [];
  for (const q of questions) {
    const passages = await kb.index.search(q.question, PASSAGES);
    const top = passages[0]?.score ?? 0;
    const result = answerExtractively(q.question, passages);
    const cited = result.sources.map((s) => s.file_name);
    rows.push({ ...q, top, result, cited, hit: cited.some((name) => q.expected.has(name)) });
  }

  const fmt = (x: number) => x.toFixed(3);
  const answerable = rows.filter((r) => r.answerable);
  const unanswerable = rows.filter((r) => !r.answerable);
  const describe = (label: string, scores: number[]) => {
    const sorted = [...scores].sort((a, b) => a - b);
    const at = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    console.log(
      `${label} (${sorted.length}): min ${fmt(sorted[0] ?? 0)}  p25 ${fmt(at(0.25))}  median ${fmt(at(0.5))}  max ${fmt(sorted[sorted.length - 1] ?? 0)}\n  ${sorted.map(fmt).join(' ')}`,
    );
  };
  console.log('\nTop-passage score (normalised BM25):');
  describe(
    'answerable',
    answerable.map((r) => r.top),
  );
  describe(
    'unanswerable',
    unanswerable.map((r) => r.top),
  );

  // Every candidate cut between observed scores; best = all unanswerable below, then most answerable above.
  const cuts = [...new Set(rows.map((r) => r.top))].sort((a, b) => a - b).map((s) => s + 1e-4);
  const evaluated = [0, ...cuts].map((t) => ({
    t,
    kept: answerable.filter((r) => r.top >= t).length,
    rejected: unanswerable.filter((r) => r.top < t).length,
  }));
  const separating = evaluated.filter((e) => e.rejected === unanswerable.length);
  const bestSeparating = separating.sort((a, b) => b.kept - a.kept || a.t - b.t)[0];
  console.log(
    bestSeparating && bestSeparating.kept > 0
      ? `\nThreshold keeping all ${unanswerable.length} unanswerable below: ${fmt(bestSeparating.t)} (answerable above: ${bestSeparating.kept}/${answerable.length})`
      : `\nNo threshold keeps all ${unanswerable.length} unanswerable below while keeping any answerable above: the highest unanswerable score (${fmt(Math.max(...unanswerable.map((r) => r.top)))}) exceeds the highest answerable (${fmt(Math.max(...answerable.map((r) => r.top)))}).`,
  );
  console.log('\nTrade-offs (threshold → answerable kept, unanswerable rejected):');
  console.log(
    evaluated
      .filter(
        (e, i, all) =>
          i === 0 || e.kept !== all[i - 1]?.kept || e.rejected !== all[i - 1]?.rejected,
      )
      .map(
        (e) =>
          `  ${fmt(e.t)} → ${e.kept}/${answerable.length}, ${e.rejected}/${unanswerable.length}`,
      )
      .join('\n'),
  );

  console.log(`\nExtractive answerer at NOT_COVERED_THRESHOLD = ${NOT_COVERED_THRESHOLD}:`);
  console.log(
    renderTable(
      ['id', 'answerable', 'top', 'covered', 'hit', 'cited', 'question'],
      rows.map((r) => [
        String(r.id),
        r.answerable ? 'yes' : 'no',
        fmt(r.top),
        r.result.covered ? 'yes' : 'no',
        r.answerable ? (r.hit ? 'yes' : 'NO') : '',
        [...new Set(r.cited)].join(', ').slice(0, 60),
        r.question.slice(0, 50),
      ]),
    ),
  );
  const hits = answerable.filter((r) => r.hit).length;
  const notCovered = unanswerable.filter((r) => !r.result.covered).length;
  console.log(
    `\nAnswerable with an expected document cited: ${hits}/${answerable.length} (target ≥ 20)`,
  );
  console.log(
    `Unanswerable answered 'not covered': ${notCovered}/${unanswerable.length} (target ${unanswerable.length})`,
  );
} finally {
  await kb.close();
}
