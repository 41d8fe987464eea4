/**
 * The two processes the API benchmark loads: the real server (`node apps/server/src/main.ts`)
 * and the bare node:http reference; and the clean-up that must run however the benchmark ends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync, statSync, truncateSync } from 'node:fs';
import path from 'node:path';
import type { ServerProcess } from '@samvad/server/test/support/server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const SERVER_MAIN = path.join(repoRoot, 'apps/server/src/main.ts');

/**
 * The real server, like server-process.ts's spawnServer but with its standard output going to a
 * file, as a production log would: at thousands of requests a second, two log lines each, a pipe
 * read by this process would put the cost of reading the log on the load generator.
 */
export type LoggedServer = ServerProcess & {
  logFile: string;
  /** Error and fatal log lines so far, counted; the log is then emptied so it stays small. */
  drainLog(): { errors: number; firstError: string | null; bytes: number };
};

export function spawnLoggedServer(
  env: Record<string, string>,
  logFile: string,
  nodeOptions: string[] = [],
): LoggedServer {
  const fd = openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, [SERVER_MAIN], {
      env: {
        PATH: process.env.PATH ?? '',
        ...env,
        ...(nodeOptions.length > 0 ? { NODE_OPTIONS: nodeOptions.join(' ') } : {}),
      },
      stdio: ['ignore', fd, fd],
    });
  } finally {
    // The child holds its own copy of the descriptor.
    closeSync(fd);
  }
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const output = () => readFileSync(logFile, 'utf8');
  return {
    child,
    url: `http://127.0.0.1:${env.PORT}`,
    output,
    exited,
    logFile,
    drainLog() {
      const bytes = statSync(logFile).size;
      const errorLines = output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line));
      // The server writes with O_APPEND, so after truncation it carries on at the new end.
      truncateSync(logFile, 0);
      return { errors: errorLines.length, firstError: errorLines[0] ?? null, bytes };
    },
  };
}

export type BareServer = { url: string; child: ChildProcess; stop(): Promise<void> };

/** Starts bare-server.ts in its own process with the bodies to serve, keyed by request path. */
export async function startBareServer(bodies: Record<string, Buffer>): Promise<BareServer> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.ts')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const ready = once(child, 'message') as Promise<[{ port: number }]>;
  child.send({
    bodies: Object.fromEntries(
      Object.entries(bodies).map(([url, body]) => [url, body.toString('base64')]),
    ),
  });
  const [{ port }] = await Promise.race([
    ready,
    exited.then(() => {
      throw new Error('the bare reference server exited before listening');
    }),
  ]);
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Clean-ups run in reverse order, once, whether the benchmark finishes, throws, or is stopped
 * with Ctrl-C or SIGTERM (then the process exits with 130 / 143 afterwards).
 */
export function cleanupStack() {
  const tasks: { name: string; run: () => Promise<unknown> }[] = [];
  let running: Promise<void> | null = null;
  const runAll = () => {
    running ??= (async () => {
      for (const task of tasks.splice(0).reverse()) {
        try {
          await task.run();
        } catch (error) {
          console.error(`clean-up '${task.name}' failed:`, error);
        }
      }
    })();
    return running;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: cleaning up`);
    void runAll().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    add(name: string, run: () => Promise<unknown>) {
      tasks.push({ name, run });
    },
    runAll,
  };
}

/** SIGTERM, then SIGKILL if the server has not drained and exited within `graceMs`. */
export async function stopProcess(
  child: ChildProcess,
  exited: Promise<unknown>,
  graceMs = 10_000,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}
