import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile, removeDocumentById } from '../src/services/ingestion-service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue #19: a document's file must not outlive its removal in any cache. It is served
// `private, no-cache`: browsers revalidate on every use (a cheap 304 while it exists, a 404
// once it is removed) and shared caches keep no copy.

const TEXT = 'Educate, agitate and organise. Have faith in yourself and never lose hope.\n';

let t: TestApp;
let documentId: string;

const deps = () => ({
  db: t.database.db,
  files: t.knowledge.files,
  maxFileBytes: t.config.knowledge.maxFileBytes,
});

beforeAll(async () => {
  t = await createTestApp();
  const outcome = await ingestFile(deps(), {
    fileName: 'advice.txt',
    bytes: new TextEncoder().encode(TEXT),
    replace: false,
  });
  if (outcome.status !== 'ingested') throw new Error(`not ingested: ${JSON.stringify(outcome)}`);
  documentId = outcome.document.id;
});
afterAll(() => t.close());

const getFile = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/documents/${documentId}/file`, headers });

describe('GET /api/documents/:id/file caching', () => {
  it('is private and revalidated on every use, with validators', async () => {
    const res = await getFile();
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(TEXT);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(res.headers['last-modified']).toBeTruthy();
  });

  it('answers a revalidation with 304 and no body while the document exists', async () => {
    const first = await getFile();
    const etag = String(first.headers.etag);
    const byTag = await getFile({ 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    expect(byTag.headers['cache-control']).toBe('private, no-cache');
    expect(byTag.headers.etag).toBe(etag);

    const byDate = await getFile({ 'if-modified-since': String(first.headers['last-modified']) });
    expect(byDate.statusCode).toBe(304);
    // A validator that no longer matches gets the file again.
    const stale = await getFile({ 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(TEXT);
  });

  it('answers 404, not 304, once the document is removed', async () => {
    const etag = String((await getFile()).headers.etag);
    expect(await removeDocumentById(deps(), documentId)).not.toBeNull();
    for (const headers of [{}, { 'if-none-match': etag }] as Record<string, string>[]) {
      const res = await getFile(headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });
});
