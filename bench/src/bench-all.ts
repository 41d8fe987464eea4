// `npm run bench [-- --only retrieval,hybrid,embedding,chat,chat-proxy,api,api-postgres,ingestion,startup,web]
//    [--corpus <dir>]`
// (with --only, the other areas are carried over from today's earlier record, marked as such)
// Every benchmark, one after another, each in a process of its own (so none inherits another's
// heap or JIT state), then one record of the day: bench/results/<date>.json with every figure
// beside its reference from the same run, and bench/results/<date>.md, the short summary.
// Each benchmark also keeps its own detailed record (bench/results/<area>-<date>.json).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { localDate } from './retrieval-bench/report.ts';
import { markdownSummary } from './suite/markdown-summary.ts';
import { describeMachine } from './suite/run-record.ts';
import type { SummaryRow } from './suite/summary-row.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/**
 * In this order: the slow, quiet-machine measures first, the web build (CPU-heavy) last.
 * chat-proxy is the chat benchmark again as deployed: two instances on PostgreSQL behind nginx
 * (needs nginx installed), 50 and 200 streams only.
 */
const AREAS = {
  retrieval: { script: 'bench-retrieval.ts', nodeArgs: ['--expose-gc'], args: [], corpusArg: true },
  hybrid: { script: 'bench-hybrid.ts', nodeArgs: [], args: [], corpusArg: true },
  embedding: { script: 'bench-embedding.ts', nodeArgs: [], args: [], corpusArg: true },
  chat: { script: 'bench-chat.ts', nodeArgs: [], args: [], corpusArg: false },
  'chat-proxy': {
    script: 'bench-chat.ts',
    nodeArgs: [],
    args: ['--instances', '2', '--database', 'postgres'],
    corpusArg: false,
  },
  api: { script: 'bench-api.ts', nodeArgs: [], args: [], corpusArg: false },
  'api-postgres': {
    script: 'bench-api.ts',
    nodeArgs: [],
    args: ['--database', 'postgres'],
    corpusArg: false,
  },
  ingestion: { script: 'bench-ingestion.ts', nodeArgs: [], args: [], corpusArg: true },
  startup: { script: 'bench-startup.ts', nodeArgs: [], args: [], corpusArg: true },
  web: { script: 'bench-web.ts', nodeArgs: [], args: [], corpusArg: false },
} as const;
type Area = keyof typeof AREAS;

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus') },
  },
});
const wanted = values.only ? values.only.split(',').map((name) => name.trim()) : Object.keys(AREAS);
const unknown = wanted.filter((name) => !(name in AREAS));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(AREAS).join(', ')}`);
  process.exit(2);
}
const corpus = path.resolve(values.corpus);
if (!existsSync(corpus)) {
  console.error(`Corpus folder not found: ${corpus}`);
  process.exit(2);
}

type AreaOutcome = {
  area: Area;
  file: string;
  seconds: number;
  exitCode: number | null;
  summary: SummaryRow[];
  error: string | null;
  /** Set on an area carried over from an earlier run today (see --only): that run's commit. */
  carriedFrom?: { date: string; commit: string | null };
};

function runArea(area: Area, jsonFile: string): Promise<AreaOutcome> {
  const { script, nodeArgs, args: scriptArgs, corpusArg } = AREAS[area];
  const args = [
    ...nodeArgs,
    path.join(import.meta.dirname, script),
    ...scriptArgs,
    '--json',
    jsonFile,
    ...(corpusArg ? ['--corpus', corpus] : []),
  ];
  console.log(`\n━━ ${area}: node ${args.map((a) => path.relative(repoRoot, a) || a).join(' ')}`);
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: 'inherit' });
  return new Promise((resolve) => {
    child.once('exit', (exitCode) => {
      const seconds = (performance.now() - started) / 1000;
      let summary: SummaryRow[] = [];
      let error: string | null = exitCode === 0 ? null : `exited with ${exitCode}`;
      try {
        const record = JSON.parse(readFileSync(jsonFile, 'utf8')) as { summary?: SummaryRow[] };
        summary = record.summary ?? [];
        if (exitCode === 0 && summary.length === 0) error = 'wrote no summary rows';
      } catch (cause) {
        error ??= `no result file: ${cause instanceof Error ? cause.message : String(cause)}`;
      }
      resolve({ area, file: path.relative(repoRoot, jsonFile), seconds, exitCode, summary, error });
    });
  });
}

const date = localDate();
const resultsDir = path.join(repoRoot, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const jsonFile = path.join(resultsDir, `${date}.json`);
const markdownFile = path.join(resultsDir, `${date}.md`);
const earlier = values.only ? earlierOutcomes(jsonFile) : new Map<Area, AreaOutcome>();
const started = performance.now();
const outcomes: AreaOutcome[] = [];
for (const area of Object.keys(AREAS) as Area[]) {
  if (wanted.includes(area)) {
    outcomes.push(await runArea(area, path.join(resultsDir, `${area}-${date}.json`)));
  } else {
    const kept = earlier.get(area);
    if (kept) outcomes.push(kept);
  }
}

const gitCommit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot })
      .toString()
      .trim();
  } catch {
    return null;
  }
})();
const record = {
  benchmark: 'suite',
  date: new Date().toISOString(),
  commit: gitCommit,
  machine: describeMachine(),
  corpus,
  areas: outcomes.map(({ summary: _rows, ...outcome }) => outcome),
  summary: outcomes.flatMap((outcome) => outcome.summary),
  wallSeconds: (performance.now() - started) / 1000,
};
writeFileSync(jsonFile, `${JSON.stringify(record, null, 2)}\n`);
const markdown = markdownSummary(record);
writeFileSync(markdownFile, markdown);
console.log(`\n${markdown}`);
console.log(
  `Wrote ${path.relative(repoRoot, jsonFile)} and ${path.relative(repoRoot, markdownFile)} (${record.wallSeconds.toFixed(0)} s in all)`,
);
const failed = outcomes.filter((outcome) => outcome.error !== null);
if (failed.length > 0) {
  console.error(`Failed: ${failed.map((o) => `${o.area} (${o.error})`).join('; ')}`);
  process.exit(1);
}

/**
 * The areas of today's earlier record, each with its rows, for a run with --only: what is not
 * measured again is carried over and marked with the run it came from.
 */
function earlierOutcomes(file: string): Map<Area, AreaOutcome> {
  const kept = new Map<Area, AreaOutcome>();
  if (!existsSync(file)) return kept;
  type Earlier = {
    date: string;
    commit: string | null;
    areas: (Omit<AreaOutcome, 'summary'> & { carriedFrom?: AreaOutcome['carriedFrom'] })[];
    summary: SummaryRow[];
  };
  const earlierRecord = JSON.parse(readFileSync(file, 'utf8')) as Earlier;
  for (const area of earlierRecord.areas) {
    kept.set(area.area, {
      ...area,
      summary: earlierRecord.summary.filter((row) => row.area === area.area),
      carriedFrom: area.carriedFrom ?? { date: earlierRecord.date, commit: earlierRecord.commit },
    });
  }
  return kept;
}
