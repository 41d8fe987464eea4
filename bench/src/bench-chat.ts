// `npm run bench:chat [-- --corpus <dir>] [--delay 200] [--interval 20] [--database pglite|postgres]
//    [--instances <n>] [--log-level info] [--runs 3] [--profile <dir>] [--json <file>]`
// The real server (its own process, `node apps/server/src/main.ts`) answering with a loopback
// OpenAI-compatible model whose first token comes after a fixed delay and whose tokens come at a
// fixed rate. Measures the server's added time to first token (the client's first token less the
// model's delay) at 1, 50 and 200 concurrent streams, and the server's memory per open stream.
// Each level runs `--runs` times, alternating with the same level against a bare node:http relay
// of the same model (chat-bench/bare-relay.ts, the reference); each figure is the runs' median.
//
// --instances <n> (with --database postgres) measures the deployment of docs/deploy.md instead:
// n server processes on one PostgreSQL database behind nginx with deploy/nginx/samvad.conf, at 50
// and 200 streams, against n bare relays behind the same nginx configuration; no memory figure.
// Needs nginx (on PATH, in /usr/sbin, or NGINX=<path>). Record: bench/results/chat-proxy-<date>.json
// (chat-bench/proxy-run.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runDirect } from './chat-bench/direct-run.ts';
import { findNginx } from './chat-bench/nginx-proxy.ts';
import { runThroughProxy } from './chat-bench/proxy-run.ts';
import type { ChatBenchOptions } from './chat-bench/run-setup.ts';

const wallStarted = performance.now();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.resolve(repoRoot, '../shared/corpus/kalpit') },
    delay: { type: 'string', default: '200' },
    interval: { type: 'string', default: '20' },
    database: { type: 'string', default: 'pglite' },
    /** Server processes behind nginx; without it, one process reached directly. */
    instances: { type: 'string' },
    'log-level': { type: 'string', default: 'info' },
    runs: { type: 'string', default: '3' },
    /** A folder for a CPU profile of the server (node --cpu-prof), written when it stops. */
    profile: { type: 'string' },
    json: { type: 'string' },
  },
});
const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};
const whole = (name: string, raw: string) => {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) fail(`--${name} must be a whole number, got ${raw}`);
  return n;
};
if (values.database !== 'pglite' && values.database !== 'postgres') {
  fail('--database takes pglite (embedded, the default) or postgres');
}
const options: ChatBenchOptions = {
  corpus: values.corpus,
  timing: {
    firstTokenDelayMs: whole('delay', values.delay),
    tokenIntervalMs: whole('interval', values.interval),
  },
  database: values.database === 'postgres' ? 'postgres' : 'pglite',
  logLevel: values['log-level'],
  runs: whole('runs', values.runs) || 1,
  profile: values.profile,
  json: values.json,
  wallStarted,
};

if (values.instances === undefined) {
  await runDirect(options);
} else {
  const instances = whole('instances', values.instances);
  if (instances < 1)
    fail('--instances takes the number of server processes behind nginx, 1 or more');
  // PGlite admits one process per data folder: several instances need a shared PostgreSQL.
  if (options.database !== 'postgres') {
    fail('--instances needs --database postgres: the instances share one PostgreSQL database');
  }
  if (options.profile) fail('--profile profiles the single process; leave out --instances');
  let nginx = '';
  try {
    nginx = findNginx();
  } catch (error) {
    fail(`--instances: ${error instanceof Error ? error.message : String(error)}`);
  }
  await runThroughProxy(options, { instances, nginx });
}
