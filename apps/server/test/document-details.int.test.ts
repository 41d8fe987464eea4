import {
  adminDocumentListResponseSchema,
  adminDocumentResponseSchema,
} from '@samvad/contracts/admin-documents';
import { type Source, sourceSchema } from '@samvad/contracts/sources';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogs } from '../src/db/schema.ts';
import { answerSigner } from '../src/http/answer-signature.ts';
import { presentSource } from '../src/presenters/source-presenter.ts';
import { findDocumentById } from '../src/repositories/document-repository.ts';
import { KnowledgeIndex } from '../src/retrieval/knowledge-index.ts';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { adminTestCallers, type Caller, callAs } from './support/admin-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue #29, admin control (ADR 034): an admin corrects a document's title, author, volume and
 * year in the Knowledge Base tab, and new answers cite it so, in this process and in any other
 * whose index follows the knowledge-change log.
 */
let t: TestApp;
let admin: Caller;
let member: Caller;
let visitor: Caller;
let documentId: string;

const FILE_NAME = 'mahad-notes.txt';
const NOTES = [
  'On the Chavdar tank at Mahad.',
  '',
  'In March the satyagrahis marched to the Chavdar tank at Mahad to drink its water, which the',
  'municipality had declared open to all and which the untouchables were still forbidden to touch.',
  'Drinking from the tank asserted a civic right: the water of a public tank belongs to every',
  'citizen, and no custom can make a human being less than a citizen.',
].join('\n');
const QUESTION = 'Why did the satyagrahis march to the Chavdar tank at Mahad to drink water?';

const ingest = (text: string, replace = false) =>
  ingestFile(
    { db: t.database.db, files: t.knowledge.files, maxFileBytes: 1024 * 1024 },
    { fileName: FILE_NAME, bytes: new TextEncoder().encode(text), replace },
  );

const edit = (body: object, caller = admin, id = documentId) =>
  callAs(t, caller, 'PATCH', `/api/admin/documents/${encodeURIComponent(id)}`, body);

async function ask(): Promise<Source[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: { origin: t.config.publicUrl, accept: 'application/json' },
    payload: { question: QUESTION, chat_history: [] },
  });
  expect(res.statusCode).toBe(200);
  const { answer, sources, signature } = res.json();
  // What a citation names is signed with the rest (a shared answer cannot be given an author).
  expect(answerSigner(t.config.sessionSecret).verify(QUESTION, answer, sources, signature)).toBe(
    true,
  );
  return (sources as unknown[]).map((source) => sourceSchema.parse(source));
}

const auditRows = () =>
  t.database.db
    .select()
    .from(adminLogs)
    .where(and(eq(adminLogs.action, 'update_document_details')));

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, member, visitor } = await adminTestCallers(t));
  const outcome = await ingest(NOTES);
  if (outcome.status !== 'ingested') throw new Error(`not ingested: ${outcome.status}`);
  documentId = outcome.document.id;
  await t.knowledge.index.sync();
});
afterAll(() => t.close());

describe('PATCH /api/admin/documents/:id', () => {
  it('refuses everyone but an admin, changing nothing', async () => {
    expect((await edit({ title: 'Not theirs' }, visitor)).statusCode).toBe(401);
    expect((await edit({ title: 'Not theirs' }, member)).statusCode).toBe(403);
    const row = await findDocumentById(t.database.db, documentId);
    expect(row).toMatchObject({ titleOverride: null, author: null, volume: null, year: null });
    expect(await auditRows()).toHaveLength(0);
  });

  it('answers 404 for an unknown document', async () => {
    const res = await edit({ title: 'Nowhere' }, admin, 'no-such-document');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('answers 400 naming the bad field, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ title: '   ' }, 'body.title'],
      [{ title: 'x'.repeat(301) }, 'body.title'],
      [{ author: 'a'.repeat(201) }, 'body.author'],
      [{ volume: 'IV' }, 'body.volume'],
      [{ volume: '1234' }, 'body.volume'],
      [{ year: 3500 }, 'body.year'],
      [{ year: 999 }, 'body.year'],
      [{ year: 1949.5 }, 'body.year'],
    ];
    for (const [body, field] of cases) {
      const res = await edit({ title: 'A good title', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed' });
      expect(res.json().error.message).toContain(field);
    }
    const row = await findDocumentById(t.database.db, documentId);
    expect(row).toMatchObject({ titleOverride: null, author: null, volume: null, year: null });
    expect(await auditRows()).toHaveLength(0);
  });

  it('sets the details: the list shows them, the audit log has one row, answers cite them', async () => {
    const before = await ask();
    expect(before[0]?.file_name).toBe(FILE_NAME);
    expect(before[0]?.title).not.toBe('The Mahad Satyagraha');
    // Another process's index, loaded before the edit: it learns of it from the change log.
    const other = new KnowledgeIndex(t.database.db);
    await other.load();

    const res = await edit({
      title: '  The Mahad   Satyagraha ',
      author: 'B. R. Ambedkar',
      volume: '17',
      year: 1927,
    });
    expect(res.statusCode).toBe(200);
    const { document } = adminDocumentResponseSchema.parse(res.json());
    expect(document).toMatchObject({
      id: documentId,
      title: 'The Mahad Satyagraha',
      details: {
        title: 'The Mahad Satyagraha',
        author: 'B. R. Ambedkar',
        volume: '17',
        year: 1927,
      },
    });
    expect(document.extractedTitle).not.toBe('The Mahad Satyagraha');

    const list = await callAs(t, admin, 'GET', '/api/admin/documents');
    const listed = adminDocumentListResponseSchema
      .parse(list.json())
      .documents.find((d) => d.id === documentId);
    expect(listed?.title).toBe('The Mahad Satyagraha');

    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      adminId: admin.user?.id,
      ipAddress: '203.0.113.7',
      details: {
        documentId,
        fileName: FILE_NAME,
        before: { title: document.extractedTitle, author: null, volume: null, year: null },
        after: {
          title: 'The Mahad Satyagraha',
          author: 'B. R. Ambedkar',
          volume: '17',
          year: 1927,
        },
      },
    });

    const [cited] = await ask();
    expect(cited).toMatchObject({
      file_name: FILE_NAME,
      title: 'The Mahad Satyagraha',
      author: 'B. R. Ambedkar',
      volume: '17',
      year: 1927,
    });

    expect(await other.sync()).toBe(1);
    const [passage] = await other.search(QUESTION, 1);
    if (!passage) throw new Error('the other index found nothing');
    expect(presentSource(passage)).toMatchObject({ title: 'The Mahad Satyagraha', volume: '17' });
  });

  it('writes nothing when the details are already so', async () => {
    const res = await edit({ title: 'The Mahad Satyagraha', year: 1927 });
    expect(res.statusCode).toBe(200);
    expect(await auditRows()).toHaveLength(1);
  });

  it("clears a detail with null, and a title equal to the file's own is no correction", async () => {
    const extracted = (await findDocumentById(t.database.db, documentId))?.title ?? '';
    const res = await edit({ author: null, year: null });
    expect(res.statusCode).toBe(200);
    const [cited] = await ask();
    expect(cited?.author).toBeUndefined();
    expect(cited?.year).toBeUndefined();
    expect(cited).toMatchObject({ title: 'The Mahad Satyagraha', volume: '17' });

    expect((await edit({ title: extracted })).statusCode).toBe(200);
    const row = await findDocumentById(t.database.db, documentId);
    expect(row).toMatchObject({ titleOverride: null, volume: '17', author: null, year: null });
    expect(await auditRows()).toHaveLength(3);
  });

  it('keeps what an admin set when the file is replaced', async () => {
    expect(
      (await edit({ title: 'The Mahad Satyagraha', author: 'B. R. Ambedkar' })).statusCode,
    ).toBe(200);
    const outcome = await ingest(`${NOTES}\n\nThe tank was reopened to all in 1937.`, true);
    if (outcome.status !== 'replaced') throw new Error(`not replaced: ${outcome.status}`);
    expect(outcome.document).toMatchObject({
      titleOverride: 'The Mahad Satyagraha',
      author: 'B. R. Ambedkar',
      volume: '17',
      year: null,
    });
    await t.knowledge.index.sync();
    const [cited] = await ask();
    expect(cited).toMatchObject({ title: 'The Mahad Satyagraha', author: 'B. R. Ambedkar' });
  });
});
