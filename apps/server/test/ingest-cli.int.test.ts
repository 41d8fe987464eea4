import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, corpusFile } from './support/corpus.ts';
import { freePort, spawnServer, stopServer, waitUntilReady } from './support/server-process.ts';
import { testEngine } from './support/test-database.ts';

const cli = path.resolve(import.meta.dirname, '../src/cli/ingest.ts');

async function runCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
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
  return { code: code as number, output };
}

describe.runIf(testEngine === 'pglite' && corpusAvailable)('npm run ingest', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-cli-'));

  it('summarises every failure with its reason and exits non-zero', async () => {
    const { code, output } = await runCli([corpusFile('indic/broken')], { DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain('hi_baws_hindi_volume36_TRUNCATED.pdf');
    expect(output).toContain('hi_baws_hindi_volume40_TRUNCATED.pdf');
    expect(output.match(/PDF is damaged or truncated/g)).toHaveLength(2);
    expect(output).toContain('0 ingested, 0 replaced, 0 skipped, 2 failed');
  });

  it('ingests, lists, skips unchanged files and removes by file name', async () => {
    const speech = corpusFile('kalpit/speech1.txt');
    const first = await runCli([speech], { DATA_DIR: dataDir });
    expect(first.code).toBe(0);
    expect(first.output).toContain('1 ingested');

    const again = await runCli([speech], { DATA_DIR: dataDir });
    expect(again.output).toContain('Unchanged since it was ingested');

    const listed = await runCli(['--list'], { DATA_DIR: dataDir });
    expect(listed.output).toContain('speech1.txt');
    expect(listed.output).toContain('1 documents');

    const removed = await runCli(['--remove', 'speech1.txt'], { DATA_DIR: dataDir });
    expect(removed.code).toBe(0);
    expect((await runCli(['--list'], { DATA_DIR: dataDir })).output).toContain('0 documents');
  });

  it('tells the user what to do while a server holds the embedded database', async () => {
    const server = spawnServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    try {
      await waitUntilReady(server);
      const { code, output } = await runCli(['--list'], { DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(output).toContain('already in use by another Samvad process');
      expect(output).toContain('stop the server, run this command, then start the server again');
    } finally {
      await stopServer(server);
    }
  });
});
