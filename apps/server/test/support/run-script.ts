import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * Runs one of the server's command-line scripts (`npm run ingest`, `db:backup`, …) as its own
 * Node process with only PATH and `env`, and gives back its exit code and everything it printed.
 */
export async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [script, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      // EMBEDDINGS=off from the test run (vitest.config.ts) unless `env` asks for the model.
      ...(process.env.EMBEDDINGS ? { EMBEDDINGS: process.env.EMBEDDINGS } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, 'exit');
  return { code: code as number | null, output };
}
