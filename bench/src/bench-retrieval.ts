// `npm run bench:retrieval [-- --corpus <dir>] [--queries 600] [--chunks 50000] [--runs 3]
//    [--seed N] [--json <file>]`
// Issue #3 §8: ingestion speed, index build time and memory, and query latency of the in-memory
// BM25 index at the real corpus size and at a synthetic 50,000 chunks, side by side with plain
// PostgreSQL full-text search over the same chunks and queries.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { collectFiles } from '@samvad/server/cli/collect-files.ts';
import { renderTable } from '@samvad/server/cli/summary-table.ts';
import { chunks } from '@samvad/server/db/schema.ts';
import { Bm25Index } from '@samvad/server/retrieval/bm25-index.ts';
import {
  canMeasureHeap,
  liveBytes,
  measureLatency,
  secondsSince,
} from './retrieval-bench/measure.ts';
import {
  PostgresReference,
  type ReferenceDocument,
  redact,
  referenceServer,
} from './retrieval-bench/postgres-reference.ts';
import { mulberry32 } from './retrieval-bench/prng.ts';
import { benchQueries, kalpitQuestions } from './retrieval-bench/queries.ts';
import {
  MEMORY_TARGET_BYTES,
  type OurSide,
  type Reference,
  type ReferenceSide,
  resultTable,
  retrievalSummary,
} from './retrieval-bench/report.ts';
import {
  corpusFingerprint,
  sentencePool,
  syntheticCorpus,
} from './retrieval-bench/synthetic-corpus.ts';
import { describeMachine, recordFile, writeRecord } from './suite/run-record.ts';
import { ThrowawayKnowledgeBase } from './throwaway-knowledge-base.ts';

const DEFAULT_SEED = 20_250_803;
const LIMIT = 5;
/**
 * PostgreSQL's warm-up is short: it only has to fill caches and prepare the statement, and a full
 * pass at 50,000 chunks costs ~2 minutes. Ours warms up on the whole list, which costs nothing.
 */
const REFERENCE_WARMUP = 60;
const wallStarted = performance.now();

const repoRoot = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus') },
    queries: { type: 'string', default: '600' },
    chunks: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    json: { type: 'string' },
  },
});
const positive = (name: string, raw: string) => {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) {
    console.error(`--${name} must be a positive integer, got ${raw}`);
    process.exit(2);
  }
  return n;
};
const queryCount = positive('queries', values.queries);
const chunkCount = positive('chunks', values.chunks);
const seed = positive('seed', values.seed);
const RUNS = positive('runs', values.runs);
const corpusDir = path.resolve(values.corpus);
if (!existsSync(corpusDir) || !statSync(corpusDir).isDirectory()) {
  console.error(`Corpus folder not found: ${corpusDir}`);
  process.exit(2);
}
if (!canMeasureHeap) console.warn('No global.gc (run with --expose-gc): heap deltas are skipped.');
const step = (message: string) => console.log(`· ${message}`);

// 1. Ingestion through the real pipeline. Question files and provenance notes are not writings.
const excluded = new Set(['SOURCES.md']);
for (const file of await collectFiles([corpusDir])) {
  if (file.toLowerCase().endsWith('.json')) excluded.add(path.basename(file));
}
step(`Ingesting ${corpusDir} (excluding ${[...excluded].join(', ')})`);
const kb = await ThrowawayKnowledgeBase.create();
let realDocuments: ReferenceDocument[];
let records: Awaited<ReturnType<ThrowawayKnowledgeBase['ingest']>>;
const ingestStarted = performance.now();
try {
  records = await kb.ingest([corpusDir], excluded);
  const rows = await kb.database.db
    .select({ id: chunks.id, documentId: chunks.documentId, text: chunks.text })
    .from(chunks)
    .orderBy(chunks.documentId, chunks.ordinal);
  realDocuments = [...Map.groupBy(rows, (row) => row.documentId)].map(([id, group]) => ({
    id,
    chunks: group.map(({ id: chunkId, text }) => ({ id: chunkId, text })),
  }));
} finally {
  await kb.close();
}
const ingestSeconds = secondsSince(ingestStarted);
const byStatus = (status: string) => records.filter((r) => r.outcome.status === status);
const ingested = records.filter((r) => ['ingested', 'replaced'].includes(r.outcome.status));
const pdfs = ingested.flatMap((r) =>
  r.outcome.status !== 'skipped' &&
  r.outcome.status !== 'failed' &&
  r.file.toLowerCase().endsWith('.pdf')
    ? [{ file: path.relative(corpusDir, r.file), pages: r.outcome.pages ?? 0, seconds: r.seconds }]
    : [],
);
const pdfPages = pdfs.reduce((sum, p) => sum + p.pages, 0);
const pdfSeconds = pdfs.reduce((sum, p) => sum + p.seconds, 0);
const pagesPerSecond = pdfSeconds > 0 ? pdfPages / pdfSeconds : 0;
const realChunkCount = realDocuments.reduce((sum, d) => sum + d.chunks.length, 0);

// 2. Synthetic corpus and queries, both from the real text and the seed alone.
const sentences = sentencePool(realDocuments.flatMap((d) => d.chunks.map((c) => c.text)));
const random = mulberry32(seed);
const synthetic = syntheticCorpus(sentences, chunkCount, random);
const kalpit = kalpitQuestions(path.join(corpusDir, 'kalpit', 'test_dataset.json'));
const queries = benchQueries(sentences, kalpit, queryCount, random);
const queryTexts = queries.map((q) => q.text);
const fingerprint = corpusFingerprint(synthetic, queryTexts);
step(
  `${realChunkCount} real chunks; ${sentences.length} distinct sentences → ${chunkCount} synthetic chunks; ${queries.length} queries`,
);

// 3–4. Our index: build time, memory, latency; one size at a time so each is measured alone.
async function measureOurs(
  label: string,
  documents: readonly ReferenceDocument[],
): Promise<OurSide> {
  step(`Building the BM25 index over ${label}`);
  const before = liveBytes();
  const started = performance.now();
  const index = new Bm25Index();
  for (const document of documents) index.upsertDocument(document.id, document.chunks);
  // Length norms are computed on the first search; that is part of making the index usable.
  index.search(queryTexts[0] ?? 'caste', { limit: LIMIT });
  const buildSeconds = secondsSince(started);
  // `index` is still used below, so the collection inside liveBytes() cannot free it.
  const after = liveBytes();
  const stats = index.stats();
  step(`Timing ${queries.length} queries × ${RUNS} runs over ${label}`);
  const latency = await measureLatency(
    queryTexts,
    (q) => index.search(q, { limit: LIMIT }).length,
    {
      runs: RUNS,
      warmup: queryTexts.length,
    },
  );
  const heapDeltaBytes = before === null || after === null ? null : after - before;
  return { buildSeconds, heapDeltaBytes, stats, latency };
}
const ours = {
  real: await measureOurs(`the real corpus (${realChunkCount} chunks)`, realDocuments),
  synthetic: await measureOurs(`${chunkCount} synthetic chunks`, synthetic),
};

// 5. The PostgreSQL reference, in a database of its own that is dropped whatever happens.
const server = referenceServer();
let reference: Reference = { status: 'unreachable', server: redact(server.url), error: '' };
let postgres: PostgresReference | null = null;
try {
  postgres = await PostgresReference.open(server.url);
} catch (error) {
  reference = {
    status: 'unreachable',
    server: redact(server.url),
    error: error instanceof Error ? error.message : String(error),
  };
}
if (postgres) {
  const pg = postgres;
  try {
    const side = async (table: string, documents: readonly ReferenceDocument[]) => {
      step(`PostgreSQL: loading ${table}`);
      const load = await pg.load(table, documents);
      step(`PostgreSQL: timing ${queries.length} queries × ${RUNS} runs on ${table}`);
      const latency = await measureLatency(queryTexts, (q) => pg.search(table, q), {
        runs: RUNS,
        warmup: REFERENCE_WARMUP,
      });
      return { load, latency } satisfies ReferenceSide;
    };
    reference = {
      status: 'measured',
      server: redact(server.url),
      serverVersion: pg.serverVersion,
      database: pg.databaseName,
      real: await side('bench_chunks_real', realDocuments),
      synthetic: await side('bench_chunks_synthetic', synthetic),
    };
  } finally {
    await pg.close();
  }
}

// 6. Report.
const machine = describeMachine();
const countKind = (kind: string) => queries.filter((q) => q.kind === kind).length;
const queryWords = queries.map((q) => q.text.split(/\s+/u).length);
console.log(
  `\nMachine: ${machine.cpus} × ${machine.cpuModel}, ${(machine.totalMemoryBytes / 2 ** 30).toFixed(0)} GB, Node ${machine.node}; seed ${seed} (synthetic corpus + queries fingerprint ${fingerprint})`,
);
console.log(
  `Ingestion: ${ingested.length} files ingested, ${byStatus('skipped').length} skipped, ${byStatus('failed').length} failed, ${realChunkCount} chunks in ${ingestSeconds.toFixed(1)} s`,
);
console.log(
  `PDF ingestion: ${pdfPages} pages in ${pdfSeconds.toFixed(2)} s over ${pdfs.length} PDFs = ${pagesPerSecond.toFixed(1)} pages/s; per core the same ${pagesPerSecond.toFixed(1)} pages/s (ingestion runs on one thread)`,
);
console.log(
  `Queries: ${queries.length} (${countKind('kalpit')} Kalpit questions, ${countKind('span')} sentence spans, ${countKind('bag')} vocabulary bags), ${Math.min(...queryWords)}–${Math.max(...queryWords)} words, top ${LIMIT}; latency = median over ${RUNS} run${RUNS === 1 ? '' : 's'} of each figure; warm-up: one full pass (ours), the first ${REFERENCE_WARMUP} queries (PostgreSQL)`,
);
if (reference.status === 'measured') {
  console.log(
    `Reference: PostgreSQL ${reference.serverVersion} at ${reference.server}, database ${reference.database} (dropped); websearch_to_tsquery with OR, ts_rank_cd, GIN; one connection, prepared statement, round trip timed`,
  );
} else {
  console.log(
    `Reference: PostgreSQL at ${reference.server} UNREACHABLE (${reference.error}); reference skipped`,
  );
}
console.log(`\n${resultTable(ours, reference, queries.length)}`);
console.log(
  `\nPer PDF:\n${renderTable(
    ['file', 'pages', 'seconds', 'pages/s'],
    pdfs.map((p) => [
      p.file,
      p.pages,
      Number(p.seconds.toFixed(2)),
      Number((p.pages / p.seconds).toFixed(1)),
    ]),
  )}`,
);

const jsonFile = recordFile('retrieval', values.json);
const result = {
  benchmark: 'retrieval',
  date: new Date().toISOString(),
  seed,
  machine,
  corpus: corpusDir,
  ingest: {
    excluded: [...excluded],
    files: records.length,
    ingested: ingested.length,
    skipped: byStatus('skipped').length,
    failed: byStatus('failed').map((r) => ({
      file: path.relative(corpusDir, r.file),
      outcome: r.outcome,
    })),
    chunks: realChunkCount,
    seconds: ingestSeconds,
    pdf: {
      files: pdfs,
      pages: pdfPages,
      seconds: pdfSeconds,
      pagesPerSecond,
      pagesPerSecondPerCore: pagesPerSecond,
      note: 'ingestion is single-threaded, so pages per second per core equals pages per second',
    },
  },
  synthetic: {
    chunks: chunkCount,
    documents: synthetic.length,
    sentences: sentences.length,
    fingerprint,
  },
  queries: {
    count: queries.length,
    byKind: { kalpit: countKind('kalpit'), span: countKind('span'), bag: countKind('bag') },
    limit: LIMIT,
    runs: RUNS,
    warmup: { ours: queries.length, reference: Math.min(REFERENCE_WARMUP, queries.length) },
    examples: queries.slice(0, 10),
  },
  ours,
  reference,
  summary: retrievalSummary(ours, reference),
  targets: {
    memoryBytesAt50kChunks: MEMORY_TARGET_BYTES,
    met:
      ours.synthetic.heapDeltaBytes === null
        ? null
        : ours.synthetic.heapDeltaBytes <= MEMORY_TARGET_BYTES,
  },
  wallSeconds: secondsSince(wallStarted),
};
writeRecord(jsonFile, result);
