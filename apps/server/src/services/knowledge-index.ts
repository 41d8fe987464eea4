import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { chunks } from '../db/schema.ts';
import {
  findIndexedChunksOfDocuments,
  type IndexedChunkRow,
  streamIndexedChunks,
} from '../repositories/chunk-repository.ts';
import { EmbeddingDimensionError, vectorsOfChunks } from '../repositories/embedding-repository.ts';
import { latestChangeId, recentChanges } from '../repositories/knowledge-change-repository.ts';
import { Bm25Index } from '../retrieval/bm25-index.ts';
import type { EmbeddingClient } from '../retrieval/embedding-client.ts';
import { HybridRetriever, type HybridWeights } from '../retrieval/fusion.ts';
import { collapseCopies } from '../retrieval/near-duplicates.ts';
import { Bm25Retriever, type Retriever } from '../retrieval/retriever.ts';
import { tokenize } from '../retrieval/tokenizer.ts';
import { DenseRetriever, VectorIndex } from '../retrieval/vector-index.ts';

/** What the index keeps per chunk in memory; the text itself stays in the database. */
type ChunkMeta = Omit<IndexedChunkRow, 'text'>;

export type Passage = ChunkMeta & {
  text: string;
  /** 0..1, for display. */
  score: number;
  /** Where the original opens at this passage, e.g. `/api/documents/abc/file#page=12`. */
  link: string;
  /** For the not-covered decision: the IDF-weighted share of the question the passage holds, and its cosine similarity (null without vectors). */
  lexicalScore: number | null;
  denseScore: number | null;
};

export type RankingOptions = {
  bm25?: { k1?: number; b?: number; fieldWeight?: number };
  fusion?: HybridWeights;
};

/** The shared corpus knows ~21,000 terms; Kalpit's six passages a few hundred. */
const MIN_TELLING_VOCABULARY = 10_000;

/** Changes are re-read over this window: commits can land out of id order. */
const CHANGE_WINDOW_SECONDS = 60;

/**
 * The in-memory retrieval index over every chunk, kept in step with the database: built at start,
 * then updated from the knowledge_changes log, which every process writing documents appends to.
 */
export class KnowledgeIndex {
  private readonly db: Database;
  private readonly bm25: Bm25Index;
  private readonly retriever: Retriever;
  private readonly meta = new Map<string, ChunkMeta>();
  private readonly chunkIdsByDocument = new Map<string, string[]>();
  private lastChangeId = 0;
  private readonly appliedChanges = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<number> | null = null;

  private readonly dense: { client: EmbeddingClient; vectors: VectorIndex } | null;

  /**
   * With an embedding client, searches fuse BM25 with dense vectors (RRF); if the embedding
   * server fails at query time, answers come from BM25 alone and `onDenseError` hears of it.
   */
  constructor(
    db: Database,
    options: {
      embeddings?: EmbeddingClient | null;
      onDenseError?: (error: unknown) => void;
      /** Ranking parameters; the defaults are the tuned ones (ADR 022). Evaluations sweep them. */
      ranking?: RankingOptions;
    } = {},
  ) {
    this.db = db;
    this.bm25 = new Bm25Index(options.ranking?.bm25 ?? {});
    const lexical = new Bm25Retriever(this.bm25);
    const client = options.embeddings ?? null;
    if (!client) {
      this.dense = null;
      this.retriever = lexical;
      return;
    }
    const vectors = new VectorIndex();
    this.dense = { client, vectors };
    const embedQuery = async (text: string) => {
      const [vector] = await client.embed([text], { kind: 'query' });
      if (!vector) throw new Error('The embedding server returned no vector for the query');
      // A model swapped behind the same name: say so (the search answers from BM25 meanwhile).
      if (vectors.dimension > 0 && vector.length !== vectors.dimension) {
        throw new EmbeddingDimensionError(client.model, vectors.dimension, vector.length);
      }
      return vector;
    };
    this.retriever = new HybridRetriever({
      lexical,
      dense: new DenseRetriever({ index: vectors, embedQuery }),
      onDenseError: options.onDenseError ?? (() => {}),
      ...options.ranking?.fusion,
    });
  }

  /** Builds the index from the database. */
  async load(): Promise<void> {
    // Read the log position first: changes made while loading are applied again by sync().
    this.lastChangeId = await latestChangeId(this.db);
    let pending: IndexedChunkRow[] = [];
    for await (const page of streamIndexedChunks(this.db)) {
      for (const row of page) {
        if (pending.length > 0 && pending[0]?.documentId !== row.documentId) {
          this.putDocument(pending[0]?.documentId ?? '', pending);
          pending = [];
        }
        pending.push(row);
      }
    }
    if (pending[0]) this.putDocument(pending[0].documentId, pending);
    await this.loadVectors([...this.chunkIdsByDocument.keys()]);
  }

  /** Applies changes other processes made; returns how many documents it touched. */
  sync(): Promise<number> {
    this.syncing ??= this.applyChanges().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  startSync(intervalMs: number, onError: (error: unknown) => void): void {
    this.stopSync();
    this.timer = setInterval(() => {
      this.sync().catch(onError);
    }, intervalMs);
    this.timer.unref();
  }

  stopSync(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** What is loaded: cheap to read (the metrics read it at every scrape). */
  get loaded(): { documents: number; chunks: number } {
    return { documents: this.chunkIdsByDocument.size, chunks: this.meta.size };
  }

  get stats() {
    const { terms, postings, approxBytes } = this.bm25.stats();
    return {
      documents: this.chunkIdsByDocument.size,
      chunks: this.meta.size,
      terms,
      postings,
      approxBytes,
    };
  }

  /**
   * Share of the question's search terms that no passage contains (0 when it has none). A word
   * missing from a small knowledge base (six short passages know a few hundred words) says
   * little about the question, so below MIN_TELLING_VOCABULARY this is 0.
   */
  unknownTermShare(text: string): number {
    if (this.bm25.vocabulary < MIN_TELLING_VOCABULARY) return 0;
    const { terms, unknown } = this.bm25.unknownTerms(text);
    return terms === 0 ? 0 : unknown / terms;
  }

  async search(text: string, limit: number): Promise<Passage[]> {
    // Extra hits so that collapsing duplicates and copies still fills the limit; never fewer than
    // SEARCH_POOL, so that the best five of a search for eight are the best five of a search for
    // five (the answer cites what retrieval ranked, whatever the number its caller reads).
    const pool = Math.max(limit * 2 + CONTAINMENT_SLACK, SEARCH_POOL);
    const hits = await this.retriever.search({ text, limit: pool });
    if (hits.length === 0) return [];
    const rows = await this.db
      .select({ id: chunks.id, text: chunks.text })
      .from(chunks)
      .where(
        inArray(
          chunks.id,
          hits.map((hit) => hit.chunkId),
        ),
      );
    const textById = new Map(rows.map((row) => [row.id, row.text]));
    const weights = this.bm25.knownTermWeights(text);
    const passages: Passage[] = [];
    for (const hit of hits) {
      const meta = this.meta.get(hit.chunkId);
      const chunkText = textById.get(hit.chunkId);
      // A chunk removed by another process since the last sync is simply left out.
      if (!meta || chunkText === undefined) continue;
      passages.push({
        ...meta,
        text: chunkText,
        score: hit.score,
        link: sourceLink(meta),
        lexicalScore: weightedCoverage(
          weights,
          `${meta.title}\n${meta.headingPath.join('\n')}\n${chunkText}`,
        ),
        denseScore: hit.denseScore ?? null,
      });
    }
    return collapseCopies(collapseContained(passages)).slice(0, limit);
  }

  /**
   * The passage that follows this one in its document (the next chunk), or null at its end: the
   * offline answer reads on when a passage raises the question and the next one answers it.
   */
  async following(passage: Passage): Promise<Passage | null> {
    const ids = this.chunkIdsByDocument.get(passage.documentId) ?? [];
    const nextId = ids.find((id) => this.meta.get(id)?.ordinal === passage.ordinal + 1);
    const meta = nextId ? this.meta.get(nextId) : undefined;
    if (!nextId || !meta) return null;
    const [row] = await this.db
      .select({ text: chunks.text })
      .from(chunks)
      .where(inArray(chunks.id, [nextId]));
    if (!row) return null;
    return {
      ...meta,
      text: row.text,
      score: passage.score,
      link: sourceLink(meta),
      lexicalScore: null,
      denseScore: null,
    };
  }

  private async applyChanges(): Promise<number> {
    const changes = await recentChanges(this.db, this.lastChangeId, CHANGE_WINDOW_SECONDS);
    const now = Date.now();
    const touched = new Set<string>();
    for (const change of changes) {
      if (this.appliedChanges.has(change.id)) continue;
      this.appliedChanges.set(change.id, now);
      touched.add(change.documentId);
      this.lastChangeId = Math.max(this.lastChangeId, change.id);
    }
    for (const [id, appliedAt] of this.appliedChanges) {
      if (now - appliedAt > CHANGE_WINDOW_SECONDS * 2000) this.appliedChanges.delete(id);
    }
    if (touched.size === 0) return 0;
    // Reload each touched document as it is now: order-independent and idempotent.
    const rows = await findIndexedChunksOfDocuments(this.db, [...touched]);
    const byDocument = Map.groupBy(rows, (row) => row.documentId);
    for (const documentId of touched) {
      const current = byDocument.get(documentId);
      if (current) this.putDocument(documentId, current);
      else this.dropDocument(documentId);
    }
    await this.loadVectors([...touched].filter((id) => byDocument.has(id)));
    return touched.size;
  }

  private putDocument(documentId: string, rows: IndexedChunkRow[]): void {
    this.dropDocument(documentId);
    this.bm25.upsertDocument(
      documentId,
      rows.map((row) => ({
        id: row.id,
        text: row.text,
        fields: `${row.title}\n${row.headingPath.join('\n')}`,
      })),
    );
    for (const { text: _text, ...meta } of rows) this.meta.set(meta.id, meta);
    this.chunkIdsByDocument.set(
      documentId,
      rows.map((row) => row.id),
    );
  }

  /** Dense vectors of these documents, when embeddings are on; chunks without one are skipped. */
  private async loadVectors(documentIds: string[]): Promise<void> {
    if (!this.dense) return;
    const { client, vectors } = this.dense;
    const found = await vectorsOfChunks(this.db, client.model, documentIds);
    for (const documentId of documentIds) {
      const rows = (this.chunkIdsByDocument.get(documentId) ?? []).flatMap((id) => {
        const vector = found.get(id);
        return vector ? [{ id, vector }] : [];
      });
      vectors.removeDocument(documentId);
      if (rows.length > 0) vectors.upsertDocument(documentId, rows);
    }
  }

  private dropDocument(documentId: string): void {
    const ids = this.chunkIdsByDocument.get(documentId);
    if (!ids) return;
    this.bm25.removeDocument(documentId);
    this.dense?.vectors.removeDocument(documentId);
    for (const id of ids) this.meta.delete(id);
    this.chunkIdsByDocument.delete(documentId);
  }
}

/**
 * The share of the question's IDF-weighted terms the passage (with its title and headings)
 * contains: how much of what the question asks about is there, whatever the passage's length
 * or the size of the corpus (a normalised BM25 score shrinks as the corpus grows). Only terms
 * the writings hold count; the share of those they do not is judged apart (coverage.ts).
 */
function weightedCoverage(weights: readonly { term: string; idf: number }[], text: string): number {
  const total = weights.reduce((sum, { idf }) => sum + idf, 0);
  if (total === 0) return 0;
  const present = new Set(tokenize(text));
  return weights.reduce((sum, { term, idf }) => sum + (present.has(term) ? idf : 0), 0) / total;
}

/**
 * An excerpt file that repeats part of a fuller text (e.g. one paragraph of a speech) is the same
 * evidence twice: cite it once, as the fuller passage, at the better of the two ranks.
 */
export function collapseContained(passages: Passage[]): Passage[] {
  const keys = passages.map((passage) => passage.text.toLowerCase().replace(/\s+/g, ' ').trim());
  const result: (Passage | null)[] = [...passages];
  for (let i = 0; i < passages.length; i++) {
    for (let j = i + 1; j < passages.length; j++) {
      const [a, b] = [keys[i] ?? '', keys[j] ?? ''];
      if (
        !result[i] ||
        !result[j] ||
        a.length < MIN_CONTAINED_CHARS ||
        b.length < MIN_CONTAINED_CHARS
      ) {
        continue;
      }
      if (b.includes(a)) {
        const fuller = passages[j];
        const kept = result[i];
        if (fuller && kept) result[i] = { ...fuller, score: Math.max(kept.score, fuller.score) };
        result[j] = null;
      } else if (a.includes(b)) {
        result[j] = null;
      }
    }
  }
  return result.filter((passage): passage is Passage => passage !== null);
}

const CONTAINMENT_SLACK = 5;
const SEARCH_POOL = 25;
/** Shorter texts (a heading, a line) may repeat legitimately in different works. */
const MIN_CONTAINED_CHARS = 200;

export function documentFileUrl(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/file`;
}

/** PDF viewers open `#page=N`; other formats open at the top. */
function sourceLink(meta: ChunkMeta): string {
  const base = documentFileUrl(meta.documentId);
  return meta.contentType === 'application/pdf' && meta.page ? `${base}#page=${meta.page}` : base;
}
