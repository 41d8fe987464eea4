/**
 * Decompression bombs through the real upload API and the real CLI (the red team's finding 3 and
 * 4, full size: a DOCX of 190 MB of XML, an EPUB of a hundred 8 MB chapters, a PDF page of
 * 300 MB), the temp files a crashed upload leaves, and file names that read backwards.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type UploadEvent, uploadEventSchema } from '@samvad/contracts/admin-documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxBomb, epubBomb, PDF_BOMB_REFUSED, pdfBomb } from './support/bomb-files.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { runScript } from './support/run-script.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';

const MB = 1024 * 1024;
/** Not a pid any process can have (Linux's largest is 4,194,304). */
const DEAD_PID = 99_999_999;

let t: TestApp;
let cookie: string;
let dataDir: string;
const bombs: Record<string, Uint8Array> = {};
let staleLeft: string[];

const uploadsDir = () => path.join(dataDir, 'uploads');

/** Temp folders as a process killed mid-upload leaves them: a folder with a received file. */
function leaveUploadFolder(name: string) {
  mkdirSync(path.join(uploadsDir(), name), { recursive: true });
  writeFileSync(path.join(uploadsDir(), name, '0'), 'PK\u0003\u0004 half of a bomb');
}

async function upload(name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('files', new Blob([bytes]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/documents',
    remoteAddress: '203.0.113.40',
    headers: {
      'content-type': request.headers.get('content-type') ?? '',
      origin: t.config.publicUrl,
      cookie,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const eventsOf = (body: string): UploadEvent[] =>
  body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => uploadEventSchema.parse(JSON.parse(line)));

/** Times /api/health every 25 ms while `run` runs: how long the server took to answer. */
async function healthWhile<T>(run: () => Promise<T>): Promise<{ value: T; latencies: number[] }> {
  const latencies: number[] = [];
  let running = true;
  const poll = (async () => {
    while (running) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    return { value: await run(), latencies };
  } finally {
    running = false;
    await poll;
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-bombs-'));
  leaveUploadFolder('upload-Ab12Cd'); // an older version's name: no owner
  leaveUploadFolder(`upload-${DEAD_PID}-Ef34Gh`); // its process has died
  leaveUploadFolder(`upload-${process.pid}-Ij56Kl`); // an earlier process with this one's pid
  leaveUploadFolder(`upload-${process.ppid}-Mn78Op`); // a live process's upload in progress
  t = await createTestApp({ DATA_DIR: dataDir });
  staleLeft = readdirSync(uploadsDir());
  const db = t.database.db;
  const admin = await insertUser(db, { role: 'admin', username: 'bomb-squad' });
  cookie = (await signIn(db, t.config, admin.id, t.clock.now())).cookie;
  bombs['report.docx'] = await docxBomb(190 * MB);
  bombs['chapters.epub'] = await epubBomb({ chapters: 100, chapterBytes: 8 * MB });
  bombs['page.pdf'] = await pdfBomb({ expandedBytes: 300 * MB });
});
afterAll(() => t.close());

describe('temp files of interrupted uploads', () => {
  it('are removed at start, except those of a live process still receiving them', () => {
    expect(staleLeft).toEqual([`upload-${process.ppid}-Mn78Op`]);
  });
});

describe('decompression bombs uploaded by an admin', () => {
  it.each([
    ['report.docx', /^This DOCX unpacks to more than 64 MB, the limit for one document/],
    ['chapters.epub', /^This EPUB unpacks to more than 64 MB, the limit for one document/],
    // Which of the PDF's limits trips first depends on the machine's speed: its memory, or (on a
    // busy two-core machine) the time one page may take. Either way it fails, and alone.
    ['page.pdf', PDF_BOMB_REFUSED],
  ])(
    '%s fails with the limit it crossed, while the server keeps answering',
    async (name, message) => {
      const bytes = bombs[name] ?? new Uint8Array();
      expect(bytes.length).toBeLessThan(3 * MB);
      const { value: res, latencies } = await healthWhile(() => upload(name, bytes));
      expect(res.statusCode).toBe(200);
      const events = eventsOf(res.body);
      const result = events.find((event) => event.type === 'result');
      expect(result).toMatchObject({
        type: 'result',
        file: name,
        status: 'failed',
        documentId: null,
      });
      expect(result?.type === 'result' && result.message).toMatch(message);
      expect(events.at(-1)).toEqual({ type: 'done', ingested: 0, failed: 1 });
      // Before: the DOCX ran the process out of heap, the PDF held the event loop for minutes.
      // Health answered again and again while the file was read (no duration judged here: the
      // reliability suite and the benchmarks time it).
      expect(latencies.length).toBeGreaterThan(3);
      const after = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(after.statusCode).toBe(200);
      expect(
        readdirSync(uploadsDir()).filter((entry) => !entry.includes(`${process.ppid}`)),
      ).toEqual([]);
    },
  );
});

describe('file names that read backwards', () => {
  it('refuses an upload whose file name has a direction override, with 400 naming it', async () => {
    const res = await upload('invoice\u202Efdp.exe.txt', new TextEncoder().encode('plain text'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        code: 'bad_request',
        message:
          'The name contains a text-direction control character (such as U+202E), which is not allowed: the file name "invoice<U+202E>fdp.exe.txt". Rename the file and upload it again.',
      },
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/documents',
      headers: { cookie },
    });
    expect(listed.json().documents).toEqual([]);
    expect(readdirSync(uploadsDir()).filter((entry) => !entry.includes(`${process.ppid}`))).toEqual(
      [],
    );
  });
});

describe.runIf(testEngine === 'pglite')('decompression bombs given to npm run ingest', () => {
  it('fails each with the limit it crossed, and exits non-zero', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'samvad-bomb-files-'));
    for (const [name, bytes] of Object.entries(bombs))
      writeFileSync(path.join(folder, name), bytes);
    const cli = path.resolve(import.meta.dirname, '../src/cli/ingest.ts');
    const { code, output } = await runScript(cli, [folder], {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'samvad-cli-')),
    });
    expect(code).toBe(1);
    for (const name of Object.keys(bombs)) expect(output).toContain(name);
    expect(output).toContain('This DOCX unpacks to more than 64 MB, the limit for one document');
    expect(output).toContain('This EPUB unpacks to more than 64 MB, the limit for one document');
    expect(output).toMatch(PDF_BOMB_REFUSED);
    expect(output).toContain('0 ingested, 0 replaced, 0 skipped, 3 failed');
    expect(existsSync(folder)).toBe(true);
  });
});
