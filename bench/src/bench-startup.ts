// `npm run bench:startup [-- --corpus <dir>] [--runs 5] [--log-level info] [--profile <dir>]
//    [--json <file>]`
// Issue #11: how long the real server (`node apps/server/src/main.ts`, NODE_ENV=production) takes
// from spawn to ready on the embedded database with the whole shared corpus ingested, and to its
// first answer from the index; side by side with a bare node:http process spawned and polled the
// same way. main.ts builds the knowledge index before it listens, so /api/ready's first 200
// already means the index is loaded; the first answer is timed as well, to show any lazy work.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderTable } from '@samvad/server/cli/summary-table.ts';
import { freePort } from '@samvad/server/test/support/server-process.ts';
import { cleanupStack } from './api-bench/processes.ts';
import { measureBareStart } from './startup-bench/bare-start.ts';
import { prepareCorpusData } from './startup-bench/data.ts';
import { measureStart, POLL_MS, QUESTION, type StartResult } from './startup-bench/measure.ts';
import {
  describeMachine,
  fixed,
  recordFile,
  warnWhenBusy,
  writeRecord,
} from './suite/run-record.ts';
import { median, type SummaryRow, summaryRow } from './suite/summary-row.ts';

const TARGET_MS = 3000;
const wallStarted = performance.now();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus') },
    runs: { type: 'string', default: '5' },
    'log-level': { type: 'string', default: 'info' },
    /** A folder for CPU profiles of the timed starts (node --cpu-prof), one per start. */
    profile: { type: 'string' },
    json: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
if (!Number.isSafeInteger(RUNS) || RUNS <= 0) {
  console.error(`--runs must be a positive integer, got ${values.runs}`);
  process.exit(2);
}
const corpus = path.resolve(values.corpus);
const step = (message: string) => console.log(`· ${message}`);

const busyBefore = await warnWhenBusy('the timings will be noisy');
const cleanup = cleanupStack();
const ours: StartResult[] = [];
const bare: { readyMs: number; rssAtReadyBytes: number }[] = [];
let firstStart: StartResult;
let data: Awaited<ReturnType<typeof prepareCorpusData>>;
try {
  const port = await freePort();
  step(`Ingesting ${corpus} into a temporary data folder (embedded PGlite), once`);
  data = await prepareCorpusData({ corpus, port, logLevel: values['log-level'] });
  cleanup.add('data', data.cleanup);
  step(
    `${data.ingested} of ${data.files} files ingested (${data.chunks} chunks, ${data.pages} PDF pages) in ${data.ingestSeconds.toFixed(1)} s; failed: ${data.failed.map((f) => `${f.file} (${f.reason})`).join(', ') || 'none'}`,
  );
  const start = (run: string, profile: boolean) =>
    measureStart({
      env: data.env,
      logFile: path.join(data.dataDir, `server-${run}.log`),
      token: data.token,
      nodeOptions:
        profile && values.profile
          ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`]
          : [],
    });
  // The very first start also creates the first-run administrator (a scrypt hash) and meets a
  // cold file cache; it is reported on its own, not among the runs.
  step('First start (untimed among the runs: first-run administrator, cold caches)');
  firstStart = await start('first', false);
  await measureBareStart(port); // the same for the reference's first start
  for (let run = 0; run < RUNS; run++) {
    // Which side starts first alternates, so drift in the machine's load hits both alike.
    const order = run % 2 === 0 ? ['ours', 'bare'] : ['bare', 'ours'];
    step(`Run ${run + 1}/${RUNS}: ${order.join(' then ')}`);
    for (const side of order) {
      if (side === 'ours') ours.push(await start(String(run + 1), true));
      else bare.push(await measureBareStart(port));
    }
  }
} finally {
  await cleanup.runAll();
}

const pick = (key: keyof StartResult) => ours.map((r) => r[key]);
const mb = (bytes: number) => bytes / 1024 / 1024;
const scope = `embedded PGlite, whole shared corpus (${data.chunks} chunks)`;
const summary: SummaryRow[] = [
  summaryRow({
    area: 'startup',
    measure: `spawn → /api/ready 200, median (${scope})`,
    unit: 'ms',
    ours: median(pick('readyMs')),
    reference: median(bare.map((r) => r.readyMs)),
    referenceName: 'bare node:http process, spawned and polled the same way',
    target: { text: `≤ ${TARGET_MS} ms`, met: ({ ours: ms }) => ms <= TARGET_MS },
  }),
  summaryRow({
    area: 'startup',
    measure: `spawn → /api/ready 200, max of ${RUNS} (${scope})`,
    unit: 'ms',
    ours: Math.max(...pick('readyMs')),
    reference: Math.max(...bare.map((r) => r.readyMs)),
    referenceName: 'bare node:http process, spawned and polled the same way',
  }),
  summaryRow({
    area: 'startup',
    measure: `spawn → first answer with sources (POST /api/chat), median (${scope})`,
    unit: 'ms',
    ours: median(pick('firstAnswerMs')),
    reference: null,
    referenceName: null,
  }),
  summaryRow({
    area: 'startup',
    measure: `resident memory (RSS) at ready (${scope})`,
    unit: 'MB',
    ours: mb(median(pick('rssAtReadyBytes'))),
    reference: mb(median(bare.map((r) => r.rssAtReadyBytes))),
    referenceName: 'bare node:http process',
  }),
];

const machine = describeMachine();
console.log(
  `\nMachine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}. ${RUNS} starts per side, alternating, /api/ready polled every ${POLL_MS} ms; LOG_LEVEL=${values['log-level']}, NODE_ENV=production.`,
);
console.log(
  `\nPer start (ms):\n${renderTable(
    [
      'run',
      'ready',
      'first answer',
      'answer alone',
      'second answer',
      'RSS at ready MB',
      'RSS after MB',
      'bare ready',
    ],
    ours.map((r, n) => [
      n + 1,
      fixed(r.readyMs, 0),
      fixed(r.firstAnswerMs, 0),
      fixed(r.firstAnswerOnlyMs, 0),
      fixed(r.secondAnswerOnlyMs, 0),
      fixed(mb(r.rssAtReadyBytes), 0),
      fixed(mb(r.rssAfterAnswersBytes), 0),
      fixed(bare[n]?.readyMs ?? null, 0),
    ]),
  )}`,
);
console.log(
  `First start (not among the runs): ready ${firstStart.readyMs.toFixed(0)} ms, first answer ${firstStart.firstAnswerMs.toFixed(0)} ms.`,
);
console.log(
  `\n${renderTable(
    ['measure', 'unit', 'ours', 'reference', 'ratio', 'target', 'met'],
    summary.map((row) => [
      row.measure,
      row.unit,
      fixed(row.ours, 0),
      fixed(row.reference, 0),
      fixed(row.ratio, 1),
      row.target ?? '–',
      row.met === null ? '–' : row.met ? 'yes' : 'NO',
    ]),
  )}`,
);

const jsonFile = recordFile('startup', values.json);
const result = {
  benchmark: 'startup',
  date: new Date().toISOString(),
  machine,
  settings: {
    corpus,
    runs: RUNS,
    pollMs: POLL_MS,
    logLevel: values['log-level'],
    nodeEnv: 'production',
    database: 'pglite',
    question: QUESTION,
    readiness:
      'main.ts loads the knowledge index (openKnowledgeBase → KnowledgeIndex.load) before app.listen, so the first 200 from /api/ready comes after the index is built',
  },
  data: {
    files: data.files,
    ingested: data.ingested,
    failed: data.failed,
    chunks: data.chunks,
    pdfPages: data.pages,
    ingestSeconds: data.ingestSeconds,
  },
  summary,
  firstStart,
  runs: ours,
  reference: bare,
  otherProcessesCoresBefore: busyBefore,
  wallSeconds: (performance.now() - wallStarted) / 1000,
};
writeRecord(jsonFile, result);
