/**
 * The start-up reference: a bare Node process that does nothing but listen with node:http and
 * answer 200, spawned and polled exactly as the real server is. What it takes is the floor any
 * Node server pays (the runtime starting, a socket bound); the rest of ours is our own work.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { stopProcess } from '../api-bench/processes.ts';
import { residentBytes } from '../chat-bench/process-stats.ts';
import { POLL_MS } from './measure.ts';

const SCRIPT = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ready"}'); }).listen(Number(process.env.PORT), '127.0.0.1');`;

export async function measureBareStart(
  port: number,
): Promise<{ readyMs: number; rssAtReadyBytes: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', SCRIPT], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  try {
    const deadline = started + 20_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the bare server exited with ${child.exitCode}`);
      if (performance.now() > deadline) throw new Error('the bare server never answered');
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const readyMs = performance.now() - started;
    if (child.pid === undefined) throw new Error('the bare server has no pid');
    return { readyMs, rssAtReadyBytes: residentBytes(child.pid) };
  } finally {
    await stopProcess(child, exited);
  }
}
