import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

const mainFile = path.resolve(import.meta.dirname, '../../src/main.ts');

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

/** Runs the real server entry point (`node src/main.ts`) as its own process. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, [mainFile], {
    env: {
      PATH: process.env.PATH ?? '',
      // EMBEDDINGS=off from the test run (vitest.config.ts) unless `env` asks for the model.
      ...(process.env.EMBEDDINGS ? { EMBEDDINGS: process.env.EMBEDDINGS } : {}),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, url: `http://127.0.0.1:${env.PORT}`, output: () => output, exited };
}

/** Polls /api/ready until it answers 200, or fails with what the process printed. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.url}/api/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
}

/** How long a server may take to stop on SIGTERM before it is killed (then it exits with null). */
const STOP_GRACE_MS = 30_000;

/**
 * SIGTERM, and SIGKILL if it has not stopped within STOP_GRACE_MS: a test never leaves a server
 * running, even one that ignores SIGTERM. Resolves to its exit code (null when killed).
 */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), STOP_GRACE_MS);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}
