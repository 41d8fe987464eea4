// `npm run bench:startup [-- --corpus <dir>] [--runs 5] [--synthetic 50000] [--log-level info]
//    [--profile <dir>] [--json <file>]`
// Issues #11 and #22: how long the real server (`node apps/server/src/main.ts`,
// NODE_ENV=production) takes from spawn to ready on the embedded database, and to its first
// answer, and its memory at ready. main.ts loads the knowledge index before it listens, so
// /api/ready's first 200 already means the index is loaded. The index is loaded from its snapshot
// (DATA_DIR/index/knowledge.snapshot, the default) or rebuilt from every chunk
// (INDEX_SNAPSHOT=false, every start before the snapshot): both are timed in the same run,
// alternating with a bare node:http process spawned and polled the same way. Two data sets: the
// whole shared corpus ingested with every vector (the model loads beside the index), and --synthetic chunks (default 50,000; 0 skips it) each with a
// 384-dimensional vector stored, the server started with embeddings on (startup-bench/).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@samvad/server/test/support/server-process.ts';
import { cleanupStack } from './api-bench/processes.ts';
import { type DataSet, prepareCorpusData } from './startup-bench/data.ts';
import { POLL_MS, QUESTION } from './startup-bench/measure.ts';
import { startQueryEmbedder } from './startup-bench/query-embedder.ts';
import {
  firstStartLine,
  seriesSummary,
  seriesTable,
  summaryConsoleTable,
} from './startup-bench/report.ts';
import { runSeries, type Series } from './startup-bench/series.ts';
import { SNAPSHOT_LOG_LEVELS } from './startup-bench/snapshot-log.ts';
import { prepareSyntheticData, type SyntheticData } from './startup-bench/synthetic-data.ts';
import { describeMachine, recordFile, warnWhenBusy, writeRecord } from './suite/run-record.ts';
import type { SummaryRow } from './suite/summary-row.ts';

/** Issues #22 and #28's targets: start-up to ready and resident memory at ready, per data set. */
const TARGETS = {
  // The corpus set runs with the embedding model loaded (issue #28: ready ≤ 3 s, ≤ 650 MB).
  corpus: { readyTargetMs: 3000, rssTargetMb: 650 },
  synthetic: { readyTargetMs: 5000, rssTargetMb: 1024 },
};
const wallStarted = performance.now();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus') },
    runs: { type: 'string', default: '5' },
    /** Synthetic chunks with vectors for the second data set; 0 skips it. */
    synthetic: { type: 'string', default: '50000' },
    'log-level': { type: 'string', default: 'info' },
    /** A folder for CPU profiles of the timed starts (node --cpu-prof), one per start. */
    profile: { type: 'string' },
    json: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const SYNTHETIC = Number(values.synthetic);
const logLevel = values['log-level'];
const usage = (message: string) => {
  console.error(message);
  process.exit(2);
};
if (!Number.isSafeInteger(RUNS) || RUNS <= 0) usage(`--runs must be a positive integer`);
if (!Number.isSafeInteger(SYNTHETIC) || SYNTHETIC < 0) usage('--synthetic must be 0 or more');
if (!SNAPSHOT_LOG_LEVELS.includes(logLevel)) {
  usage(
    `--log-level must be ${SNAPSHOT_LOG_LEVELS.join(', ')}: the snapshot checks read info lines`,
  );
}
const corpus = path.resolve(values.corpus);
const step = (message: string) => console.log(`· ${message}`);

const busyBefore = await warnWhenBusy('the timings will be noisy');
const cleanup = cleanupStack();
let corpusData: Awaited<ReturnType<typeof prepareCorpusData>>;
let corpusSeries: Series;
let synthetic: { data: SyntheticData; series: Series } | null = null;
try {
  const port = await freePort();
  step(`Ingesting ${corpus} into a temporary data folder (embedded PGlite), once`);
  corpusData = await prepareCorpusData({ corpus, port, logLevel });
  const data = corpusData;
  cleanup.add('corpus data', data.cleanup);
  step(
    `${data.ingested} of ${data.files} files ingested (${data.chunks} chunks, ${data.pages} PDF pages) in ${data.ingestSeconds.toFixed(1)} s; failed: ${data.failed.map((f) => `${f.file} (${f.reason})`).join(', ') || 'none'}`,
  );
  step(
    `Every chunk has its vector (${data.embedded} stored, read from the evaluations' cache where it had them, else embedded; ${data.embedSeconds.toFixed(1)} s): the server starts from the snapshot with vectors and loads the model beside the index`,
  );
  const series = (name: string, set: DataSet, extra: Partial<Parameters<typeof runSeries>[0]>) =>
    runSeries({
      name,
      data: set,
      runs: RUNS,
      port,
      timeoutMs: 60_000,
      profileDir: values.profile,
      step,
      ...extra,
    });
  corpusSeries = await series('corpus', data, {});
  // The shared corpus is done with: its data folder goes before the synthetic one is made.
  await data.cleanup();

  if (SYNTHETIC > 0) {
    const embedder = await startQueryEmbedder();
    cleanup.add('query embedder', () => embedder.close());
    step(`Writing ${SYNTHETIC} synthetic chunks with 384-dimensional vectors to a second folder`);
    let reported = 0;
    const syntheticData = await prepareSyntheticData({
      corpus,
      count: SYNTHETIC,
      port,
      logLevel,
      embeddingBaseUrl: embedder.baseUrl,
      onProgress: (done) => {
        if (done - reported >= 10_000 || done === SYNTHETIC) {
          reported = done;
          step(`  ${done} chunks written`);
        }
      },
    });
    cleanup.add('synthetic data', syntheticData.cleanup);
    step(
      `${syntheticData.chunks} chunks in ${syntheticData.documents} documents, vectors for ${syntheticData.model}, written in ${syntheticData.prepareSeconds.toFixed(1)} s`,
    );
    synthetic = {
      data: syntheticData,
      // A build of 50,000 chunks may take longer than the corpus's minute.
      series: await series('synthetic', syntheticData, { timeoutMs: 300_000, embedder }),
    };
  }
} finally {
  await cleanup.runAll();
}

const corpusScope = `embedded PGlite, whole shared corpus (${corpusData.chunks} chunks)`;
const syntheticScope = synthetic
  ? `embedded PGlite, ${synthetic.data.chunks} synthetic chunks with ${synthetic.data.dimensions}-dimensional vectors`
  : '';
const summary: SummaryRow[] = [
  ...seriesSummary(corpusSeries, { scope: corpusScope, ...TARGETS.corpus }),
  ...(synthetic
    ? seriesSummary(synthetic.series, {
        scope: syntheticScope,
        ...TARGETS.synthetic,
        answerNote: 'question embedded by a loopback stub, one chunk stored with its vector',
      })
    : []),
];

const machine = describeMachine();
console.log(
  `\nMachine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}. ${RUNS} starts per side, alternating, /api/ready polled every ${POLL_MS} ms; LOG_LEVEL=${logLevel}, NODE_ENV=production.`,
);
const printSeries = (title: string, series: Series) => {
  console.log(`\n${title}, per start (ms):\n${seriesTable(series)}`);
  console.log(firstStartLine(series.first));
  for (const warning of series.warnings) console.log(`WARNING: ${warning}`);
};
printSeries(corpusScope, corpusSeries);
if (synthetic) printSeries(syntheticScope, synthetic.series);
if (SYNTHETIC === 0) console.log('\n(--synthetic 0: the synthetic data set was skipped.)');
console.log(`\n${summaryConsoleTable(summary)}`);

const jsonFile = recordFile('startup', values.json);
const seriesRecord = (series: Series) => ({
  firstStart: series.first,
  snapshotRuns: series.snapshot,
  rebuildRuns: series.rebuild,
  reference: series.bare,
  warnings: series.warnings,
});
const result = {
  benchmark: 'startup',
  date: new Date().toISOString(),
  machine,
  settings: {
    corpus,
    runs: RUNS,
    synthetic: SYNTHETIC,
    pollMs: POLL_MS,
    logLevel,
    nodeEnv: 'production',
    database: 'pglite',
    question: QUESTION,
    readiness:
      'main.ts loads the knowledge index (openKnowledgeBase → KnowledgeIndex.load: from DATA_DIR/index/knowledge.snapshot, or rebuilt with INDEX_SNAPSHOT=false) before app.listen, so the first 200 from /api/ready comes after the index is loaded',
    changeLog:
      'knowledge_changes dated an hour back after preparing: the starts are ordinary restarts, not the first after an ingest (which re-applies the last minute of changes)',
  },
  data: {
    files: corpusData.files,
    ingested: corpusData.ingested,
    failed: corpusData.failed,
    chunks: corpusData.chunks,
    pdfPages: corpusData.pages,
    ingestSeconds: corpusData.ingestSeconds,
  },
  summary,
  corpus: seriesRecord(corpusSeries),
  synthetic: synthetic && {
    data: {
      chunks: synthetic.data.chunks,
      documents: synthetic.data.documents,
      dimensions: synthetic.data.dimensions,
      model: synthetic.data.model,
      fingerprint: synthetic.data.fingerprint,
      prepareSeconds: synthetic.data.prepareSeconds,
      embedding: `EMBEDDING_BASE_URL points at a loopback stub answering every question with one fixed unit vector; no request came before ready (checked), the question's after it. Chunk ${synthetic.data.plantedChunkId} is stored with the question's vector, every other chunk a random one`,
    },
    ...seriesRecord(synthetic.series),
  },
  otherProcessesCoresBefore: busyBefore,
  wallSeconds: (performance.now() - wallStarted) / 1000,
};
writeRecord(jsonFile, result);
