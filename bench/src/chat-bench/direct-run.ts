/**
 * `npm run bench:chat` without --instances: the server as one process, reached directly, against
 * the bare relay in a process of its own; and the server's memory per open stream.
 */
import path from 'node:path';
import {
  freePort,
  spawnServer,
  stopServer,
  waitUntilReady,
} from '@samvad/server/test/support/server-process.ts';
import { describeMachine, recordFile, writeRecord } from '../suite/run-record.ts';
import { chatTarget } from './chat-client.ts';
import { attachInspector } from './inspector.ts';
import { type Bench, type LevelResult, measureMemory, runLevel } from './levels.ts';
import { chatSummary, medianLevel, type RelayProcess, startRelay } from './relay-reference.ts';
import {
  BUSY_MACHINE_CORES,
  latencyTable,
  memoryTable,
  TTFT_P95_TARGETS_MS,
  targetMet,
} from './report.ts';
import {
  type ChatBenchOptions,
  commonRecord,
  errorLines,
  LEVELS,
  prepareRun,
  printErrors,
  step,
} from './run-setup.ts';

const MEMORY_STREAMS = 200;
/** The model's pause after the first token while memory is read: the streams stay open. */
const HOLD_INTERVAL_MS = 30_000;
const WARMUP_SEQUENTIAL = 5;

export async function runDirect(options: ChatBenchOptions): Promise<void> {
  const maxStreams = Math.max(MEMORY_STREAMS, ...LEVELS.map((level) => level.streams));
  const port = await freePort();
  const inspectorPort = await freePort();
  const { busyBefore, stub, data } = await prepareRun(options, maxStreams, port);
  const { timing } = options;
  const server = spawnServer({
    ...data.env,
    // The inspector stays off until the memory measurement turns it on (inspector.ts).
    NODE_OPTIONS: [
      `--inspect-port=127.0.0.1:${inspectorPort}`,
      ...(options.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.profile)}`] : []),
    ].join(' '),
  });
  const levels: LevelResult[] = [];
  const relayLevels: LevelResult[] = [];
  let relay: RelayProcess | null = null;
  let serverLog = '';
  let memory: Awaited<ReturnType<typeof measureMemory>>;
  try {
    await waitUntilReady(server);
    const serverPid = server.child.pid;
    if (serverPid === undefined) throw new Error('the server process has no pid');
    const bench: Bench = {
      target: chatTarget(server.url, maxStreams),
      tokens: data.tokens,
      stub,
      serverPids: [serverPid],
      timing,
    };
    step(
      `Server pid ${serverPid} on ${server.url}; ${data.files.length} files, ${data.chunks} chunks; model: first token after ${timing.firstTokenDelayMs} ms, then one every ${timing.tokenIntervalMs} ms`,
    );
    step(`Warming up: ${WARMUP_SEQUENTIAL} sequential streams`);
    const warmup = [await runLevel(bench, 1, WARMUP_SEQUENTIAL, 'burst')];
    // Memory first, while the server has only seen one stream at a time: after a burst of 200, V8
    // keeps the heap it grew, and later streams fit in it without showing in RSS.
    step(`Memory: ${MEMORY_STREAMS} streams held open after their first token`);
    const inspector = await attachInspector(serverPid, inspectorPort);
    try {
      memory = await measureMemory(bench, MEMORY_STREAMS, HOLD_INTERVAL_MS, inspector);
    } finally {
      inspector.close();
    }
    step(`Warming up: ${maxStreams} streams at once`);
    warmup.push(await runLevel(bench, maxStreams, 1, 'burst'));
    const warmupErrors = warmup.flatMap((level) => level.errorExamples);
    if (warmupErrors.length > 0) throw new Error(`warm-up failed: ${warmupErrors.join('; ')}`);
    relay = await startRelay(await freePort(), stub.baseUrl);
    const relayBench: Bench = {
      ...bench,
      target: chatTarget(relay.url, maxStreams),
      serverPids: [relay.pid],
    };
    step(`Reference: bare node:http relay pid ${relay.pid} on ${relay.url}, warming up`);
    await runLevel(relayBench, maxStreams, 1, 'burst');
    const oursRuns = LEVELS.map(() => [] as LevelResult[]);
    const relayRuns = LEVELS.map(() => [] as LevelResult[]);
    for (let run = 1; run <= options.runs; run++) {
      for (const [i, { streams, shape, rounds }] of LEVELS.entries()) {
        step(
          `run ${run}/${options.runs}: ${
            streams === 1
              ? `1 stream at a time × ${rounds}`
              : `${streams} concurrent streams, ${shape}, × ${rounds} ${shape === 'burst' ? 'rounds' : 'answers per client'}`
          }, ours then the relay`,
        );
        oursRuns[i]?.push(await runLevel(bench, streams, rounds, shape));
        relayRuns[i]?.push(await runLevel(relayBench, streams, rounds, shape));
      }
    }
    levels.push(...oursRuns.map(medianLevel));
    relayLevels.push(...relayRuns.map(medianLevel));
  } catch (error) {
    console.error(`\nServer output (last 4000 characters):\n${server.output().slice(-4000)}`);
    throw error;
  } finally {
    serverLog = server.output();
    const code = await stopServer(server);
    if (code !== 0) console.warn(`The server exited with code ${code}`);
    await relay?.stop();
    await stub.close();
    await data.cleanup();
  }

  const machine = describeMachine();
  console.log(
    `\nMachine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; server on ${data.database}, LOG_LEVEL=${options.logLevel}, NODE_ENV=production`,
  );
  console.log(
    `Model stub: first token after ${timing.firstTokenDelayMs} ms, one token every ${timing.tokenIntervalMs} ms, ~${levels[0]?.tokensPerStream.toFixed(0)} tokens per answer. steady: N clients asking again as soon as an answer ends (starts spread over one answer); burst: N sent at the same instant, per round. Milliseconds.`,
  );
  console.log(
    `\nOurs (median of ${options.runs} run${options.runs === 1 ? '' : 's'} per figure):\n${latencyTable(levels)}`,
  );
  console.log(`\nReference, the bare node:http relay:\n${latencyTable(relayLevels)}`);
  console.log(
    '\nadded TTFT = first token at the client − send − model delay; to model = send → the model has the request (auth, limits, retrieval, prompt); model→client = model has it → first token at the client, less the model delay.',
  );
  const serverErrors = errorLines(serverLog);
  printErrors(levels, serverErrors);
  const busiest = Math.max(...levels.map((level) => level.cpuCores.others));
  if (busiest > BUSY_MACHINE_CORES) {
    console.log(
      `WARNING: other processes${data.database === 'postgres' ? ' (PostgreSQL included)' : ''} kept up to ${busiest.toFixed(2)} cores busy during a level: unless that is the database, the machine was not quiet and the timings are not reliable.`,
    );
  }
  const loopMax = Math.max(...levels.map((level) => level.benchLoopDelayMs.max));
  console.log(
    `Bench process (client + model stub) event-loop delay, worst: ${loopMax.toFixed(1)} ms`,
  );
  console.log(`\n${memoryTable(memory)}`);
  console.log(
    `${memory.streams} streams held open: ${memory.firstTokens} first tokens, ${memory.upstreamAborts} upstream requests cancelled by the server when the clients left, ${memory.errors} errors. Live = heap used + external after a full GC, read through the inspector${data.database === 'pglite' ? "; external is mostly PGlite's WebAssembly memory" : ''}.`,
  );

  const jsonFile = recordFile('chat', options.json);
  const common = commonRecord(options, {
    data,
    stub,
    busyBefore,
    serverErrors: serverErrors.length,
  });
  const result = {
    benchmark: 'chat',
    date: new Date().toISOString(),
    machine,
    settings: {
      ...common.settings,
      levels: LEVELS,
      warmup: { sequential: WARMUP_SEQUENTIAL, burst: maxStreams },
      memory: { streams: MEMORY_STREAMS, holdIntervalMs: HOLD_INTERVAL_MS },
      reference: 'bare node:http relay of the same model (chat-bench/bare-relay.ts), own process',
    },
    levels,
    relayLevels,
    summary: chatSummary(levels, relayLevels, memory),
    memory,
    targets: levels.flatMap((level) => {
      const p95Ms = TTFT_P95_TARGETS_MS[level.streams];
      if (p95Ms === undefined) return [];
      const { streams, shape } = level;
      return [
        {
          streams,
          shape,
          addedTtftP95Ms: p95Ms,
          measuredP95Ms: level.addedTtftMs.p95,
          met: targetMet(level),
        },
      ];
    }),
    ...common.closing,
  };
  writeRecord(jsonFile, result);
}
