import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  adminDocumentListResponseSchema,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_FILES,
  type UploadEvent,
  uploadEventSchema,
} from '@samvad/contracts/admin-documents';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogs } from '../src/db/schema.ts';
import { SUPPORTED_EXTENSIONS } from '../src/knowledge/load-document.ts';
import { findDocumentById } from '../src/repositories/document-repository.ts';
import { createProgressThrottle } from '../src/services/document-upload-service.ts';
import { corpusAvailable, corpusFile } from './support/corpus.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** Small enough that a test can go over it, large enough for the BAWS chapter PDFs. */
const MAX_BYTES = 300 * 1024;
const CASTES_PDF = 'ambedkar/pdf/baws_vol01_castes_in_india.pdf';
const ANNIHILATION_PDF = 'ambedkar/pdf/baws_vol01_annihilation_of_caste.pdf';
const TRUNCATED_PDF = 'indic/broken/hi_baws_hindi_volume40_TRUNCATED.pdf';
const SPEECH = 'kalpit/speech2.txt';

let t: TestApp;
let admin: { id: string; email: string | null; cookie: string };
let member: { cookie: string };
let bannedAdmin: { cookie: string };
let uploadsDir: string;

type UploadFile = { name: string; bytes: Uint8Array | string };

const read = (relative: string) => new Uint8Array(readFileSync(corpusFile(relative)));
const corpus = (relative: string): UploadFile => ({
  name: path.basename(relative),
  bytes: read(relative),
});

/** A multipart body as a browser builds it from FormData: its bytes and its content type. */
async function multipart(files: UploadFile[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([file.bytes]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

async function upload(
  files: UploadFile[],
  options: { cookie?: string; fields?: Record<string, string>; ip?: string } = {},
) {
  const body = await multipart(files, options.fields);
  const cookie = options.cookie ?? admin.cookie;
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/documents',
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: {
      'content-type': body.contentType,
      origin: t.config.publicUrl,
      ...(cookie ? { cookie } : {}),
    },
    payload: body.payload,
  });
}

const eventsOf = (body: string): UploadEvent[] =>
  body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => uploadEventSchema.parse(JSON.parse(line)));

const resultOf = (events: UploadEvent[], file: string) => {
  const found = events.find((event) => event.type === 'result' && event.file === file);
  if (found?.type !== 'result') throw new Error(`no result for ${file}`);
  return found;
};

const auditRows = (action: 'upload_document' | 'remove_document') =>
  t.database.db
    .select()
    .from(adminLogs)
    .where(eq(adminLogs.action, action))
    .orderBy(asc(adminLogs.id));

const listDocuments = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/documents',
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(200);
  return adminDocumentListResponseSchema.parse(res.json()).documents;
};

const remove = (id: string, cookie = admin.cookie) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/admin/documents/${encodeURIComponent(id)}`,
    remoteAddress: '203.0.113.9',
    headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
  });

/** What is left in the upload temp folder (which the first upload creates). */
const tempEntries = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir) : []);

beforeAll(async () => {
  t = await createTestApp({ INGEST_MAX_BYTES: String(MAX_BYTES) });
  uploadsDir = path.join(t.config.dataDir, 'uploads');
  const db = t.database.db;
  const now = t.clock.now();
  const adminUser = await insertUser(db, { role: 'admin', username: 'kb-admin' });
  admin = { ...adminUser, cookie: (await signIn(db, t.config, adminUser.id, now)).cookie };
  const memberUser = await insertUser(db);
  member = { cookie: (await signIn(db, t.config, memberUser.id, now)).cookie };
  const banned = await insertUser(db, { role: 'admin', banned: true, banReason: 'Abuse' });
  bannedAdmin = { cookie: (await signIn(db, t.config, banned.id, now)).cookie };
});
afterAll(() => t.close());

describe('upload types', () => {
  it('offers exactly the extensions the loaders read', () => {
    expect([...UPLOAD_EXTENSIONS].sort()).toEqual([...SUPPORTED_EXTENSIONS].sort());
  });
});

describe('who may manage documents', () => {
  it('lets only admins list: 401 signed out, 403 member or banned', async () => {
    const as = (cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/admin/documents',
        headers: cookie ? { cookie } : {},
      });
    expect((await as()).statusCode).toBe(401);
    expect((await as(member.cookie)).statusCode).toBe(403);
    expect((await as(bannedAdmin.cookie)).statusCode).toBe(403);
    expect((await as(admin.cookie)).statusCode).toBe(200);
  });

  it('lets only admins upload, reading nothing for anyone else', async () => {
    const file = { name: 'refused.txt', bytes: 'Nobody may add this text to the knowledge base.' };
    expect((await upload([file], { cookie: '' })).statusCode).toBe(401);
    expect((await upload([file], { cookie: member.cookie })).statusCode).toBe(403);
    const banned = await upload([file], { cookie: bannedAdmin.cookie });
    expect(banned.statusCode).toBe(403);
    expect(banned.json().banned).toBe(true);
    expect((await listDocuments()).map((d) => d.fileName)).not.toContain('refused.txt');
    expect(await auditRows('upload_document')).toEqual([]);
  });

  it('lets only admins remove: 401, 403, and 404 for an unknown id', async () => {
    expect((await remove('nope', '')).statusCode).toBe(401);
    expect((await remove('nope', member.cookie)).statusCode).toBe(403);
    expect((await remove('nope', bannedAdmin.cookie)).statusCode).toBe(403);
    const unknown = await remove('nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: 'not_found',
      message: 'No document has the id nope',
    });
  });

  it('refuses a cross-site upload even from an admin', async () => {
    const body = await multipart([{ name: 'x.txt', bytes: 'x' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/documents',
      headers: {
        'content-type': body.contentType,
        cookie: admin.cookie,
        origin: 'https://evil.example',
      },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('refused requests', () => {
  it('answers 415 with a message for a body that is not multipart', async () => {
    for (const [type, payload] of [
      ['application/json', JSON.stringify({ file: 'x' })],
      ['text/plain', 'just text'],
      ['application/octet-stream', 'raw bytes'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/documents',
        headers: { 'content-type': type, cookie: admin.cookie, origin: t.config.publicUrl },
        payload,
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error).toEqual({
        code: 'unsupported_media_type',
        message: 'Send the files as multipart/form-data (a form with one or more files).',
      });
    }
  });

  it('answers 400 for a form without files', async () => {
    const res = await upload([], { fields: { replace: 'true' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Choose at least one file to upload.');
    expect(tempEntries()).toEqual([]);
  });

  it(`answers 413 for more than ${UPLOAD_MAX_FILES} files, ingesting none`, async () => {
    const files = Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, i) => ({
      name: `many-${i}.txt`,
      bytes: `Note number ${i} about the many files test.`,
    }));
    const res = await upload(files);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(
      `Too many files: upload at most ${UPLOAD_MAX_FILES} at a time.`,
    );
    expect((await listDocuments()).some((d) => d.fileName.startsWith('many-'))).toBe(false);
    expect(tempEntries()).toEqual([]);
  });

  it('answers 413 at once when the declared size cannot fit the limits', async () => {
    const body = await multipart([{ name: 'x.txt', bytes: 'x' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/documents',
      headers: {
        'content-type': body.contentType,
        'content-length': String(UPLOAD_MAX_FILES * (MAX_BYTES + 64 * 1024) + 1),
        cookie: admin.cookie,
        origin: t.config.publicUrl,
      },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(
      `The upload is too large: at most ${UPLOAD_MAX_FILES} files of up to 300 KB each.`,
    );
    expect(tempEntries()).toEqual([]);
  });

  it('answers 400, not 500, for a cut-off multipart body', async () => {
    const body = await multipart([{ name: 'cut.txt', bytes: 'x'.repeat(5000) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/documents',
      headers: {
        'content-type': body.contentType,
        cookie: admin.cookie,
        origin: t.config.publicUrl,
      },
      payload: body.payload.subarray(0, 3000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(tempEntries()).toEqual([]);
  });
});

describe.runIf(corpusAvailable)('upload → retrieve → remove', () => {
  let pdfId = '';
  let pdfChunks = 0;
  let speechId = '';

  it('ingests a PDF and a text file, streaming received → progress → result, then done', async () => {
    const res = await upload([corpus(CASTES_PDF), corpus(SPEECH)]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const events = eventsOf(res.body);

    // Per file, in order: received, at least one progress, one result; then one done.
    const sequence = events.map((event) =>
      event.type === 'done' ? 'done' : `${event.file}:${event.type}`,
    );
    const collapsed = sequence.filter((step, i) => step !== sequence[i - 1]);
    expect(collapsed).toEqual([
      'baws_vol01_castes_in_india.pdf:received',
      'baws_vol01_castes_in_india.pdf:progress',
      'baws_vol01_castes_in_india.pdf:result',
      'speech2.txt:received',
      'speech2.txt:progress',
      'speech2.txt:result',
      'done',
    ]);
    expect(events.at(-1)).toEqual({ type: 'done', ingested: 2, failed: 0 });
    expect(events[0]).toEqual({
      type: 'received',
      file: 'baws_vol01_castes_in_india.pdf',
      bytes: read(CASTES_PDF).byteLength,
    });

    const pdf = resultOf(events, 'baws_vol01_castes_in_india.pdf');
    expect(pdf).toMatchObject({ status: 'ingested', pages: 20 });
    expect(pdf.chunks).toBeGreaterThan(10);
    expect(pdf.message).toBe(`Ingested: 20 pages, ${pdf.chunks} chunks.`);
    const pdfProgress = events.filter(
      (event) => event.type === 'progress' && event.file === pdf.file,
    );
    // Pages counted up to the page count; the last report carries the chunk count.
    expect(pdfProgress.at(-1)).toEqual({
      type: 'progress',
      file: pdf.file,
      pagesDone: 20,
      pageCount: 20,
      chunksDone: pdf.chunks,
    });
    const pagesSeen = pdfProgress.map((event) =>
      event.type === 'progress' ? event.pagesDone : -1,
    );
    expect(pagesSeen).toEqual([...pagesSeen].sort((a, b) => a - b));

    const speech = resultOf(events, 'speech2.txt');
    expect(speech).toMatchObject({ status: 'ingested', pages: null, chunks: 1 });
    pdfId = pdf.documentId ?? '';
    pdfChunks = pdf.chunks ?? 0;
    speechId = speech.documentId ?? '';
    expect(tempEntries()).toEqual([]);
  });

  it('makes the documents searchable at once, without waiting for the index to poll', async () => {
    const [best] = await t.knowledge.index.search('endogamy superimposed on exogamy caste', 3);
    expect(best?.documentId).toBe(pdfId);
    const [dhamma] = await t.knowledge.index.search('Buddha rejected ritualism dhamma social', 3);
    expect(dhamma?.documentId).toBe(speechId);
  });

  it('lists them newest first with their chunk counts', async () => {
    const documents = await listDocuments();
    const pdf = documents.find((d) => d.id === pdfId);
    expect(pdf).toMatchObject({
      fileName: 'baws_vol01_castes_in_india.pdf',
      contentType: 'application/pdf',
      bytes: read(CASTES_PDF).byteLength,
      pageCount: 20,
      language: 'en',
      status: 'ready',
      chunkCount: pdfChunks,
    });
    expect(Number.isNaN(Date.parse(pdf?.createdAt ?? ''))).toBe(false);
    const stored = await findDocumentById(t.database.db, pdfId);
    expect(pdf?.createdAt).toBe(stored?.createdAt.toISOString());
    const times = documents.map((d) => Date.parse(d.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(documents.find((d) => d.id === speechId)?.chunkCount).toBe(1);
  });

  it('writes one audit row per ingested document, with its details and address', async () => {
    const rows = await auditRows('upload_document');
    expect(rows).toHaveLength(2);
    const pdfRow = rows.find(
      (row) => (row.details.after as { documentId?: string }).documentId === pdfId,
    );
    expect(pdfRow).toMatchObject({
      adminId: admin.id,
      adminEmail: admin.email,
      ipAddress: '203.0.113.7',
      targetUserId: null,
    });
    const stored = await findDocumentById(t.database.db, pdfId);
    expect(pdfRow?.details).toEqual({
      after: {
        documentId: pdfId,
        fileName: 'baws_vol01_castes_in_india.pdf',
        title: stored?.title,
        pages: 20,
        chunks: pdfChunks,
        replaced: [],
      },
    });
  });

  it('skips an unchanged file and a changed one without "replace", with no audit row', async () => {
    const again = eventsOf((await upload([corpus(SPEECH)])).body);
    expect(resultOf(again, 'speech2.txt')).toMatchObject({
      status: 'skipped',
      message: 'Unchanged since it was ingested.',
      documentId: speechId,
    });
    const changed = { name: 'speech2.txt', bytes: 'A revised note on the Buddha and his Dhamma.' };
    const skipped = eventsOf((await upload([changed])).body);
    expect(resultOf(skipped, 'speech2.txt')).toMatchObject({
      status: 'skipped',
      message:
        'A different speech2.txt is already in the knowledge base. Tick "Replace same-named documents" to replace it.',
    });
    expect(skipped.at(-1)).toEqual({ type: 'done', ingested: 0, failed: 0 });
    expect(await auditRows('upload_document')).toHaveLength(2);
  });

  it('replaces a same-named document when asked, auditing what it replaced', async () => {
    const changed = { name: 'speech2.txt', bytes: 'A revised note on the Buddha and his Dhamma.' };
    const events = eventsOf((await upload([changed], { fields: { replace: 'true' } })).body);
    const result = resultOf(events, 'speech2.txt');
    expect(result).toMatchObject({ status: 'replaced', chunks: 1 });
    const documents = await listDocuments();
    expect(documents.filter((d) => d.fileName === 'speech2.txt').map((d) => d.id)).toEqual([
      result.documentId,
    ]);
    const rows = await auditRows('upload_document');
    expect(rows).toHaveLength(3);
    expect(rows.at(-1)?.details).toMatchObject({
      after: { documentId: result.documentId, replaced: [speechId] },
    });
    const [hit] = await t.knowledge.index.search('revised note Buddha Dhamma', 3);
    expect(hit?.documentId).toBe(result.documentId);
    speechId = result.documentId ?? '';
  });

  it('fails a truncated PDF clearly, stores nothing and writes no audit row', async () => {
    const res = await upload([corpus(TRUNCATED_PDF)]);
    const events = eventsOf(res.body);
    expect(events.map((event) => event.type)).toEqual(['received', 'result', 'done']);
    expect(resultOf(events, path.basename(TRUNCATED_PDF))).toEqual({
      type: 'result',
      file: path.basename(TRUNCATED_PDF),
      status: 'failed',
      message: 'PDF is damaged or truncated.',
      documentId: null,
      pages: null,
      chunks: null,
      warnings: [],
    });
    expect(events.at(-1)).toEqual({ type: 'done', ingested: 0, failed: 1 });
    expect(await auditRows('upload_document')).toHaveLength(3);
    expect((await listDocuments()).map((d) => d.fileName)).not.toContain(
      path.basename(TRUNCATED_PDF),
    );
    expect(tempEntries()).toEqual([]);
  });

  it('fails a disallowed type and an oversize file, and still ingests the rest', async () => {
    const res = await upload([
      { name: 'tool.exe', bytes: 'MZ not a document' },
      { name: 'huge.txt', bytes: 'word '.repeat(MAX_BYTES / 5 + 1) },
      { name: 'small-note.md', bytes: '# Note\n\nEducate, agitate, organise: a small note.' },
    ]);
    expect(res.statusCode).toBe(200);
    const events = eventsOf(res.body);
    expect(resultOf(events, 'tool.exe')).toMatchObject({
      status: 'failed',
      message: `Unsupported file type: .exe (supported: ${UPLOAD_EXTENSIONS.join(', ')}).`,
    });
    expect(resultOf(events, 'huge.txt')).toMatchObject({
      status: 'failed',
      message: 'File is too large: over the limit of 300 KB.',
    });
    expect(resultOf(events, 'small-note.md')).toMatchObject({ status: 'ingested' });
    // Refused files are never read: no 'received' for them.
    expect(events.filter((event) => event.type === 'received').map((event) => event.file)).toEqual([
      'small-note.md',
    ]);
    expect(events.at(-1)).toEqual({ type: 'done', ingested: 1, failed: 2 });
    const names = (await listDocuments()).map((d) => d.fileName);
    expect(names).toContain('small-note.md');
    expect(names).not.toContain('huge.txt');
    expect(tempEntries()).toEqual([]);
  });

  it('keeps a file name in another script as it was sent', async () => {
    const name = 'अम्बेडकर टिप्पणी.txt';
    const events = eventsOf((await upload([{ name, bytes: 'शिक्षित बनो, संगठित रहो।' }])).body);
    expect(resultOf(events, name)).toMatchObject({ status: 'ingested' });
    expect((await listDocuments()).find((d) => d.fileName === name)?.language).toBe('hi');
  });

  it('removes a document by id: gone from the list and from retrieval, one audit row', async () => {
    const before = (await listDocuments()).find((d) => d.id === pdfId);
    const indexed = t.knowledge.index.stats;
    const res = await remove(pdfId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      removed: { id: pdfId, fileName: 'baws_vol01_castes_in_india.pdf' },
    });
    expect((await listDocuments()).some((d) => d.id === pdfId)).toBe(false);
    const hits = await t.knowledge.index.search('endogamy superimposed on exogamy caste', 5);
    expect(hits.some((hit) => hit.documentId === pdfId)).toBe(false);
    // Dropped from the in-memory index itself, not just filtered out at search time.
    expect(t.knowledge.index.stats).toMatchObject({
      documents: indexed.documents - 1,
      chunks: indexed.chunks - pdfChunks,
    });

    const rows = await auditRows('remove_document');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      adminId: admin.id,
      ipAddress: '203.0.113.9',
      details: {
        before: {
          documentId: pdfId,
          fileName: 'baws_vol01_castes_in_india.pdf',
          title: before?.title,
          chunks: before?.chunkCount,
        },
      },
    });
    expect((await remove(pdfId)).statusCode).toBe(404);
    expect(await auditRows('remove_document')).toHaveLength(1);
  });

  it('removes by id only, never by file name', async () => {
    const res = await remove('speech2.txt');
    expect(res.statusCode).toBe(404);
    expect((await listDocuments()).some((d) => d.id === speechId)).toBe(true);
  });
});

describe.runIf(corpusAvailable)('progress over real HTTP', () => {
  it('sends each event as it happens, not all at the end', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const body = await multipart([
      corpus(ANNIHILATION_PDF),
      { name: 'after-the-book.txt', bytes: 'A short note read after the long book.' },
    ]);
    const response = await fetch(`http://127.0.0.1:${address.port}/api/admin/documents`, {
      method: 'POST',
      headers: {
        'content-type': body.contentType,
        cookie: admin.cookie,
        origin: t.config.publicUrl,
      },
      body: body.payload,
    });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    const arrivals: { at: number; text: string }[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      arrivals.push({ at: performance.now(), text: decoder.decode(next.value, { stream: true }) });
    }
    const events = eventsOf(arrivals.map((arrival) => arrival.text).join(''));
    // The first read holds the first file's 'received' and nothing of the end.
    const first = eventsOf(arrivals[0]?.text ?? '');
    expect(first[0]).toMatchObject({ type: 'received', file: path.basename(ANNIHILATION_PDF) });
    expect(first.some((event) => event.type === 'done')).toBe(false);
    expect(arrivals.length).toBeGreaterThan(3);
    expect((arrivals.at(-1)?.at ?? 0) - (arrivals[0]?.at ?? 0)).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({ type: 'done', ingested: 2, failed: 0 });

    // 74 pages: progress is throttled, far fewer lines than pages.
    const book = resultOf(events, path.basename(ANNIHILATION_PDF));
    expect(book.pages).toBe(74);
    const progress = events.filter(
      (event) => event.type === 'progress' && event.file === book.file,
    );
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.length).toBeLessThan(74);
    expect(tempEntries()).toEqual([]);
  });
});

describe('progress throttle', () => {
  it('passes pages on at most every interval, and the chunk count always', () => {
    let now = 0;
    const sent: number[] = [];
    const report = createProgressThrottle((progress) => sent.push(progress.pagesDone), {
      intervalMs: 100,
      now: () => now,
    });
    for (let page = 0; page <= 600; page++) {
      now = page * 10;
      report({ pagesDone: page, pageCount: 600, chunksDone: 0 });
    }
    report({ pagesDone: 600, pageCount: 600, chunksDone: 1800 });
    // Page 0, then every tenth page (each 100 ms apart), then the chunk count.
    expect(sent).toEqual([...Array.from({ length: 61 }, (_, i) => i * 10), 600]);
  });
});
