/**
 * Issue #30 item 2: a compressed file grows on ingestion (a 5.4 MB DOCX took 42 MB). The room a
 * document needs once stored (its file and its text) is asked for before anything is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/app-error.ts';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a document without room on the disk', () => {
  it('fails before it is written, for the size of its text and file together', async () => {
    const deps = { db: t.database.db, files: t.knowledge.files, maxFileBytes: 10_000_000 };
    const text = `# Growth\n\n${'The annihilation of caste is the theme of this text. '.repeat(20_000)}`;
    const bytes = new TextEncoder().encode(text);
    let asked = 0;
    const refused = await ingestFile(deps, {
      fileName: 'growth.md',
      bytes,
      roomFor: (needed) => {
        asked = needed;
        throw new AppError('insufficient_storage', 'The server has too little free storage');
      },
    });
    expect(refused).toMatchObject({ status: 'failed', reason: 'too_large' });
    expect((refused as { message: string }).message).toMatch(/too little free storage/);
    // The file and its chunks' text: at least twice the file here (the text is the file).
    expect(asked).toBeGreaterThanOrEqual(2 * bytes.length * 0.9);
    const status = await t.app.inject({ method: 'GET', url: '/api/knowledge/status' });
    expect(status.json()).toEqual({ documents: 0 });

    const admitted = await ingestFile(deps, { fileName: 'growth.md', bytes, roomFor: () => {} });
    expect(admitted.status).toBe('ingested');
  });
});
