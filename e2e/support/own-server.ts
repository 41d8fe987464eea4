import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type OwnServer = { url: string; stop: () => Promise<void> };

/** Where the own server at `offset` listens (known before it starts, for `test.use`). */
export function ownServerUrl(offset: number): string {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT) + offset}`;
}

/**
 * A spec's own real server (src/main.ts) on a fresh data directory, with `env` on top; resolves
 * once it answers /api/ready. `offset` is added to E2E_PORT, which playwright.config.ts picks
 * below the kernel's ephemeral range so no outgoing connection can be holding the port.
 */
export async function startOwnServer(
  offset: number,
  env: Record<string, string>,
): Promise<OwnServer> {
  const url = ownServerUrl(offset);
  const port = new URL(url).port;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-e2e-own-'));
  const server: ChildProcess = spawn(
    process.execPath,
    [path.resolve(import.meta.dirname, '../../apps/server/src/main.ts')],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH ?? '',
        PORT: port,
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        ...env,
      },
    },
  );
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${url}/api/ready`).catch(() => null);
    if (ready?.ok) return { url, stop };
    if (tries > 170 || server.exitCode !== null) {
      const how = server.exitCode !== null ? `exited with code ${server.exitCode}` : 'timed out';
      await stop();
      // The server's own reason is on stderr, which this process shares.
      throw new Error(`the server on ${url} did not start (${how})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
