import { eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkEmbeddings, chunks, documents, knowledgeChanges } from '../src/db/schema.ts';
import {
  EmbeddingDimensionError,
  storedDimensions,
} from '../src/repositories/embedding-repository.ts';
import { latestChangeId } from '../src/repositories/knowledge-change-repository.ts';
import { BackgroundEmbedder } from '../src/retrieval/background-embedder.ts';
import { createEmbeddingClient, type EmbeddingClient } from '../src/retrieval/embedding-client.ts';
import {
  embedDocument,
  embedKnowledgeBase,
  embedPendingDocuments,
} from '../src/retrieval/embedding-service.ts';
import { KnowledgeIndex } from '../src/retrieval/knowledge-index.ts';
import { type IngestionDeps, ingestFile } from '../src/services/ingestion-service.ts';
import { startFakeEmbeddingsServer } from './support/fake-embeddings-server.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const encode = (text: string) => new TextEncoder().encode(text);
// 'automobile' and 'car' are one concept to the embedding model, two words to BM25.
const concepts = { automobile: 7, car: 7, motorcar: 7 };

let t: TestApp;
let embeddings: Awaited<ReturnType<typeof startFakeEmbeddingsServer>>;
let deps: IngestionDeps;
const client = (options: { batchSize?: number } = {}) =>
  createEmbeddingClient({
    baseUrl: embeddings.baseUrl,
    model: 'fake-embed',
    retryDelayMs: 10,
    maxRetries: 1,
    ...options,
  });

/** The same model name, but the endpoint now returns shorter vectors. */
const shrunk = (dimensions: number): EmbeddingClient => {
  const inner = client();
  return {
    model: inner.model,
    embed: async (texts, options) =>
      (await inner.embed(texts, options)).map((vector) => vector.slice(0, dimensions)),
  };
};

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

  it('embeds a knowledge base ingested before embeddings were configured, resuming after a failure', async () => {
    const plain: IngestionDeps = { ...deps, embedChunks: null };
    const ids: string[] = [];
    for (const [name, text] of [
      ['earlier-a.txt', 'The automobile carried the petition to Bombay.'],
      ['earlier-b.txt', 'A motorcar waited outside the conference hall in Nagpur.'],
    ] as const) {
      const outcome = await ingestFile(plain, { fileName: name, bytes: encode(text) });
      if (outcome.status !== 'ingested') throw new Error(`not ingested: ${name}`);
      ids.push(outcome.document.id);
    }
    const vectorsOf = (documentIds: string[]) =>
      t.database.db
        .select({ documentId: chunks.documentId })
        .from(chunkEmbeddings)
        .innerJoin(chunks, eq(chunks.id, chunkEmbeddings.chunkId))
        .where(inArray(chunks.documentId, documentIds));
    expect(await vectorsOf(ids)).toEqual([]);

    // One chunk per request; the server fails for good after the first saved batch.
    const progress: { done: number; total: number }[] = [];
    const interrupted = await embedKnowledgeBase(t.database.db, client({ batchSize: 1 }), {
      onProgress: (event) => {
        progress.push(event);
        if (event.done === 1) embeddings.failNext(100);
      },
    }).catch((error: unknown) => error);
    embeddings.failNext(0);
    expect(interrupted).toMatchObject({ name: 'EmbeddingError' });
    expect(progress).toEqual([
      { done: 0, total: 2 },
      { done: 1, total: 2 },
    ]);
    // The first batch was saved: the next run starts after it.
    const saved = await vectorsOf(ids);
    expect(saved).toHaveLength(1);
    const rest = ids.filter((id) => id !== saved[0]?.documentId);

    const changesBefore = await latestChangeId(t.database.db);
    const resumed = await embedKnowledgeBase(t.database.db, client({ batchSize: 1 }));
    expect(resumed).toMatchObject({ chunks: 1, dimensions: 64 });
    expect(await vectorsOf(ids)).toHaveLength(2);
    // Each document got a knowledge change when its last vector was saved, so servers reload.
    const changes = await t.database.db
      .select({ documentId: knowledgeChanges.documentId })
      .from(knowledgeChanges)
      .where(gt(knowledgeChanges.id, changesBefore));
    expect(changes).toEqual([{ documentId: rest[0] }]);

    const hybrid = new KnowledgeIndex(t.database.db, { embeddings: client() });
    await hybrid.load();
    const found = await hybrid.search('automobile', 5);
    expect(found.map((passage) => passage.fileName)).toEqual(
      expect.arrayContaining(['earlier-a.txt', 'earlier-b.txt']),
    );
  });

  it('refuses vectors of another length for the same model, and --reembed replaces them', async () => {
    expect(await storedDimensions(t.database.db, 'fake-embed')).toBe(64);
    expect(await storedDimensions(t.database.db, 'no-such-model')).toBeNull();

    const error = await embedKnowledgeBase(t.database.db, shrunk(32)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingDimensionError);
    expect(error).toMatchObject({
      model: 'fake-embed',
      storedDimensions: 64,
      receivedDimensions: 32,
    });
    const message = (error as Error).message;
    expect(message).toContain('"fake-embed"');
    expect(message).toMatch(/32-dimensional.*64 dimensions/);
    expect(message).toContain('npm run ingest -- --embed --reembed');

    // Ingesting a new document keeps its text searchable and says why its vectors are pending.
    const outcome = await ingestFile(
      { ...deps, embedChunks: (id) => embedDocument(t.database.db, shrunk(32), id) },
      { fileName: 'shorter.txt', bytes: encode('A bullock cart crossed the river at dawn.') },
    );
    expect(outcome.status).toBe('ingested');
    if (outcome.status !== 'ingested') return;
    expect(outcome.warnings.join(' ')).toMatch(/Embeddings pending.*--reembed/);
    expect(await storedDimensions(t.database.db, 'fake-embed')).toBe(64);

    const replaced = await embedKnowledgeBase(t.database.db, shrunk(32), { reembed: true });
    const total = await t.database.db.$count(chunkEmbeddings);
    expect(replaced.chunks).toBe(total);
    expect(replaced.deleted.documents).toBeGreaterThan(0);
    expect(await storedDimensions(t.database.db, 'fake-embed')).toBe(32);
    expect(await embedPendingDocuments(t.database.db, shrunk(32))).toBe(0);
    const [shorter] = await t.database.db
      .select({ status: documents.status })
      .from(documents)
      .where(eq(documents.id, outcome.document.id));
    expect(shorter?.status).toBe('ready');
  });

  it('has the background embedder ask nothing of an endpoint when every chunk has its vector', async () => {
    // Every start nudges it: a request to the endpoint then would be one at every start.
    const model = shrunk(32);
    const errors: unknown[] = [];
    const embedder = new BackgroundEmbedder(
      t.database.db,
      model,
      { kind: 'endpoint', baseUrl: embeddings.baseUrl },
      (error) => errors.push(error),
    );
    const before = embeddings.requests;
    embedder.nudge();
    await embedder.settled();
    expect(embeddings.requests).toBe(before);
    expect(embedder.run()).toMatchObject({ running: false, done: 0, error: null });

    // A document ingested without vectors is embedded on the next nudge.
    const { embedChunks: _embedNow, ...withoutVectors } = deps;
    const outcome = await ingestFile(withoutVectors, {
      fileName: 'later.txt',
      bytes: encode('The caravan of motorcars reached the hill station after the monsoon.'),
    });
    expect(outcome.status).toBe('ingested');
    if (outcome.status !== 'ingested') return;
    embedder.nudge();
    await embedder.settled();
    expect(errors).toEqual([]);
    expect(embeddings.requests).toBeGreaterThan(before);
    expect(embedder.run()).toMatchObject({ running: false, done: outcome.chunks, error: null });
  });
});
