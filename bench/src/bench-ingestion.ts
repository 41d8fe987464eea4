// `npm run bench:ingestion [-- --corpus <dir>] [--runs 5] [--json <file>]`
// Issue #11: PDF ingestion speed in pages per second, ours (the server's loadDocument, in-process)
// side by side with Poppler's pdftotext on the same files in the same runs, and how close our
// text is to pdftotext's (word LCS similarity, per page and per file). Also the whole ingestFile
// (extraction + chunking + database write) in pages per second, which has no reference.
// Two more similarity rows account for the gap: the same words with their order ignored, and the
// pdf.js text layer before the loader's deliberate clean-ups (extraction fidelity on its own).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { collectFiles } from '@samvad/server/cli/collect-files.ts';
import { renderTable } from '@samvad/server/cli/summary-table.ts';
import { cleanupStack } from './api-bench/processes.ts';
import {
  closeOpenKnowledgeBase,
  extractOurs,
  extractTextLayer,
  type IngestRun,
  ingestAll,
  type OursRun,
  readPdf,
} from './ingestion-bench/ours.ts';
import {
  LAYOUT_ARGS,
  PDFTOTEXT_ARGS,
  pdftotextVersion,
  type ReferenceRun,
  runPdftotext,
} from './ingestion-bench/pdftotext.ts';
import { type FileResult, fileResult, fileTable } from './ingestion-bench/report.ts';
import { documentSimilarity, wordsOf } from './ingestion-bench/similarity.ts';
import {
  SIMILARITY_EXPLANATION,
  similarityFigures,
  similarityRows,
} from './ingestion-bench/similarity-rows.ts';
import {
  describeMachine,
  fixed,
  recordFile,
  warnWhenBusy,
  writeRecord,
} from './suite/run-record.ts';
import { median, summaryRow } from './suite/summary-row.ts';

const RATIO_TARGET = 0.25;
const wallStarted = performance.now();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus') },
    runs: { type: 'string', default: '5' },
    json: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
if (!Number.isSafeInteger(RUNS) || RUNS <= 0) {
  console.error(`--runs must be a positive integer, got ${values.runs}`);
  process.exit(2);
}
const pdftotext = pdftotextVersion();
if (!pdftotext) {
  console.error('pdftotext not found: install Poppler (Debian: apt-get install poppler-utils)');
  process.exit(2);
}
const corpus = path.resolve(values.corpus);
const step = (message: string) => console.log(`· ${message}`);

const busyBefore = await warnWhenBusy('the timings will be noisy');
// Every PDF, the damaged and legacy-font ones included: they are reported per file.
const pdfs = (await collectFiles([corpus]))
  .filter((file) => file.toLowerCase().endsWith('.pdf'))
  .map(readPdf);
if (pdfs.length === 0) {
  console.error(`No PDFs under ${corpus}`);
  process.exit(2);
}

// One untimed pass of each warms the JIT and the page cache; its texts are the ones compared.
step(`Warm-up: ${pdfs.length} PDFs through ours and pdftotext (${pdftotext})`);
const warm = {
  ours: [] as OursRun[],
  reference: [] as ReferenceRun[],
  layout: [] as ReferenceRun[],
  textLayer: [] as (string[] | null)[],
};
for (const pdf of pdfs) warm.ours.push(await extractOurs(pdf));
for (const pdf of pdfs) warm.reference.push(await runPdftotext(pdf.file));
for (const pdf of pdfs) warm.layout.push(await runPdftotext(pdf.file, LAYOUT_ARGS));
for (const pdf of pdfs) warm.textLayer.push(await extractTextLayer(pdf));

// Timed runs, one file at a time; which side goes first alternates, so drift hits both alike.
const oursRuns = pdfs.map((): OursRun[] => []);
const referenceRuns = pdfs.map((): ReferenceRun[] => []);
for (let run = 0; run < RUNS; run++) {
  step(`Run ${run + 1}/${RUNS}: extraction, ${run % 2 === 0 ? 'ours first' : 'pdftotext first'}`);
  const sides = [
    async () => {
      for (const [i, pdf] of pdfs.entries()) oursRuns[i]?.push(await extractOurs(pdf));
    },
    async () => {
      for (const [i, pdf] of pdfs.entries()) referenceRuns[i]?.push(await runPdftotext(pdf.file));
    },
  ];
  if (run % 2 === 1) sides.reverse();
  for (const side of sides) await side();
}

// Similarity on the warm-up texts (extraction is deterministic), for files both sides read.
const files: FileResult[] = pdfs.map((pdf, i) => {
  const ours = warm.ours[i];
  const textLayer = warm.textLayer[i];
  const compare = (text: string | undefined, reference: ReferenceRun | undefined) =>
    text !== undefined && ours?.ok && reference?.ok
      ? documentSimilarity(wordsOf(text), reference.pages.map(wordsOf))
      : null;
  const oursText = ours?.ok ? ours.text : undefined;
  return fileResult(pdf.file, oursRuns[i] ?? [], referenceRuns[i] ?? [], {
    layout: compare(oursText, warm.layout[i]),
    readingOrder: compare(oursText, warm.reference[i]),
    textLayer: compare(textLayer?.join('\n'), warm.layout[i]),
  });
});
const headline = files.filter((f) => f.headline);
const headlinePdfs = pdfs.filter((_, i) => files[i]?.headline);
for (const f of headline) {
  if (f.reference.pages !== f.ours.pages) {
    console.log(
      `NOTE: ${path.basename(f.file)}: ${f.ours.pages} pages for us, ${f.reference.pages} form-feed pages from pdftotext`,
    );
  }
}

step(
  `Full ingestFile of the ${headlinePdfs.length} headline PDFs × ${RUNS} runs (in-memory PGlite)`,
);
// Ctrl-C while a throwaway database is open must still remove its temporary file store.
const cleanup = cleanupStack();
cleanup.add('knowledge base', closeOpenKnowledgeBase);
const ingestRuns: IngestRun[][] = [];
try {
  await ingestAll(headlinePdfs); // warm-up: the chunker and the database code paths
  for (let run = 0; run < RUNS; run++) ingestRuns.push(await ingestAll(headlinePdfs));
} finally {
  await cleanup.runAll();
}

// Headline pages per second: per run, all headline pages over all their seconds; then the median.
const headlinePages = headline.reduce((sum, f) => sum + f.ours.pages, 0);
const perRun = (seconds: (f: FileResult) => number[]) =>
  Array.from({ length: RUNS }, (_, run) => {
    const total = headline.reduce((sum, f) => sum + (seconds(f)[run] ?? 0), 0);
    return headlinePages / total;
  });
const oursRates = perRun((f) => f.ours.seconds);
const referenceRates = perRun((f) => f.reference.seconds);
const ingestRates = ingestRuns.map(
  (runs) => runs.reduce((sum, r) => sum + r.pages, 0) / runs.reduce((sum, r) => sum + r.seconds, 0),
);
const oursRate = median(oursRates);
const referenceRate = median(referenceRates);
const ingestRate = median(ingestRates);
const similarity = similarityFigures(headline);

const scope = `${headline.length} PDFs, ${headlinePages} pages`;
const summary = [
  summaryRow({
    area: 'ingestion',
    measure: `PDF text extraction (${scope})`,
    unit: 'pages/s',
    ours: oursRate,
    reference: referenceRate,
    referenceName: `pdftotext ${PDFTOTEXT_ARGS.join(' ')} (a process per file)`,
    target: {
      text: `ratio ≥ ${RATIO_TARGET}`,
      met: ({ ratio }) => ratio !== null && ratio >= RATIO_TARGET,
    },
  }),
  summaryRow({
    area: 'ingestion',
    measure: `full ingestFile: extract + chunk + write, in-memory PGlite (${scope})`,
    unit: 'pages/s',
    ours: ingestRate,
    reference: null,
    referenceName: null,
  }),
  ...similarityRows(similarity, scope),
];

const machine = describeMachine();
console.log(
  `\nMachine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; ${pdftotext}. Median of ${RUNS} runs after one warm-up pass; ours in-process (bytes already read), pdftotext timed from spawn to exit.`,
);
console.log(
  `\nPer file (pages/s from the median seconds of ${RUNS} runs):\n${fileTable(files, corpus)}`,
);
console.log(
  `\n${renderTable(
    ['measure', 'unit', 'ours', 'reference', 'ratio', 'target', 'met'],
    summary.map((row) => [
      row.measure,
      row.unit,
      fixed(row.ours, row.unit === 'pages/s' ? 1 : 4),
      fixed(row.reference, 1),
      fixed(row.ratio, 2),
      row.target ?? '–',
      row.met === null ? '–' : row.met ? 'yes' : 'NO',
    ]),
  )}`,
);
console.log(SIMILARITY_EXPLANATION);
console.log(
  `Per run, pages/s — ours: ${oursRates.map((r) => r.toFixed(0)).join(', ')}; pdftotext: ${referenceRates.map((r) => r.toFixed(0)).join(', ')}; ingestFile: ${ingestRates.map((r) => r.toFixed(0)).join(', ')}`,
);

const jsonFile = recordFile('ingestion', values.json);
const result = {
  benchmark: 'ingestion',
  date: new Date().toISOString(),
  machine,
  settings: {
    corpus,
    runs: RUNS,
    warmup: 'one untimed pass of each side',
    reference: `pdftotext ${PDFTOTEXT_ARGS.join(' ')} <file> - (${pdftotext}); timed from spawn to exit`,
    ours: 'loadDocument() in-process on bytes read beforehand',
    layoutReference: `pdftotext ${LAYOUT_ARGS.join(' ')} <file> -, untimed: the similarity target's reference`,
    similarity:
      'words = NFKC, lower case, runs of letters/marks/digits; one Myers LCS alignment per document cut at pdftotext page breaks; per page 2·matched/(ours+reference); overall word-weighted',
    textLayer:
      'readTextLayer(): the lines pdf.js gives per page as the loader builds them, before furniture removal, the legacy-font line drop and hyphen re-joining; compared with the -layout text as above',
  },
  summary,
  headline: {
    files: headline.map((f) => path.relative(corpus, f.file)),
    pages: headlinePages,
    oursPagesPerSecond: { median: oursRate, runs: oursRates },
    referencePagesPerSecond: { median: referenceRate, runs: referenceRates },
    ingestFilePagesPerSecond: { median: ingestRate, runs: ingestRates },
    similarity,
  },
  files: files.map((f) => ({ ...f, file: path.relative(corpus, f.file) })),
  ingestRuns: ingestRuns.map((runs) =>
    runs.map((r) => ({ ...r, file: path.relative(corpus, r.file) })),
  ),
  otherProcessesCoresBefore: busyBefore,
  wallSeconds: (performance.now() - wallStarted) / 1000,
};
writeRecord(jsonFile, result);
