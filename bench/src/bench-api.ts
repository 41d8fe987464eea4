// `npm run bench:api [-- --database pglite|postgres] [--log-level info] [--runs 3] [--duration 10]
//    [--warmup 2] [--connections 10] [--pipelining 1] [--profile <dir>] [--json <file>]`
// Issue #11: requests per second and p99 latency of two everyday calls on the real server process
// (NODE_ENV=production, request logging on), side by side with a bare node:http server in its own
// process answering the same body bytes, under the same autocannon load; runs alternate between
// the two and the median of the runs is reported.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderTable } from '@samvad/server/cli/summary-table.ts';
import { freePort, waitUntilReady } from '@samvad/server/test/support/server-process.ts';
import { type LoadResult, type LoadSettings, measureLoad, type Target } from './api-bench/load.ts';
import {
  cleanupStack,
  spawnLoggedServer,
  startBareServer,
  stopProcess,
} from './api-bench/processes.ts';
import { prepareApiData } from './api-bench/server-data.ts';
import { cpuShares } from './chat-bench/process-stats.ts';
import { redact, referenceServer } from './retrieval-bench/postgres-reference.ts';
import {
  describeMachine,
  fixed,
  recordFile,
  warnWhenBusy,
  writeRecord,
} from './suite/run-record.ts';
import { median, type SummaryRow, summaryRow } from './suite/summary-row.ts';

/**
 * Throughput against the bare server: ≥ 0.8 for the visitor's call (issue #11); for the member's
 * list ≥ 0.5 on the embedded database and ≥ 0.8 on PostgreSQL (issue #22).
 */
const RATIO_TARGETS: Record<string, Record<'pglite' | 'postgres', number>> = {
  'GET /api/auth/session': { pglite: 0.8, postgres: 0.8 },
  'GET /api/conversations': { pglite: 0.5, postgres: 0.8 },
};
const wallStarted = performance.now();
const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    'log-level': { type: 'string', default: 'info' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    pipelining: { type: 'string', default: '1' },
    conversations: { type: 'string', default: '50' },
    /** A folder for a CPU profile of the server (node --cpu-prof), written when it stops. */
    profile: { type: 'string' },
    json: { type: 'string' },
  },
});
const whole = (name: string, raw: string, min: number) => {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) {
    console.error(`--${name} must be a whole number ≥ ${min}, got ${raw}`);
    process.exit(2);
  }
  return n;
};
if (values.database !== 'pglite' && values.database !== 'postgres') {
  console.error('--database takes pglite (embedded, the default) or postgres');
  process.exit(2);
}
const RUNS = whole('runs', values.runs, 1);
const settings: LoadSettings = {
  connections: whole('connections', values.connections, 1),
  durationSeconds: whole('duration', values.duration, 1),
  warmupSeconds: whole('warmup', values.warmup, 0),
  pipelining: whole('pipelining', values.pipelining, 1),
};
const conversationCount = whole('conversations', values.conversations, 1);
const postgres = values.database === 'postgres' ? referenceServer() : null;
const step = (message: string) => console.log(`· ${message}`);

type Side = { runs: LoadResult[]; cores: number[] };
type EndpointResult = {
  name: string;
  path: string;
  as: string;
  bodyBytes: number;
  ours: Side;
  reference: Side;
  serverLogErrors: number;
  firstServerError: string | null;
};

const busyBefore = await warnWhenBusy('the figures will be noisy');
const cleanup = cleanupStack();
const endpoints: EndpointResult[] = [];
let database = 'pglite';
let serverLogBytes = 0;
try {
  const port = await freePort();
  step(
    `Preparing the server's data: one member with ${conversationCount} conversations (${postgres ? `PostgreSQL at ${redact(postgres.url)}` : 'embedded PGlite'})`,
  );
  const data = await prepareApiData({
    port,
    logLevel: values['log-level'],
    conversations: conversationCount,
    archiveEvery: 10,
    postgresUrl: postgres?.url ?? null,
  });
  database = data.database;
  cleanup.add('data', data.cleanup);
  const server = spawnLoggedServer(
    data.env,
    path.join(data.dataDir, 'server.log'),
    values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : [],
  );
  cleanup.add('server', () => stopProcess(server.child, server.exited));
  try {
    await waitUntilReady(server, 60_000);
  } catch (error) {
    console.error(server.output().slice(-4000));
    throw error;
  }
  const serverPid = server.child.pid;
  if (serverPid === undefined) throw new Error('the server process has no pid');

  const calls: { name: string; path: string; as: string; headers: Record<string, string> }[] = [
    { name: 'GET /api/auth/session', path: '/api/auth/session', as: 'visitor', headers: {} },
    {
      name: 'GET /api/conversations',
      path: '/api/conversations',
      as: `member, ${data.conversations.active} active + ${data.conversations.archived} archived`,
      headers: { authorization: `Bearer ${data.token}` },
    },
  ];
  // The reference serves exactly the bytes the real server sent, fetched once.
  const bodies: Record<string, Buffer> = {};
  for (const call of calls) {
    const response = await fetch(`${server.url}${call.path}`, { headers: call.headers });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) {
      throw new Error(`${call.name} answered ${response.status}: ${body.toString().slice(0, 300)}`);
    }
    bodies[call.path] = body;
  }
  const listed = JSON.parse(bodies['/api/conversations']?.toString() ?? '{}');
  if ((listed.active?.length ?? 0) + (listed.archived?.length ?? 0) !== conversationCount) {
    throw new Error(`the member's list does not hold ${conversationCount} conversations`);
  }
  const bare = await startBareServer(bodies);
  cleanup.add('bare server', () => bare.stop());
  const barePid = bare.child.pid;
  if (barePid === undefined) throw new Error('the bare server has no pid');
  server.drainLog();
  step(
    `Server pid ${serverPid} on ${server.url} (${data.database}, LOG_LEVEL=${values['log-level']}, log to a file); bare node:http pid ${barePid} on ${bare.url}`,
  );

  for (const call of calls) {
    const body = bodies[call.path] ?? Buffer.alloc(0);
    const result: EndpointResult = {
      name: call.name,
      path: call.path,
      as: call.as,
      bodyBytes: body.length,
      ours: { runs: [], cores: [] },
      reference: { runs: [], cores: [] },
      serverLogErrors: 0,
      firstServerError: null,
    };
    const measure = async (side: 'ours' | 'reference') => {
      const target: Target = {
        url: side === 'ours' ? server.url : bare.url,
        path: call.path,
        headers: call.headers,
        expectBody: body.toString('utf8'),
      };
      const shares = cpuShares(side === 'ours' ? serverPid : barePid);
      const load = await measureLoad(target, settings);
      result[side].cores.push(shares().server);
      result[side].runs.push(load);
      const failed = load.errors + load.non2xx + load.mismatches;
      if (failed > 0) {
        throw new Error(
          `${side} ${call.name}: ${load.errors} errors, ${load.non2xx} non-2xx, ${load.mismatches} bodies not as expected`,
        );
      }
      if (side === 'ours') {
        const log = server.drainLog();
        serverLogBytes += log.bytes;
        result.serverLogErrors += log.errors;
        result.firstServerError ??= log.firstError;
      }
    };
    for (let run = 0; run < RUNS; run++) {
      // Which side goes first alternates, so drift in the machine's load hits both alike.
      const order =
        run % 2 === 0 ? (['ours', 'reference'] as const) : (['reference', 'ours'] as const);
      step(`${call.name} (${call.as}): run ${run + 1}/${RUNS}, ${order.join(' then ')}`);
      for (const side of order) await measure(side);
    }
    endpoints.push(result);
  }
} finally {
  await cleanup.runAll();
}

const ratioTarget = (ratio: number) => ({
  text: `ratio ≥ ${ratio}`,
  met: ({ ratio: measured }: { ratio: number | null }) => measured !== null && measured >= ratio,
});
const rps = (side: Side) => median(side.runs.map((r) => r.requestsPerSecond));
const p99 = (side: Side) => median(side.runs.map((r) => r.latencyMs.p99));
const summary: SummaryRow[] = endpoints.flatMap((e) => [
  summaryRow({
    area: 'api',
    measure: `${e.name}, ${e.as}: requests/s (${database})`,
    unit: 'req/s',
    ours: rps(e.ours),
    reference: rps(e.reference),
    referenceName: 'bare node:http, same body bytes, own process',
    target: ratioTarget(
      RATIO_TARGETS[e.name]?.[database === 'postgres' ? 'postgres' : 'pglite'] ?? 0.8,
    ),
  }),
  summaryRow({
    area: 'api',
    measure: `${e.name}, ${e.as}: p99 latency (${database})`,
    unit: 'ms',
    ours: p99(e.ours),
    reference: p99(e.reference),
    referenceName: 'bare node:http, same body bytes, own process',
  }),
]);

const machine = describeMachine();
console.log(
  `\nMachine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}. autocannon in this process: ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per run, ${RUNS} runs per side alternating; medians.`,
);
console.log(
  `\n${renderTable(
    [
      'call',
      'ours req/s',
      'bare req/s',
      'ratio',
      'target',
      'met',
      'ours p99 ms',
      'bare p99 ms',
      'body B',
      'server cores',
      'bare cores',
    ],
    endpoints.map((e) => {
      const row = summary.find((r) => r.measure.startsWith(`${e.name},`) && r.unit === 'req/s');
      return [
        `${e.name} (${e.as})`,
        fixed(rps(e.ours), 0),
        fixed(rps(e.reference), 0),
        fixed(row?.ratio ?? null, 2),
        row?.target ?? '–',
        row?.met ? 'yes' : 'NO',
        fixed(p99(e.ours), 1),
        fixed(p99(e.reference), 1),
        e.bodyBytes,
        fixed(median(e.ours.cores), 2),
        fixed(median(e.reference.cores), 2),
      ];
    }),
  )}`,
);
for (const e of endpoints) {
  console.log(
    `${e.name} per run — ours: ${e.ours.runs.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')} req/s; bare: ${e.reference.runs.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')} req/s${e.serverLogErrors > 0 ? `; SERVER LOGGED ${e.serverLogErrors} ERRORS, the first: ${e.firstServerError?.slice(0, 500)}` : ''}`,
  );
}
console.log(
  `Server log written during the runs: ${(serverLogBytes / 1024 / 1024).toFixed(1)} MB (LOG_LEVEL=${values['log-level']}). 'cores' = CPU time of that process over the run's wall time (1 = one core); the load generator shares the machine's cores. autocannon records latency in whole milliseconds: a p99 of 0 is under 1 ms.`,
);

const jsonFile = recordFile(database === 'postgres' ? 'api-postgres' : 'api', values.json);
const result = {
  benchmark: 'api',
  date: new Date().toISOString(),
  machine,
  settings: {
    ...settings,
    runs: RUNS,
    database,
    logLevel: values['log-level'],
    nodeEnv: 'production',
    conversations: conversationCount,
    reference: 'node:http in its own process, content-type application/json, same body bytes',
  },
  summary,
  endpoints,
  serverLogBytes,
  otherProcessesCoresBefore: busyBefore,
  wallSeconds: (performance.now() - wallStarted) / 1000,
};
writeRecord(jsonFile, result);
