import { readdirSync, readFileSync } from 'node:fs';
import { sourceSchema } from '@samvad/contracts/sources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentSource } from '../src/presenters/source-presenter.ts';
import { listDocuments } from '../src/repositories/document-repository.ts';
import { KnowledgeIndex } from '../src/retrieval/knowledge-index.ts';
import {
  type IngestionDeps,
  ingestFile,
  removeDocuments,
} from '../src/services/ingestion-service.ts';
import { corpusAvailable, corpusFile } from './support/corpus.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const CASTES_PDF = 'ambedkar/pdf/baws_vol01_castes_in_india.pdf';

let t: TestApp;
let deps: IngestionDeps;
const read = (relative: string) => new Uint8Array(readFileSync(corpusFile(relative)));
const ingestCorpusFile = (relative: string, replace = false) =>
  ingestFile(deps, {
    fileName: relative.split('/').pop() ?? relative,
    bytes: read(relative),
    replace,
  });

beforeAll(async () => {
  t = await createTestApp();
  deps = {
    db: t.database.db,
    files: t.knowledge.files,
    maxFileBytes: t.config.knowledge.maxFileBytes,
  };
});
afterAll(() => t.close());

describe.runIf(corpusAvailable)('ingest → query → cite → remove', () => {
  let documentId = '';

  it('ingests a BAWS PDF and finds a passage with its file, page, score and link', async () => {
    const outcome = await ingestCorpusFile(CASTES_PDF);
    expect(outcome.status).toBe('ingested');
    if (outcome.status !== 'ingested') return;
    documentId = outcome.document.id;
    expect(outcome.pages).toBe(20);
    expect(outcome.document.contentType).toBe('application/pdf');
    expect(await t.knowledge.files.has(outcome.document.sha256)).toBe(true);

    await t.knowledge.index.sync();
    const [best] = await t.knowledge.index.search('endogamy superimposed on exogamy caste', 5);
    expect(best?.fileName).toBe('baws_vol01_castes_in_india.pdf');
    expect(best?.page).toBeGreaterThanOrEqual(1);
    expect(best?.page).toBeLessThanOrEqual(20);
    expect(best?.score).toBeGreaterThan(0);
    expect(best?.score).toBeLessThanOrEqual(1);
    expect(best?.link).toBe(`/api/documents/${documentId}/file#page=${best?.page}`);
    expect(best?.text.toLowerCase()).toContain('endogamy');

    // What a chat reply cites, in the spec's shape; the printed label is the page + 2 (SOURCES.md).
    const source = sourceSchema.parse(best && presentSource(best));
    expect(source).toEqual({
      file_name: 'baws_vol01_castes_in_india.pdf',
      title: 'Castes in India Their Mechanism, Genesis and Development',
      page: best?.page,
      page_label: String((best?.page ?? 0) + 2),
      score: best?.score,
      link: `/api/documents/${documentId}/file#page=${best?.page}`,
      excerpt: expect.stringContaining(best?.text.replace(/\s+/g, ' ').trim().slice(0, 40) ?? '-'),
      // "baws_vol01…": the BAWS volume, for 'Cite this' (#29 item 8).
      volume: '1',
    });
  });

  it('serves the original inline, with its content type and range requests', async () => {
    const original = read(CASTES_PDF);
    const full = await t.app.inject({ method: 'GET', url: `/api/documents/${documentId}/file` });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('application/pdf');
    expect(full.headers['content-disposition']).toBe(
      "inline; filename*=UTF-8''baws_vol01_castes_in_india.pdf",
    );
    expect(full.rawPayload.equals(Buffer.from(original))).toBe(true);

    const part = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${documentId}/file`,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${original.byteLength}`);
    expect(part.rawPayload.equals(Buffer.from(original.subarray(100, 200)))).toBe(true);
  });

  it('skips an unchanged file', async () => {
    const again = await ingestCorpusFile(CASTES_PDF);
    expect(again).toMatchObject({ status: 'skipped', reason: 'unchanged' });
  });

  it('removes a document: the passage, the file and the link are gone', async () => {
    const [removed] = await removeDocuments(deps, 'baws_vol01_castes_in_india.pdf');
    expect(removed?.id).toBe(documentId);
    await t.knowledge.index.sync();
    const results = await t.knowledge.index.search('endogamy superimposed on exogamy caste', 5);
    expect(results.filter((p) => p.documentId === documentId)).toEqual([]);
    expect(await t.knowledge.files.has(removed?.sha256 ?? '')).toBe(false);
    const file = await t.app.inject({ method: 'GET', url: `/api/documents/${documentId}/file` });
    expect(file.statusCode).toBe(404);
    expect(file.json().error.code).toBe('not_found');
  });

  it('reports a truncated PDF and leaves nothing behind', async () => {
    const before = await listDocuments(t.database.db);
    for (const name of readdirSync(corpusFile('indic/broken'))) {
      const outcome = await ingestCorpusFile(`indic/broken/${name}`);
      expect(outcome).toMatchObject({
        status: 'failed',
        reason: 'damaged',
        message: 'PDF is damaged or truncated',
      });
    }
    expect(await listDocuments(t.database.db)).toEqual(before);
  });
});

describe('changes reach other instances', () => {
  const note = (text: string) => new TextEncoder().encode(text);

  it('a second index on the same database sees an ingest within its sync interval', async () => {
    const other = new KnowledgeIndex(t.database.db);
    await other.load();
    other.startSync(100, () => {});
    try {
      const outcome = await ingestFile(deps, {
        fileName: 'sync-note.txt',
        bytes: note('The xylophonist of Nagpur spoke about fraternity and the xylophone.'),
      });
      expect(outcome.status).toBe('ingested');
      await expect
        .poll(async () => (await other.search('xylophonist', 3))[0]?.fileName, { timeout: 5000 })
        .toBe('sync-note.txt');

      await removeDocuments(deps, 'sync-note.txt');
      await expect
        .poll(async () => (await other.search('xylophonist', 3)).length, { timeout: 5000 })
        .toBe(0);
    } finally {
      other.stopSync();
    }
  });

  it('replaces a changed file only when asked', async () => {
    const first = await ingestFile(deps, {
      fileName: 'changing.txt',
      bytes: note('The first edition discusses the quokka question at length.'),
    });
    expect(first.status).toBe('ingested');
    const changed = note('The second edition discusses the pangolin question at length.');
    const refused = await ingestFile(deps, { fileName: 'changing.txt', bytes: changed });
    expect(refused).toMatchObject({ status: 'skipped', reason: 'changed' });

    const replaced = await ingestFile(deps, {
      fileName: 'changing.txt',
      bytes: changed,
      replace: true,
    });
    expect(replaced.status).toBe('replaced');
    await t.knowledge.index.sync();
    expect(await t.knowledge.index.search('quokka', 3)).toEqual([]);
    expect((await t.knowledge.index.search('pangolin', 3))[0]?.fileName).toBe('changing.txt');
    const names = (await listDocuments(t.database.db)).map((d) => d.fileName);
    expect(names.filter((name) => name === 'changing.txt')).toHaveLength(1);
  });

  it('gives empty and unsupported files their own reasons', async () => {
    expect(
      await ingestFile(deps, { fileName: 'empty.txt', bytes: new Uint8Array() }),
    ).toMatchObject({
      status: 'failed',
      reason: 'empty',
    });
    expect(
      await ingestFile(deps, { fileName: 'picture.png', bytes: note('not really a png') }),
    ).toMatchObject({ status: 'failed', reason: 'unsupported' });
    const tiny = { ...deps, maxFileBytes: 10 };
    expect(
      await ingestFile(tiny, { fileName: 'big.txt', bytes: note('more than ten bytes of text') }),
    ).toMatchObject({ status: 'failed', reason: 'too_large' });
  });
});
