import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './support/server-process.ts';
import { testEngine } from './support/test-database.ts';

/**
 * Issue 20: `npm start` and signals. npm runs the script through `sh -c`; dash (the sh of Debian
 * and Ubuntu) does not pass a signal on, so `kill <npm pid>` used to leave the server running
 * under init. These run the real `npm start` and `node scripts/start.mjs`, each with its own data
 * directory and port, and a WEB_DIST_DIR of their own so that no web build runs.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const besideNode = path.join(path.dirname(process.execPath), 'npm');
const npm = existsSync(besideNode) ? besideNode : 'npm';

type Started = {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};
const started: Started[] = [];
const serverPids: number[] = [];

afterEach(() => {
  // A test that failed may leave its processes: ours only, by their ids.
  for (const { child } of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const pid of serverPids.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
});

async function start(command: string, args: string[]): Promise<Started> {
  const dir = mkdtempSync(path.join(tmpdir(), 'samvad-start-'));
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: root,
    env: {
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      HOME: process.env.HOME ?? dir,
      DATA_DIR: dir,
      PORT: String(port),
      WEB_DIST_DIR: path.join(dir, 'web'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const run = { child, port, output: () => output, exited };
  started.push(run);
  return run;
}

/** Waits for the ready line and returns the server's pid, as the server logged it. */
async function serverPid(run: Started): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ready = run
      .output()
      .split('\n')
      .find((line) => line.includes('is ready at'));
    if (ready) {
      const pid = (JSON.parse(ready) as { pid: number }).pid;
      serverPids.push(pid);
      return pid;
    }
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start:\n${run.output()}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

describe.runIf(testEngine === 'pglite')('npm start and signals', () => {
  it('stops the server when npm is sent SIGTERM, cleanly, and frees the port', async () => {
    const run = await start(npm, ['start']);
    const pid = await serverPid(run);
    expect(pid).not.toBe(run.child.pid);

    run.child.kill('SIGTERM');
    const npmExit = await run.exited;
    expect(npmExit.code === 143 || npmExit.signal === 'SIGTERM').toBe(true);
    expect(await gone(pid), `server ${pid} still running:\n${run.output()}`).toBe(true);
    expect(run.output()).toContain('stopped cleanly');
    await expect(fetch(`http://127.0.0.1:${run.port}/api/health`)).rejects.toThrow();
  });

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'stops `node scripts/start.mjs` cleanly on %s, exiting 0',
    async (signal) => {
      const run = await start(process.execPath, ['scripts/start.mjs']);
      const pid = await serverPid(run);
      expect(pid).toBe(run.child.pid);
      run.child.kill(signal);
      expect(await run.exited).toEqual({ code: 0, signal: null });
      expect(run.output()).toContain(`"signal":"${signal}"`);
      expect(run.output()).toContain('stopped cleanly');
    },
  );
});
