// `npm run bench:answer [-- --runs 3] [--json <file>]`
// What the offline answer adds to time to first token, apart from retrieval: the shared corpus
// ingested (BM25), every question of the team's set asked through the chat service's own
// composeAnswer; per question, first token minus the searches' time (what the service reports
// to its retrieval metric). Target (issue 18): p95 ≤ 30 ms above retrieval.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadPersona } from '@samvad/server/config/persona.ts';
import { composeAnswer } from '@samvad/server/services/chat-service.ts';
import { readQuestionSet } from './qa/question-set.ts';
import { percentiles } from './retrieval-bench/measure.ts';
import { describeMachine, recordFile, writeRecord } from './suite/run-record.ts';
import { median, type SummaryRow, summaryRow, summaryTable } from './suite/summary-row.ts';
import { ThrowawayKnowledgeBase } from './throwaway-knowledge-base.ts';

const wallStarted = performance.now();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus') },
    json: { type: 'string' },
  },
});
const runs = Number(values.runs);
const persona = await loadPersona(path.join(repoRoot, 'apps/server/config/persona.default.json'));
const kb = await ThrowawayKnowledgeBase.create();
await kb.ingest([path.join(values.corpus, 'ambedkar'), path.join(values.corpus, 'indic')]);
const questions = readQuestionSet();

/** One question: [first token, searches] in ms. */
async function ask(question: string, language: string): Promise<[number, number]> {
  let searches = 0;
  const answer = composeAnswer(
    {
      index: kb.index,
      persona,
      llm: null,
      log: { warn: () => {} },
      retrievalSeconds: { observe: (seconds) => (searches += seconds * 1000) },
    },
    { question, history: [], language, signal: new AbortController().signal },
  );
  const started = performance.now();
  const tokens = answer.tokens[Symbol.asyncIterator]();
  await tokens.next();
  const firstToken = performance.now() - started;
  for (let next = await tokens.next(); !next.done; next = await tokens.next());
  return [firstToken, searches];
}

for (const q of questions) await ask(q.question, q.language); // warm up
const added: number[][] = [];
const retrieval: number[][] = [];
for (let run = 0; run < runs; run++) {
  const addedRun: number[] = [];
  const retrievalRun: number[] = [];
  for (const q of questions) {
    const [firstToken, searches] = await ask(q.question, q.language);
    addedRun.push(firstToken - searches);
    retrievalRun.push(searches);
  }
  added.push(addedRun);
  retrieval.push(retrievalRun);
}
await kb.close();
const addedP95 = median(added.map((run) => percentiles(run).p95));
const retrievalP95 = median(retrieval.map((run) => percentiles(run).p95));
const summary: SummaryRow[] = [
  summaryRow({
    area: 'answer',
    measure: `offline answer's added time to first token, p95 (${questions.length} questions, shared corpus)`,
    unit: 'ms',
    ours: addedP95,
    reference: retrievalP95,
    referenceName: 'retrieval alone, p95',
    target: { text: 'added ≤ 30 ms', met: ({ ours }) => ours <= 30 },
  }),
  summaryRow({
    area: 'answer',
    measure: "offline answer's added time to first token, p50",
    unit: 'ms',
    ours: median(added.map((run) => percentiles(run).p50)),
    reference: median(retrieval.map((run) => percentiles(run).p50)),
    referenceName: 'retrieval alone, p50',
  }),
];
console.log(summaryTable(summary));
const record = {
  machine: describeMachine(),
  questions: questions.length,
  runs,
  added: added.map(percentiles),
  retrieval: retrieval.map(percentiles),
  summary,
  wallSeconds: (performance.now() - wallStarted) / 1000,
};
writeRecord(recordFile('answer', values.json), record);
