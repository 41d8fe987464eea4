/**
 * Exact (brute-force) dense vector search. Vectors are normalised on insert and stored row after
 * row in one Float32Array, so cosine similarity is a dot product over contiguous memory; removal
 * moves the last row into the hole, keeping rows dense with nothing to compact. At this corpus's
 * scale (tens of thousands of chunks) a scan is fast enough and, unlike ANN graphs, exact.
 */
import type { RetrievalQuery, RetrievedChunk, Retriever } from './retriever.ts';
import { TopK } from './top-k.ts';
import { ensureCapacity } from './typed-arrays.ts';

export type ChunkVector = { id: string; vector: Float32Array };
export type VectorHit = { chunkId: string; documentId: string; similarity: number };

/**
 * Stored vectors this close (cosine) are one passage embedded twice: identical texts give equal
 * vectors up to the float noise of batched inference. Only the earliest inserted is returned,
 * as the BM25 index does for identical texts.
 */
const DUPLICATE_COSINE = 1 - 1e-5;
/** Unit vectors that close differ in similarity to any query by at most √(2·1e-5) < 0.005. */
const DUPLICATE_SIMILARITY_GAP = 0.005;

type Candidate = { row: number; similarity: number; chunkId: string };
const better = (a: Candidate, b: Candidate) =>
  a.similarity > b.similarity || (a.similarity === b.similarity && a.chunkId < b.chunkId);

export class VectorIndex {
  private dimensions: number;
  private data = new Float32Array(0);
  private rows = 0;
  private sequence = 0;
  private rowSequence = new Float64Array(0);
  private readonly rowChunkIds: string[] = [];
  private readonly rowDocuments: string[] = [];
  private readonly rowByChunkId = new Map<string, number>();
  private readonly documents = new Map<string, string[]>();

  /** `dimensions` is otherwise fixed by the first vector inserted. */
  constructor(options: { dimensions?: number } = {}) {
    this.dimensions = options.dimensions ?? 0;
  }

  get size(): number {
    return this.rows;
  }

  get dimension(): number {
    return this.dimensions;
  }

  /** Replaces every vector of `documentId`; the index is unchanged if this throws. */
  upsertDocument(documentId: string, vectors: readonly ChunkVector[]): void {
    const dimensions = this.dimensions || (vectors[0]?.vector.length ?? 0);
    const seen = new Set<string>();
    const normalised = vectors.map(({ id, vector }) => {
      const row = this.rowByChunkId.get(id);
      if (seen.has(id) || (row !== undefined && this.rowDocuments[row] !== documentId)) {
        throw new Error(`Chunk id ${id} is already indexed (document ${documentId})`);
      }
      seen.add(id);
      if (vector.length !== dimensions) {
        throw new Error(`Vector of ${id} has ${vector.length} dimensions, expected ${dimensions}`);
      }
      return normalise(vector, id);
    });
    this.removeDocument(documentId);
    this.dimensions = dimensions;
    this.data = ensureCapacity(this.data, (this.rows + vectors.length) * dimensions);
    this.rowSequence = ensureCapacity(this.rowSequence, this.rows + vectors.length);
    vectors.forEach(({ id }, i) => {
      const row = this.rows++;
      this.data.set(normalised[i] ?? [], row * dimensions);
      this.rowSequence[row] = this.sequence++;
      this.rowChunkIds[row] = id;
      this.rowDocuments[row] = documentId;
      this.rowByChunkId.set(id, row);
    });
    this.documents.set(
      documentId,
      vectors.map(({ id }) => id),
    );
  }

  removeDocument(documentId: string): void {
    const ids = this.documents.get(documentId);
    if (!ids) return;
    this.documents.delete(documentId);
    const d = this.dimensions;
    for (const id of ids) {
      const row = this.rowByChunkId.get(id);
      if (row === undefined) continue;
      this.rowByChunkId.delete(id);
      const last = --this.rows;
      if (row !== last) {
        this.data.copyWithin(row * d, last * d, (last + 1) * d);
        this.rowSequence[row] = this.rowSequence[last] ?? 0;
        const movedId = this.rowChunkIds[last] ?? '';
        this.rowChunkIds[row] = movedId;
        this.rowDocuments[row] = this.rowDocuments[last] ?? '';
        this.rowByChunkId.set(movedId, row);
      }
      this.rowChunkIds.length = last;
      this.rowDocuments.length = last;
    }
  }

  /** Best first: similarity desc, then chunk id asc. */
  search(
    queryVector: Float32Array,
    limit: number,
    options: { documentIds?: ReadonlySet<string> } = {},
  ): VectorHit[] {
    if (limit <= 0 || this.rows === 0) return [];
    if (queryVector.length !== this.dimensions) {
      throw new Error(`Query has ${queryVector.length} dimensions, expected ${this.dimensions}`);
    }
    const query = normalise(queryVector, 'query');
    const similarities = new Float32Array(this.rows);
    this.scan(query, similarities);
    // Duplicates collapse after selection; widen the selection until enough distinct remain.
    for (let depth = limit * 2 + 8; ; depth *= 2) {
      const hits = this.select(similarities, depth, options.documentIds);
      const distinct = this.collapseDuplicates(hits);
      if (distinct.length >= limit || hits.length < depth) {
        return distinct.slice(0, limit).map(({ row, similarity, chunkId }) => ({
          chunkId,
          documentId: this.rowDocuments[row] ?? '',
          similarity,
        }));
      }
    }
  }

  stats(): { chunks: number; documents: number; dimensions: number; approxBytes: number } {
    const strings = this.rowChunkIds.reduce((sum, id) => sum + 2 * id.length + 120, 0);
    return {
      chunks: this.rows,
      documents: this.documents.size,
      dimensions: this.dimensions,
      approxBytes: this.data.byteLength + this.rowSequence.byteLength + strings,
    };
  }

  private scan(query: Float32Array, out: Float32Array): void {
    const { data, dimensions: d } = this;
    // The hottest loop of dense search: four accumulators let the CPU overlap multiply-adds.
    const tail = d - (d % 4);
    for (let row = 0, offset = 0; row < this.rows; row++, offset += d) {
      let a = 0;
      let b = 0;
      let c = 0;
      let e = 0;
      for (let j = 0; j < tail; j += 4) {
        a += (data[offset + j] as number) * (query[j] as number);
        b += (data[offset + j + 1] as number) * (query[j + 1] as number);
        c += (data[offset + j + 2] as number) * (query[j + 2] as number);
        e += (data[offset + j + 3] as number) * (query[j + 3] as number);
      }
      for (let j = tail; j < d; j++) a += (data[offset + j] as number) * (query[j] as number);
      out[row] = a + b + c + e;
    }
  }

  private select(
    similarities: Float32Array,
    depth: number,
    documentIds: ReadonlySet<string> | undefined,
  ): Candidate[] {
    const top = new TopK<Candidate>(depth, better);
    for (let row = 0; row < this.rows; row++) {
      const similarity = similarities[row] ?? 0;
      const floor = top.threshold;
      if (floor !== undefined && similarity < floor.similarity) continue;
      if (documentIds && !documentIds.has(this.rowDocuments[row] ?? '')) continue;
      top.offer({ row, similarity, chunkId: this.rowChunkIds[row] ?? '' });
    }
    return top.sorted();
  }

  private collapseDuplicates(hits: readonly Candidate[]): Candidate[] {
    const kept: Candidate[] = [];
    for (const hit of hits) {
      const twin = kept.findIndex(
        (other) =>
          other.similarity - hit.similarity <= DUPLICATE_SIMILARITY_GAP &&
          this.cosine(other.row, hit.row) >= DUPLICATE_COSINE,
      );
      if (twin < 0) kept.push(hit);
      else if ((this.rowSequence[hit.row] ?? 0) < (this.rowSequence[kept[twin]?.row ?? 0] ?? 0)) {
        kept[twin] = { ...hit, similarity: kept[twin]?.similarity ?? hit.similarity };
      }
    }
    return kept;
  }

  private cosine(a: number, b: number): number {
    const d = this.dimensions;
    let dot = 0;
    for (let j = 0; j < d; j++) dot += (this.data[a * d + j] ?? 0) * (this.data[b * d + j] ?? 0);
    return dot;
  }
}

function normalise(vector: Float32Array, what: string): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (!Number.isFinite(norm) || norm === 0) {
    throw new Error(`Vector of ${what} has no direction (zero, NaN or infinite)`);
  }
  return vector.map((value) => value / norm);
}

export type DenseRetrieverOptions = {
  index: VectorIndex;
  embedQuery: (text: string) => Promise<Float32Array>;
};

/** `score` is the cosine similarity clamped to 0..1; `rawScore` the similarity itself. */
export class DenseRetriever implements Retriever {
  private readonly options: DenseRetrieverOptions;

  constructor(options: DenseRetrieverOptions) {
    this.options = options;
  }

  async search(query: RetrievalQuery): Promise<RetrievedChunk[]> {
    const { index, embedQuery } = this.options;
    if (query.limit <= 0 || index.size === 0 || query.text.trim() === '') return [];
    const vector = await embedQuery(query.text);
    const hits = index.search(vector, query.limit, {
      ...(query.documentIds ? { documentIds: query.documentIds } : {}),
    });
    return hits.map((hit) => ({
      chunkId: hit.chunkId,
      documentId: hit.documentId,
      score: Math.min(1, Math.max(0, hit.similarity)),
      rawScore: hit.similarity,
      denseScore: hit.similarity,
    }));
  }
}
