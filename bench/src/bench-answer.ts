// `npm run bench:answer [-- --runs 3] [--embeddings local|none] [--json <file>]`
// What the offline answer adds to time to first token, apart from retrieval: the shared corpus
// ingested (with the product's default model: hybrid search, quotes chosen by meaning too),
// every question of the team's set asked through the chat service's own composeAnswer; per
// question, first token minus the searches' time (what the service reports to its retrieval
// metric), and the whole answer likewise (the quotes wait for the sentences' embedding, which
// runs live on the in-process model; the corpus's vectors come from the evaluations' cache).
// Target (issue 18): p95 ≤ 30 ms above retrieval, to the first token.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@samvad/server/config/env.ts';
import { loadPersona } from '@samvad/server/config/persona.ts';
import { LocalE5Client } from '@samvad/server/retrieval/e5/local-e5-client.ts';
import { composeAnswer } from '@samvad/server/services/chat-service.ts';
import { evaluationEmbeddings } from './qa/evaluation-embeddings.ts';
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
    embeddings: { type: 'string', default: 'local' },
  },
});
if (values.embeddings !== 'local' && values.embeddings !== 'none') {
  console.error('--embeddings local|none');
  process.exit(2);
}
const evaluation = await evaluationEmbeddings(values.embeddings);
// The answer's own embeddings: the model itself, never the cache (its cost is what is measured).
const settings = loadConfig({ NODE_ENV: 'test' }).knowledge.embeddings;
const live = evaluation.client && settings?.kind === 'local' ? new LocalE5Client(settings) : null;
await live?.start();
const runs = Number(values.runs);
const persona = await loadPersona(path.join(repoRoot, 'apps/server/config/persona.default.json'));
const kb = await ThrowawayKnowledgeBase.create({ embeddings: evaluation.client });
await kb.ingest([path.join(values.corpus, 'ambedkar'), path.join(values.corpus, 'indic')]);
const questions = readQuestionSet();

/** One question: [first token, whole answer, searches] in ms. */
async function ask(question: string, language: string): Promise<[number, number, number]> {
  let searches = 0;
  const answer = composeAnswer(
    {
      index: kb.index,
      persona,
      llm: null,
      embeddings: live,
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
  return [firstToken, performance.now() - started, searches];
}

for (const q of questions) await ask(q.question, q.language); // warm up
const added: number[][] = [];
const addedWhole: number[][] = [];
const retrieval: number[][] = [];
for (let run = 0; run < runs; run++) {
  const addedRun: number[] = [];
  const wholeRun: number[] = [];
  const retrievalRun: number[] = [];
  for (const q of questions) {
    const [firstToken, whole, searches] = await ask(q.question, q.language);
    addedRun.push(firstToken - searches);
    wholeRun.push(whole - searches);
    retrievalRun.push(searches);
  }
  added.push(addedRun);
  addedWhole.push(wholeRun);
  retrieval.push(retrievalRun);
}
await kb.close();
await live?.close();
await evaluation.close();
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
  summaryRow({
    area: 'answer',
    measure: `offline answer's added time to its last token, p95 (quotes chosen by meaning: ${live ? 'yes' : 'no'})`,
    unit: 'ms',
    ours: median(addedWhole.map((run) => percentiles(run).p95)),
    reference: retrievalP95,
    referenceName: 'retrieval alone, p95',
  }),
];
console.log(summaryTable(summary));
const record = {
  machine: describeMachine(),
  questions: questions.length,
  runs,
  embeddings: evaluation.client?.model ?? null,
  added: added.map(percentiles),
  addedWhole: addedWhole.map(percentiles),
  retrieval: retrieval.map(percentiles),
  summary,
  wallSeconds: (performance.now() - wallStarted) / 1000,
};
writeRecord(recordFile('answer', values.json), record);
