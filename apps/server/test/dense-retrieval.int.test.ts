import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkEmbeddings, documents } from '../src/db/schema.ts';
import { createEmbeddingClient } from '../src/retrieval/embedding-client.ts';
import { embedDocument, embedPendingDocuments } from '../src/services/embedding-service.ts';
import { type IngestionDeps, ingestFile } from '../src/services/ingestion-service.ts';
import { KnowledgeIndex } from '../src/services/knowledge-index.ts';
import { startFakeEmbeddingsServer } from './support/fake-embeddings-server.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const encode = (text: string) => new TextEncoder().encode(text);
// 'automobile' and 'car' are one concept to the embedding model, two words to BM25.
const concepts = { automobile: 7, car: 7, motorcar: 7 };

let t: TestApp;
let embeddings: Awaited<ReturnType<typeof startFakeEmbeddingsServer>>;
let deps: IngestionDeps;
const client = () =>
  createEmbeddingClient({
    baseUrl: embeddings.baseUrl,
    model: 'fake-embed',
    retryDelayMs: 10,
    maxRetries: 1,
  });

beforeAll(async () => {
  t = await createTestApp();
  embeddings = await startFakeEmbeddingsServer(concepts);
  deps = {
    db: t.database.db,
    files: t.knowledge.files,
    maxFileBytes: 1_000_000,
    embedChunks: (id) => embedDocument(t.database.db, client(), id),
  };
});
afterAll(async () => {
  await embeddings.close();
  await t.close();
});

describe('dense retrieval through a loopback embeddings server', () => {
  it('embeds chunks at ingest, stores the vectors and finds passages BM25 cannot', async () => {
    const outcome = await ingestFile(deps, {
      fileName: 'vehicles.txt',
      bytes: encode('Every car in the district was requisitioned during the famine relief work.'),
    });
    expect(outcome.status).toBe('ingested');
    if (outcome.status !== 'ingested') return;
    const stored = await t.database.db
      .select()
      .from(chunkEmbeddings)
      .where(eq(chunkEmbeddings.model, 'fake-embed'));
    expect(stored).toHaveLength(outcome.chunks);
    expect(stored[0]?.dimensions).toBe(64);

    const lexicalOnly = new KnowledgeIndex(t.database.db);
    await lexicalOnly.load();
    expect(await lexicalOnly.search('automobile', 3)).toEqual([]);

    const hybrid = new KnowledgeIndex(t.database.db, { embeddings: client() });
    await hybrid.load();
    const [found] = await hybrid.search('automobile', 3);
    expect(found?.fileName).toBe('vehicles.txt');
    expect(found?.score).toBeGreaterThan(0);
    expect(found?.score).toBeLessThanOrEqual(0.5);
  });

  it('keeps the text searchable when embedding fails, and resumes later', async () => {
    embeddings.failNext(100);
    const outcome = await ingestFile(deps, {
      fileName: 'motorcars.txt',
      bytes: encode('The motorcar reached the village of Mahad before the satyagraha began.'),
    });
    expect(outcome.status).toBe('ingested');
    if (outcome.status !== 'ingested') return;
    expect(outcome.warnings.join(' ')).toContain('Embeddings pending');
    const [pending] = await t.database.db
      .select({ status: documents.status })
      .from(documents)
      .where(eq(documents.id, outcome.document.id));
    expect(pending?.status).toBe('embedding');

    embeddings.failNext(0);
    expect(await embedPendingDocuments(t.database.db, client())).toBe(1);
    const [done] = await t.database.db
      .select({ status: documents.status })
      .from(documents)
      .where(eq(documents.id, outcome.document.id));
    expect(done?.status).toBe('ready');
  });

  it('answers from BM25 alone when the embedding server is down at query time', async () => {
    const errors: unknown[] = [];
    const hybrid = new KnowledgeIndex(t.database.db, {
      embeddings: client(),
      onDenseError: (error) => errors.push(error),
    });
    await hybrid.load();
    embeddings.failNext(100);
    const [found] = await hybrid.search('satyagraha Mahad', 3);
    embeddings.failNext(0);
    expect(found?.fileName).toBe('motorcars.txt');
    expect(errors.length).toBe(1);
  });
});
