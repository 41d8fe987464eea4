import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, corpusFile } from './support/corpus.ts';
import { startFakeEmbeddingsServer } from './support/fake-embeddings-server.ts';
import { runScript } from './support/run-script.ts';
import { freePort, spawnServer, stopServer, waitUntilReady } from './support/server-process.ts';
import { testEngine } from './support/test-database.ts';

const cli = path.resolve(import.meta.dirname, '../src/cli/ingest.ts');

function runCli(args: string[], env: Record<string, string>) {
  return runScript(cli, args, env);
}

describe.runIf(testEngine === 'pglite' && corpusAvailable)('npm run ingest', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-cli-'));

  it('summarises every failure with its reason and exits 1 when every file failed', async () => {
    const { code, output } = await runCli([corpusFile('indic/broken')], { DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain('hi_baws_hindi_volume36_TRUNCATED.pdf');
    expect(output).toContain('hi_baws_hindi_volume40_TRUNCATED.pdf');
    expect(output.match(/PDF is damaged or truncated/g)).toHaveLength(2);
    expect(output).toContain('0 ingested, 0 replaced, 0 skipped, 2 failed');
  });

  // Issue 20: 57 of 60 files in is not "nothing could be done".
  it('exits 2 when some files failed and the others went in, with the table naming each', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'samvad-cli-partial-'));
    const folder = path.join(dir, 'mixed');
    mkdirSync(folder);
    copyFileSync(corpusFile('kalpit/speech1.txt'), path.join(folder, 'speech1.txt'));
    copyFileSync(corpusFile('kalpit/speech2.txt'), path.join(folder, 'speech2.txt'));
    const broken = 'hi_baws_hindi_volume36_TRUNCATED.pdf';
    copyFileSync(corpusFile('indic/broken', broken), path.join(folder, broken));

    const { code, output } = await runCli([folder], { DATA_DIR: dir });
    expect(code).toBe(2);
    expect(output).toContain('2 ingested, 0 replaced, 0 skipped, 1 failed');
    expect(output).toMatch(new RegExp(`${broken}\\s+failed\\s+–\\s+–\\s+PDF is damaged`));
    expect(output).toContain(
      '1 of 3 files failed (see the table); the others are in the knowledge base',
    );

    // Again: the two are skipped as unchanged, the broken one still fails; still partial.
    const again = await runCli([folder], { DATA_DIR: dir });
    expect(again.code).toBe(2);
    expect(again.output).toContain('0 ingested, 0 replaced, 2 skipped, 1 failed');
  });

  it('exits 1 when nothing could be done: no arguments, a missing path, an empty folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'samvad-cli-nothing-'));
    const none = await runCli([], { DATA_DIR: dir });
    expect(none.code).toBe(1);
    expect(none.output).toContain('nothing to do');

    const missing = await runCli([path.join(dir, 'no-such-folder')], { DATA_DIR: dir });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain(`No such file or folder: ${path.join(dir, 'no-such-folder')}`);
    expect(missing.output).not.toMatch(/\n\s+at /);

    const emptyFolder = path.join(dir, 'empty');
    mkdirSync(emptyFolder);
    writeFileSync(path.join(emptyFolder, '.hidden'), 'not a document');
    const empty = await runCli([emptyFolder], { DATA_DIR: dir });
    expect(empty.code).toBe(1);
    expect(empty.output).toContain(`No files found in ${emptyFolder}`);

    const unknownOption = await runCli(['--frobnicate'], { DATA_DIR: dir });
    expect(unknownOption.code).toBe(1);
    expect(unknownOption.output).toContain("Unknown option '--frobnicate'");
  });

  it('documents its exit statuses in --help', async () => {
    const { code, output } = await runCli(['--help'], {});
    expect(code).toBe(0);
    expect(output).toContain('Exit status:');
    expect(output).toMatch(/ {2}2 +some files failed and the others went in/);
    expect(output).toMatch(/ {2}1 +nothing could be done: every file failed/);
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

  it('--embed needs embeddings on, then embeds what was ingested before, with progress', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'samvad-cli-embed-'));
    const missing = await runCli(['--embed'], { DATA_DIR: dir, EMBEDDINGS: 'off' });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('--embed needs embeddings on');
    expect(missing.output).toContain('EMBEDDING_BASE_URL and EMBEDDING_MODEL');

    expect((await runCli([corpusFile('kalpit/speech1.txt')], { DATA_DIR: dir })).code).toBe(0);
    const embeddings = await startFakeEmbeddingsServer();
    try {
      const env = {
        DATA_DIR: dir,
        EMBEDDING_BASE_URL: embeddings.baseUrl,
        EMBEDDING_MODEL: 'fake-embed',
      };
      const embedded = await runCli(['--embed'], env);
      expect(embedded.code).toBe(0);
      // Not a terminal: a line per ~5 % instead of a bar.
      expect(embedded.output).toMatch(
        /embedding \(fake-embed\): 1\/1 chunks \(100%\) · [\d.]+ chunks\/s/,
      );
      expect(embedded.output).toContain('Embedded 1 chunks (64 dimensions, fake-embed)');

      // New files are embedded as they are ingested, with the same progress.
      const added = await runCli([corpusFile('kalpit/speech2.txt')], env);
      expect(added.code).toBe(0);
      expect(added.output).toMatch(/embedding speech2\.txt: 1\/1 chunks \(100%\)/);

      const again = await runCli(['--embed'], env);
      expect(again.output).toContain(
        'Every chunk already has a 64-dimensional vector from fake-embed',
      );
    } finally {
      await embeddings.close();
    }
    // Four CLI runs, each starting Node, PGlite and a reader: minutes on a busy shared machine.
  }, 240_000);
});
