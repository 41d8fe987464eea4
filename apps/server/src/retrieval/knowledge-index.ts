import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { cachedReadMany } from '../db/read-cache.ts';
import { chunks } from '../db/schema.ts';
import {
  type IndexedChunkRow,
  streamIndexedChunks,
  streamIndexedChunksOfDocument,
} from '../repositories/chunk-repository.ts';
import { vectorsOfChunks } from '../repositories/embedding-repository.ts';
import { latestChangeId, recentChanges } from '../repositories/knowledge-change-repository.ts';
import { Bm25Index } from './bm25-index.ts';
import { collapseContained } from './collapse-contained.ts';
import type { EmbeddingClient } from './embedding-client.ts';
import { IndexSnapshotKeeper, type SnapshotEvent } from './index-snapshot-keeper.ts';
import { createRetriever } from './knowledge-retriever.ts';
import type { KnowledgeSnapshotFile } from './knowledge-snapshot.ts';
import { collapseCopies } from './near-duplicates.ts';
import type { ChunkMeta, Passage, RankingOptions } from './passage.ts';
import { passageOf, weightedCoverage } from './passage-of.ts';
import type { Retriever } from './retriever.ts';
import type { VectorIndex } from './vector-index.ts';

/** The shared corpus knows ~21,000 terms; Kalpit's six passages a few hundred. */
const MIN_TELLING_VOCABULARY = 10_000;

/**
 * Passages' text by chunk id, for answers: the same passages answer many questions, and the text
 * stays in the database, not the index (read-cache.ts; the embedded database only). ~2 KB each.
 */
const chunkTexts = cachedReadMany<string>(['chunks'], 4_000);

/** Changes are re-read over this window: commits can land out of id order. */
const CHANGE_WINDOW_SECONDS = 60;
/**
 * A snapshot this many changed documents behind is brought up to date before the index is
 * ready (a restart after an ingest answers from the new text at once); further behind, it serves
 * as it is while the changes are applied in the background.
 */
const CATCH_UP_BEFORE_READY = 20;
/** After changes, the snapshot is rewritten once they have been quiet this long. */
const SNAPSHOT_DEBOUNCE_MS = 10_000;

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
  private readonly snapshot: IndexSnapshotKeeper | null = null;

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
      /** Where the built index is kept between starts (ADR 026); rebuilt every start without. */
      snapshot?: { file: KnowledgeSnapshotFile; onEvent?: (event: SnapshotEvent) => void } | null;
    } = {},
  ) {
    this.db = db;
    this.bm25 = new Bm25Index(options.ranking?.bm25 ?? {});
    const client = options.embeddings ?? null;
    const engines = createRetriever(this.bm25, client, options);
    this.retriever = engines.retriever;
    this.dense = engines.dense;
    this.snapshot = options.snapshot
      ? new IndexSnapshotKeeper({
          file: options.snapshot.file,
          settings: { ranking: options.ranking ?? {}, embeddings: client?.model ?? null },
          onEvent: options.snapshot.onEvent ?? (() => {}),
          contents: {
            bm25: this.bm25,
            vectors: this.dense?.vectors ?? null,
            meta: this.meta,
            chunkIdsByDocument: this.chunkIdsByDocument,
          },
          state: () => ({ position: this.lastChangeId, applying: this.syncing !== null }),
        })
      : null;
  }

  /**
   * Loads the index: from its snapshot when there is a usable one, brought up to date from the
   * change log; otherwise built from the database, and the snapshot written for the next start.
   */
  async load(): Promise<void> {
    if (await this.loadSnapshot()) return;
    await this.build();
    this.snapshot?.saveSoon(0);
  }

  private async build(): Promise<void> {
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

  /** Writes the snapshot now if changes are waiting for it (at shutdown). */
  async flushSnapshot(): Promise<void> {
    await this.snapshot?.flush(async () => {
      await this.syncing?.catch(() => {});
    });
  }

  /** What is loaded: cheap to read (the metrics read it at every scrape). */
  get loaded(): { documents: number; chunks: number } {
    return { documents: this.chunkIdsByDocument.size, chunks: this.meta.size };
  }

  /** Chunks with a vector: the size of the library the dense side searches. */
  get denseChunks(): number {
    return this.dense?.vectors.size ?? 0;
  }

  get stats() {
    const { terms, postings, approxBytes } = this.bm25.stats();
    return {
      documents: this.chunkIdsByDocument.size,
      chunks: this.meta.size,
      terms,
      postings,
      approxBytes,
      vectors: this.dense?.vectors.size ?? 0,
      vectorBytes: this.dense?.vectors.stats().approxBytes ?? 0,
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
    const textById = await this.textsOf(hits.map((hit) => hit.chunkId));
    const weights = this.bm25.knownTermWeights(text);
    const passages: Passage[] = [];
    for (const hit of hits) {
      const meta = this.meta.get(hit.chunkId);
      const chunkText = textById.get(hit.chunkId);
      // A chunk removed by another process since the last sync is simply left out.
      if (!meta || chunkText === undefined) continue;
      const lexicalScore = weightedCoverage(
        weights,
        `${meta.title}\n${meta.headingPath.join('\n')}\n${chunkText}`,
      );
      passages.push(passageOf(meta, chunkText, hit.score, lexicalScore, hit.denseScore ?? null));
    }
    return collapseCopies(collapseContained(passages)).slice(0, limit);
  }

  /**
   * Passages of other documents that share the most words with `sentence` (BM25 alone, no
   * model): where the copies of a quoted passage in other files are (answers/work-copies.ts
   * checks that they hold it). Those with a page first. In memory: a scan of the chunks' text in
   * the database cost ~300 ms per answer.
   */
  async passagesSharingWords(
    sentence: string,
    exceptDocumentId: string,
    limit: number,
  ): Promise<Passage[]> {
    // Identical passages of several files are one entry of the index: naming the other files
    // makes it report the copy, not the quoted file's own chunk.
    const others = new Set(this.chunkIdsByDocument.keys());
    others.delete(exceptDocumentId);
    const hits = this.bm25.search(sentence, { limit, documentIds: others });
    if (hits.length === 0) return [];
    const textById = await this.textsOf(hits.map((hit) => hit.chunkId));
    const passages: Passage[] = [];
    for (const hit of hits) {
      const meta = this.meta.get(hit.chunkId);
      const chunkText = textById.get(hit.chunkId);
      if (!meta || chunkText === undefined) continue;
      passages.push(passageOf(meta, chunkText, 0));
    }
    return passages.sort((a, b) => Number(a.page === null) - Number(b.page === null));
  }

  private textsOf(chunkIds: string[]): Promise<Map<string, string>> {
    return chunkTexts(this.db, chunkIds, async (missing) => {
      const rows = await this.db
        .select({ id: chunks.id, text: chunks.text })
        .from(chunks)
        .where(inArray(chunks.id, missing));
      return new Map(rows.map((row) => [row.id, row.text]));
    });
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
    return passageOf(meta, row.text, passage.score);
  }

  private async applyChanges(windowSeconds = CHANGE_WINDOW_SECONDS): Promise<number> {
    const changes = await recentChanges(this.db, this.lastChangeId, windowSeconds);
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
    // Reload each touched document as it is now: order-independent and idempotent. A book is
    // read in pages and analysed in slices, so that serving goes on while it enters the index.
    const present: string[] = [];
    for (const documentId of touched) {
      const rows: IndexedChunkRow[] = [];
      for await (const page of streamIndexedChunksOfDocument(this.db, documentId)) {
        rows.push(...page);
      }
      if (rows.length === 0) {
        this.dropDocument(documentId);
        continue;
      }
      await this.bm25.upsertDocumentInSlices(documentId, bm25ChunksOf(rows));
      this.replaceMeta(documentId, rows);
      present.push(documentId);
    }
    await this.loadVectors(present);
    this.snapshot?.saveSoon(SNAPSHOT_DEBOUNCE_MS);
    return touched.size;
  }

  /** From the snapshot, if usable, brought up to date from the change log. */
  private async loadSnapshot(): Promise<boolean> {
    if (!this.snapshot) return false;
    const started = performance.now();
    const label = await this.snapshot.restore();
    if (!label) return false;
    this.lastChangeId = label.position;
    // Changes since: those after its position, and those of the window before it was saved.
    const window = Math.ceil((Date.now() - label.savedAt) / 1000) + CHANGE_WINDOW_SECONDS;
    const changes = await recentChanges(this.db, label.position, window);
    const documentsOf = (list: typeof changes) => new Set(list.map((c) => c.documentId)).size;
    const behind = documentsOf(changes.filter((change) => change.id > label.position));
    if (documentsOf(changes) <= CATCH_UP_BEFORE_READY) await this.applyChanges(window);
    else {
      const { onEvent } = this.snapshot;
      this.syncing = this.applyChanges(window).finally(() => {
        this.syncing = null;
      });
      this.syncing.catch((error: unknown) => onEvent({ event: 'failed', error }));
    }
    const ms = Math.round(performance.now() - started);
    this.snapshot.onEvent({ event: 'loaded', position: label.position, behind, ms });
    return true;
  }

  private putDocument(documentId: string, rows: IndexedChunkRow[]): void {
    this.bm25.upsertDocument(documentId, bm25ChunksOf(rows));
    this.replaceMeta(documentId, rows);
  }

  /** The document's chunk details and ids, after its BM25 entry was replaced; vectors reload. */
  private replaceMeta(documentId: string, rows: IndexedChunkRow[]): void {
    this.dense?.vectors.removeDocument(documentId);
    for (const id of this.chunkIdsByDocument.get(documentId) ?? []) this.meta.delete(id);
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

const bm25ChunksOf = (rows: IndexedChunkRow[]) =>
  rows.map((row) => ({
    id: row.id,
    text: row.text,
    fields: `${row.title}\n${row.headingPath.join('\n')}`,
  }));

const CONTAINMENT_SLACK = 5;
const SEARCH_POOL = 25;
