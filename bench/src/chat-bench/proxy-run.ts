/**
 * `npm run bench:chat -- --instances <n> --database postgres`: the deployment of docs/deploy.md.
 * The data is prepared once (migrations, the corpus, the members and their sessions, all rows in
 * one PostgreSQL database); n server processes then open that database, each with a DATA_DIR of
 * its own and one shared FILES_DIR, behind nginx with deploy/nginx/samvad.conf (nginx-proxy.ts).
 * The reference is n bare relays behind a second nginx with the same configuration, so that the
 * difference is the product's work, not the proxy's hop. Levels: 50 and 200 streams.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilReady,
} from '@samvad/server/test/support/server-process.ts';
import { describeMachine, recordFile, writeRecord } from '../suite/run-record.ts';
import { chatTarget } from './chat-client.ts';
import { type Bench, type LevelResult, runLevel } from './levels.ts';
import { atExit, beforeSignalExit, type NginxProxy, startNginx } from './nginx-proxy.ts';
import { PROXY_AREA, processCpuTable, proxySummary } from './proxy-report.ts';
import { medianLevel, type RelayProcess, startRelay } from './relay-reference.ts';
import { BUSY_MACHINE_CORES, latencyTable } from './report.ts';
import {
  type ChatBenchOptions,
  commonRecord,
  errorLines,
  LEVELS,
  prepareRun,
  printErrors,
  step,
} from './run-setup.ts';

const PROXY_LEVELS = LEVELS.filter((level) => level.streams > 1);
const WARMUP_SEQUENTIAL = 5;

const pidOf = ({ child }: ServerProcess) => {
  if (child.pid === undefined) throw new Error('a server process has no pid');
  return child.pid;
};

export async function runThroughProxy(
  options: ChatBenchOptions,
  proxy: { instances: number; nginx: string },
): Promise<void> {
  const { instances, nginx } = proxy;
  const maxStreams = Math.max(...PROXY_LEVELS.map((level) => level.streams));
  const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
  const { busyBefore, stub, data } = await prepareRun(options, maxStreams, ports[0] ?? 0);
  const { timing } = options;
  const filesDir = path.join(data.env.DATA_DIR ?? '', 'files');
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const relays: RelayProcess[] = [];
  const proxies: NginxProxy[] = [];
  // Our own `finally` does not run on Ctrl-C: the processes would outlive the benchmark.
  const removeHook = atExit(() => {
    for (const { child } of [...servers, ...relays]) child.kill('SIGTERM');
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });
  const removeSignalHook = beforeSignalExit(() => data.cleanup());
  const levels: LevelResult[] = [];
  const relayLevels: LevelResult[] = [];
  let perInstance: Record<string, number> = {};
  let nginxVersion = '';
  const serverLogs: string[] = [];
  try {
    for (const [i, port] of ports.entries()) {
      const dataDir =
        i === 0
          ? (data.env.DATA_DIR ?? '')
          : mkdtempSync(path.join(tmpdir(), 'samvad-bench-chat-'));
      if (i > 0) dataDirs.push(dataDir);
      servers.push(
        spawnServer({
          ...data.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          FILES_DIR: filesDir,
          TRUST_PROXY: 'true',
        }),
      );
    }
    await Promise.all(servers.map((server) => waitUntilReady(server, 60_000)));
    const serverPids = servers.map(pidOf);
    step(
      `${instances} server process${instances === 1 ? '' : 'es'} (pids ${serverPids.join(', ')}) on ${data.database}; ${data.files.length} files, ${data.chunks} chunks; model: first token after ${timing.firstTokenDelayMs} ms, then one every ${timing.tokenIntervalMs} ms`,
    );
    const base = { tokens: data.tokens, stub, serverPids, timing };
    // Sessions are rows in the database: a member signed in once must be known to every instance.
    for (const server of servers) {
      const check = await runLevel({ ...base, target: chatTarget(server.url, 1) }, 1, 1, 'burst');
      if (check.errors > 0) {
        throw new Error(
          `${server.url} refused a member's stream: ${check.errorExamples.join('; ')}`,
        );
      }
    }
    const ours = await startNginx(nginx, await freePort(), ports);
    proxies.push(ours);
    nginxVersion = ours.version;
    const bench: Bench = {
      ...base,
      target: chatTarget(ours.url, maxStreams),
      processGroups: {
        ...Object.fromEntries(serverPids.map((pid, i) => [`instance ${i + 1}`, [pid]])),
        nginx: ours.pids,
      },
    };
    step(
      `nginx ${ours.version} on ${ours.url} (deploy/nginx/samvad.conf) → ports ${ports.join(', ')}`,
    );
    step(`Warming up: ${WARMUP_SEQUENTIAL} sequential streams, then ${maxStreams} at once`);
    const warmup = [
      await runLevel(bench, 1, WARMUP_SEQUENTIAL, 'burst'),
      await runLevel(bench, maxStreams, 1, 'burst'),
    ];
    const warmupErrors = warmup.flatMap((level) => level.errorExamples);
    if (warmupErrors.length > 0) throw new Error(`warm-up failed: ${warmupErrors.join('; ')}`);

    const relayPorts = await Promise.all(ports.map(() => freePort()));
    for (const port of relayPorts) relays.push(await startRelay(port, stub.baseUrl));
    const reference = await startNginx(nginx, await freePort(), relayPorts);
    proxies.push(reference);
    const relayPids = relays.map((relay) => relay.pid);
    const relayBench: Bench = {
      ...bench,
      target: chatTarget(reference.url, maxStreams),
      serverPids: relayPids,
      processGroups: {
        ...Object.fromEntries(relayPids.map((pid, i) => [`relay ${i + 1}`, [pid]])),
        nginx: reference.pids,
      },
    };
    step(
      `Reference: ${instances} bare node:http relay(s) behind nginx on ${reference.url}, warming up`,
    );
    await runLevel(relayBench, maxStreams, 1, 'burst');

    const oursRuns = PROXY_LEVELS.map(() => [] as LevelResult[]);
    const relayRuns = PROXY_LEVELS.map(() => [] as LevelResult[]);
    for (let run = 1; run <= options.runs; run++) {
      for (const [i, { streams, shape, rounds }] of PROXY_LEVELS.entries()) {
        step(
          `run ${run}/${options.runs}: ${streams} streams, ${shape}, × ${rounds}, ours then the relays`,
        );
        oursRuns[i]?.push(await runLevel(bench, streams, rounds, shape));
        relayRuns[i]?.push(await runLevel(relayBench, streams, rounds, shape));
      }
    }
    levels.push(...oursRuns.map(medianLevel));
    relayLevels.push(...relayRuns.map(medianLevel));
    const byPort = ours.chatRequestsPerUpstream();
    perInstance = Object.fromEntries(
      ports.map((port, i) => [`instance ${i + 1}`, byPort[`127.0.0.1:${port}`] ?? 0]),
    );
  } catch (error) {
    for (const [i, server] of servers.entries()) {
      console.error(
        `\nInstance ${i + 1} output (last 2000 characters):\n${server.output().slice(-2000)}`,
      );
    }
    for (const each of proxies) console.error(`\nnginx error log:\n${each.errors()}`);
    throw error;
  } finally {
    for (const each of proxies) await each.stop();
    for (const [i, server] of servers.entries()) {
      serverLogs.push(server.output());
      const code = await stopServer(server);
      if (code !== 0) console.warn(`Instance ${i + 1} exited with code ${code}`);
    }
    for (const relay of relays) await relay.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    removeHook();
    removeSignalHook();
    await stub.close();
    await data.cleanup();
  }

  const machine = describeMachine();
  console.log(
    `\nMachine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; ${instances} instance(s) on PostgreSQL behind nginx ${nginxVersion}, LOG_LEVEL=${options.logLevel}, NODE_ENV=production`,
  );
  console.log(
    `Model stub: first token after ${timing.firstTokenDelayMs} ms, one token every ${timing.tokenIntervalMs} ms. Milliseconds; the client talks to nginx.`,
  );
  const runs = `median of ${options.runs} run${options.runs === 1 ? '' : 's'} per figure`;
  console.log(`\nOurs, ${instances} instance(s) behind nginx (${runs}):\n${latencyTable(levels)}`);
  console.log(
    `\nReference, ${instances} bare node:http relay(s) behind the same nginx:\n${latencyTable(relayLevels)}`,
  );
  console.log(`\nCores busy per process:\n${processCpuTable(levels, relayLevels)}`);
  console.log(
    `Chat requests per instance (nginx's access log, least_conn): ${Object.entries(perInstance)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ')}`,
  );
  const serverErrors = serverLogs.flatMap(errorLines);
  printErrors(levels, serverErrors);
  const busiest = Math.max(...levels.map((level) => level.cpuCores.others));
  if (busiest > BUSY_MACHINE_CORES) {
    console.log(
      `Other processes (PostgreSQL included) kept up to ${busiest.toFixed(2)} cores busy during a level: unless that is the database, the machine was not quiet.`,
    );
  }

  const common = commonRecord(options, {
    data,
    stub,
    busyBefore,
    serverErrors: serverErrors.length,
  });
  const record = {
    benchmark: PROXY_AREA,
    date: new Date().toISOString(),
    machine,
    settings: {
      ...common.settings,
      levels: PROXY_LEVELS,
      warmup: { sequential: WARMUP_SEQUENTIAL, burst: maxStreams },
      instances,
      proxy: {
        nginx: nginxVersion,
        config: 'deploy/nginx/samvad.conf (listening on a free loopback port instead of 8080)',
        main: 'worker_processes auto; worker_connections 1024 (the nginx image defaults)',
      },
      reference: `${instances} bare node:http relay(s) (chat-bench/bare-relay.ts) behind a second nginx with the same configuration`,
    },
    levels,
    relayLevels,
    chatRequestsPerInstance: perInstance,
    summary: proxySummary(levels, relayLevels, instances),
    ...common.closing,
  };
  writeRecord(recordFile(PROXY_AREA, options.json), record);
}
