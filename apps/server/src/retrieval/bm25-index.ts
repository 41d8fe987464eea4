/**
 * In-memory BM25 with Lucene's formula, over chunks grouped by document.
 *
 * Duplicates. Chunks whose normalised words are equal (see `analyze`) are members of one passage
 * (`PassageStore`): indexed once, counted once in N, avgdl and df, and returned once, through the
 * earliest inserted live member (in `documentIds`, when given). Removing that member's document
 * leaves the next member in its place; the passage dies with its last member.
 *
 * Deletion. A removed chunk's slot stays, marked empty; its passage's statistics leave at once.
 * When empty slots outnumber live ones (and exceed 1024) the index is rebuilt from its own live
 * data, keeping insertion order, so removal costs amortised O(postings) and memory stays bounded.
 *
 * Order. Score descending, then chunk id ascending (UTF-16 code units), so results do not depend
 * on the order documents were loaded in.
 */
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { detectLanguage } from '@samvad/contracts/language';
import { PassageStore } from './passage-store.ts';
import { prefixParts, type SnapshotParts, snapshotArray, unprefixParts } from './snapshot-codec.ts';
import { analyze, tokenizeQuery } from './tokenizer.ts';
import { TopK } from './top-k.ts';
import { ensureCapacity } from './typed-arrays.ts';

/** Chosen on the tune half of the team's question set (ADR 022, bench/src/qa/tune-retrieval.ts). */
export const BM25_K1 = 1.5;
export const BM25_B = 1.0;
export const BM25_FIELD_WEIGHT = 2;

/**
 * `fields`: the document's title and the chunk's heading path, searched with the text. Their
 * terms count `fieldWeight` times (a simple BM25F); duplicates are still found by the text alone.
 */
export type Bm25Chunk = { id: string; text: string; fields?: string };
export type Bm25Hit = {
  chunkId: string;
  documentId: string;
  /** Raw BM25 score. */
  score: number;
  /**
   * score / Σ over query terms of idf·(k1 + 1): a bound no passage reaches, so this is the share of
   * the query's evidence the passage carries, independent of the other results. Query terms the
   * index lacks count in the bound (with df = 0), so questions about things the corpus never
   * mentions score low everywhere.
   */
  normalizedScore: number;
};
export type Bm25SearchOptions = { limit: number; documentIds?: ReadonlySet<string> };
export type Bm25Stats = {
  documents: number;
  chunks: number;
  /** Distinct chunk contents: what N counts. */
  passages: number;
  terms: number;
  postings: number;
  approxBytes: number;
};

const COMPACT_MIN_DEAD_SLOTS = 1024;
/** Scripts whose words the tokenizer stems, so a word asked in one form is found in another. */
const STEMMED_SCRIPT = /[\p{Script=Latin}\p{Script=Devanagari}]/u;
const DEVANAGARI = /\p{Script=Devanagari}/u;
/**
 * Chosen on the tune half (bench/results/qa-2026-11-26-unknown-devanagari-weighted.md): Hindi
 * questions the Hindi volume answers missed up to 27 % of their terms, unanswerable ones 33 % and
 * more; at 2/3 the lexical-only limit of 0.2 (ADR 022) falls between them.
 */
const DEVANAGARI_UNKNOWN_WEIGHT = 2 / 3;

type AnalysedChunk = { id: string; terms: string[]; words: number; key: string };
type Candidate = { score: number; chunkId: string; slot: number };
type IndexJson = {
  options: { k1: number; b: number; fieldWeight: number };
  documents: [string, number[]][];
  chunkIds: (string | null)[];
  chunkDocuments: string[];
  liveChunks: number;
  /** Each document's script, as a language code (`scriptOf`). */
  scripts?: [string, string][];
};
/** Characters of each chunk read to tell a document's script: enough, and cheap for a book. */
const SCRIPT_SAMPLE_CHARS = 400;
/**
 * Chunks sampled to tell a document's script, spread over it: all 6,000 chunks of a 12 MB book
 * took 0.4 s on the server's thread, with nothing more learnt than from 200.
 */
const SCRIPT_SAMPLE_CHUNKS = 200;
/** Chunks analysed between two turns of the event loop: ~20 ms of work. */
const ANALYSIS_SLICE = 200;
const better = (a: Candidate, b: Candidate) =>
  a.score > b.score || (a.score === b.score && a.chunkId < b.chunkId);

export class Bm25Index {
  private readonly k1: number;
  private readonly b: number;
  private store = new PassageStore();

  private readonly documents = new Map<string, number[]>();
  /** documentId → the script its text is written in, as a language code ('en', 'hi', 'ta'…). */
  private documentScripts = new Map<string, string>();
  private scriptSets: Map<string, ReadonlySet<string>> | null = null;
  private readonly slotByChunkId = new Map<string, number>();
  /** Per slot; undefined once removed. */
  private chunkIds: (string | undefined)[] = [];
  private chunkDocuments: string[] = [];
  private chunkPassage = new Int32Array(0);
  /** Members of a passage form a list in insertion order: head per passage, next per chunk. */
  private passageHead = new Int32Array(0);
  private chunkNext = new Int32Array(0);
  /** Words of each chunk's text (fields left out), per slot. */
  private chunkWords = new Int32Array(0);
  private liveChunks = 0;

  private norms = new Float64Array(0);
  private normsValid = false;
  private scores = new Float64Array(0);
  private touched = new Int32Array(0);

  private readonly fieldWeight: number;

  constructor(options: { k1?: number; b?: number; fieldWeight?: number } = {}) {
    this.k1 = options.k1 ?? BM25_K1;
    this.b = options.b ?? BM25_B;
    this.fieldWeight = options.fieldWeight ?? BM25_FIELD_WEIGHT;
  }

  /** Live chunks, duplicates included. */
  get size(): number {
    return this.liveChunks;
  }

  /** Replaces every chunk of `documentId`; the index is unchanged if this throws. */
  upsertDocument(documentId: string, chunks: readonly Bm25Chunk[]): void {
    this.checkChunkIds(documentId, chunks);
    const analysed = chunks.map((chunk) => this.analyseChunk(chunk));
    this.commitDocument(documentId, analysed, scriptOfChunks(chunks));
  }

  /**
   * `upsertDocument` for a book: its analysis (~0.1 ms a chunk) runs in slices with the event
   * loop served between them, and only the swap is one step, so searches never see half a
   * document and health checks wait no longer than a slice.
   */
  async upsertDocumentInSlices(
    documentId: string,
    chunks: readonly Bm25Chunk[],
    sliceSize = ANALYSIS_SLICE,
  ): Promise<void> {
    this.checkChunkIds(documentId, chunks);
    const analysed: AnalysedChunk[] = [];
    for (let start = 0; start < chunks.length; start += sliceSize) {
      if (start > 0) await nextTurn();
      for (const chunk of chunks.slice(start, start + sliceSize)) {
        analysed.push(this.analyseChunk(chunk));
      }
    }
    // Checked again: another document may have taken one of these ids meanwhile.
    this.checkChunkIds(documentId, chunks);
    this.commitDocument(documentId, analysed, scriptOfChunks(chunks));
  }

  private checkChunkIds(documentId: string, chunks: readonly Bm25Chunk[]): void {
    const seen = new Set<string>();
    for (const { id } of chunks) {
      const slot = this.slotByChunkId.get(id);
      if (seen.has(id) || (slot !== undefined && this.chunkDocuments[slot] !== documentId)) {
        throw new Error(`Chunk id ${id} appears twice (document ${documentId})`);
      }
      seen.add(id);
    }
  }

  private analyseChunk(chunk: Bm25Chunk): AnalysedChunk {
    const body = analyze(chunk.text);
    const key = fingerprint(body.words);
    if (!chunk.fields || this.fieldWeight <= 0) {
      return { id: chunk.id, terms: body.terms, words: body.words.length, key };
    }
    const fieldTerms = analyze(chunk.fields).terms;
    const terms = [...body.terms];
    for (let i = 0; i < this.fieldWeight; i++) terms.push(...fieldTerms);
    return { id: chunk.id, terms, words: body.words.length, key };
  }

  private commitDocument(documentId: string, analysed: AnalysedChunk[], script: string): void {
    this.removeDocument(documentId);
    const slots = analysed.map(({ id, terms, words, key }) => {
      const slot = this.addChunk(id, documentId);
      this.chunkWords[slot] = words;
      // A chunk without terms can never match; it is kept only so removal finds it.
      if (terms.length > 0) this.addMember(this.store.passageFor(key, terms), slot);
      return slot;
    });
    this.documents.set(documentId, slots);
    this.documentScripts.set(documentId, script);
    this.scriptSets = null;
    this.normsValid = false;
  }

  removeDocument(documentId: string): void {
    const slots = this.documents.get(documentId);
    if (!slots) return;
    this.documents.delete(documentId);
    this.documentScripts.delete(documentId);
    this.scriptSets = null;
    for (const slot of slots) this.removeChunk(slot);
    this.normsValid = false;
    const deadSlots = this.chunkIds.length - this.liveChunks;
    if (deadSlots > COMPACT_MIN_DEAD_SLOTS && deadSlots > this.liveChunks) this.renumber();
  }

  search(query: string, options: Bm25SearchOptions): Bm25Hit[] {
    const terms = tokenizeQuery(query);
    const store = this.store;
    if (options.limit <= 0 || terms.length === 0 || store.livePassages === 0) return [];
    this.prepareScratch();
    const { scores, touched, norms } = this;
    const alive = store.alive;
    const n = store.livePassages;
    let bound = 0;
    let touchedCount = 0;
    for (const term of terms) {
      const id = store.termIds.get(term);
      const df = id === undefined ? 0 : (store.df[id] ?? 0);
      // Lucene: idf = ln(1 + (N - df + 0.5) / (df + 0.5)), always > 0.
      const weight = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (this.k1 + 1);
      bound += weight;
      if (id === undefined || df === 0) continue;
      const list = store.postings[id] ?? new Uint32Array(0);
      const length = store.postingLength[id] ?? 0;
      for (let i = 0; i < length; i++) {
        const posting = list[i] ?? 0;
        const passage = posting >>> 8;
        if (alive[passage] !== 1) continue;
        const tf = posting & 255;
        if (scores[passage] === 0) touched[touchedCount++] = passage;
        scores[passage] = (scores[passage] ?? 0) + (weight * tf) / (tf + (norms[passage] ?? 0));
      }
    }
    const top = new TopK<Candidate>(options.limit, better);
    for (let i = 0; i < touchedCount; i++) {
      const passage = touched[i] ?? 0;
      const score = scores[passage] ?? 0;
      scores[passage] = 0;
      const floor = top.threshold;
      if (floor !== undefined && score < floor.score) continue;
      const slot = this.representative(passage, options.documentIds);
      const chunkId = this.chunkIds[slot];
      if (chunkId !== undefined) top.offer({ score, chunkId, slot });
    }
    return top.sorted().map(({ score, chunkId, slot }) => ({
      chunkId,
      documentId: this.chunkDocuments[slot] ?? '',
      score,
      normalizedScore: Math.min(1, score / bound),
    }));
  }

  /**
   * The query's terms that some passage holds, with Lucene's idf each, for coverage measures that
   * do not depend on BM25's length and saturation terms. Terms no passage holds are left to
   * `unknownTerms`: a question's filler words ("according to Document 1") are often absent.
   */
  knownTermWeights(query: string): { term: string; idf: number }[] {
    const n = this.store.livePassages;
    return [...new Set(tokenizeQuery(query))].flatMap((term) => {
      const id = this.store.termIds.get(term);
      const df = id === undefined ? 0 : (this.store.df[id] ?? 0);
      return df === 0 ? [] : [{ term, idf: Math.log(1 + (n - df + 0.5) / (df + 0.5)) }];
    });
  }

  /** Distinct terms some live passage holds. */
  get vocabulary(): number {
    return this.store.liveTerms;
  }

  /**
   * Of the query's Latin- and Devanagari-script search terms, how many no indexed passage
   * contains. Only those are stemmed (tokenizer.ts, devanagari.ts): an unstemmed Tamil word is
   * often absent in the form asked while the writings hold it in another, so Tamil is not counted.
   * A Devanagari term counts DEVANAGARI_UNKNOWN_WEIGHT of a term: its light stemmer joins fewer
   * forms than Porter's, so an answerable Hindi question misses more of its words.
   */
  unknownTerms(query: string): { terms: number; unknown: number } {
    const terms = tokenizeQuery(query).filter((term) => STEMMED_SCRIPT.test(term));
    let unknown = 0;
    for (const term of terms) {
      const id = this.store.termIds.get(term);
      if (id !== undefined && (this.store.df[id] ?? 0) > 0) continue;
      unknown += DEVANAGARI.test(term) ? DEVANAGARI_UNKNOWN_WEIGHT : 1;
    }
    return { terms: terms.length, unknown };
  }

  /** Everything needed to rebuild this index as it is (index snapshots). */
  exportState(): SnapshotParts {
    const slots = this.chunkIds.length;
    const own: SnapshotParts = {
      json: {
        options: { k1: this.k1, b: this.b, fieldWeight: this.fieldWeight },
        documents: [...this.documents],
        chunkIds: this.chunkIds.map((id) => id ?? null),
        chunkDocuments: this.chunkDocuments,
        liveChunks: this.liveChunks,
        scripts: [...this.documentScripts],
      } satisfies IndexJson,
      arrays: {
        chunkPassage: this.chunkPassage.subarray(0, slots),
        chunkNext: this.chunkNext.subarray(0, slots),
        chunkWords: this.chunkWords.subarray(0, slots),
        passageHead: this.passageHead.subarray(0, this.store.count),
      },
    };
    return prefixParts({ index: own, store: this.store.exportState() });
  }

  /** The index `exportState` described, if it was made with these options; else null. */
  static fromState(
    parts: SnapshotParts,
    options: { k1?: number; b?: number; fieldWeight?: number } = {},
  ): Bm25Index | null {
    const { index: own, store } = unprefixParts(parts, ['index', 'store']);
    const json = own.json as IndexJson;
    const index = new Bm25Index(options);
    const { k1, b, fieldWeight } = json.options;
    if (index.k1 !== k1 || index.b !== b || index.fieldWeight !== fieldWeight) return null;
    index.store = PassageStore.fromState(store);
    for (const [documentId, slots] of json.documents) index.documents.set(documentId, slots);
    index.documentScripts = new Map(json.scripts ?? []);
    index.chunkIds = json.chunkIds.map((id) => id ?? undefined);
    index.chunkIds.forEach((id, slot) => {
      if (id !== undefined) index.slotByChunkId.set(id, slot);
    });
    index.chunkDocuments = json.chunkDocuments;
    index.liveChunks = json.liveChunks;
    index.chunkPassage = snapshotArray(own, 'chunkPassage', 'Int32Array');
    index.chunkNext = snapshotArray(own, 'chunkNext', 'Int32Array');
    index.chunkWords = snapshotArray(own, 'chunkWords', 'Int32Array');
    index.passageHead = snapshotArray(own, 'passageHead', 'Int32Array');
    return index;
  }

  /** Words in a chunk's text (title and headings not counted); 0 for an unknown chunk. */
  wordsOf(chunkId: string): number {
    const slot = this.slotByChunkId.get(chunkId);
    return slot === undefined ? 0 : (this.chunkWords[slot] ?? 0);
  }

  /**
   * The documents written in each script (language codes as `scriptOf` gives them) and the
   * library's main script, the one most of its chunks are in: a question in another script is
   * also searched by meaning among the main script's documents (fusion.ts).
   */
  scripts(): { main: string | null; documentsIn(script: string): ReadonlySet<string> } {
    if (!this.scriptSets) {
      const sets = new Map<string, Set<string>>();
      for (const [documentId, script] of this.documentScripts) {
        const set = sets.get(script) ?? new Set<string>();
        set.add(documentId);
        sets.set(script, set);
      }
      this.scriptSets = sets;
    }
    const sets = this.scriptSets;
    let main: string | null = null;
    let most = 0;
    for (const [script, documents] of sets) {
      let chunks = 0;
      for (const documentId of documents) chunks += this.documents.get(documentId)?.length ?? 0;
      if (chunks > most) [main, most] = [script, chunks];
    }
    return { main, documentsIn: (script) => sets.get(script) ?? new Set() };
  }

  /** This index's options, to restore a snapshot with (`fromState`). */
  get options(): { k1: number; b: number; fieldWeight: number } {
    return { k1: this.k1, b: this.b, fieldWeight: this.fieldWeight };
  }

  /** Becomes `other` (a restored snapshot), for the retrievers holding this instance. */
  adopt(other: Bm25Index): void {
    Object.assign(this, other);
  }

  stats(): Bm25Stats {
    let bytes = this.store.approxBytes();
    bytes += this.chunkPassage.byteLength + this.chunkNext.byteLength;
    bytes += this.passageHead.byteLength + this.norms.byteLength;
    bytes += this.scores.byteLength + this.touched.byteLength + this.chunkIds.length * 16;
    for (const id of this.slotByChunkId.keys()) bytes += id.length * 2 + 100;
    return {
      documents: this.documents.size,
      chunks: this.liveChunks,
      passages: this.store.livePassages,
      terms: this.store.liveTerms,
      postings: this.store.livePostings,
      approxBytes: bytes,
    };
  }

  private addChunk(id: string, documentId: string): number {
    const slot = this.chunkIds.length;
    this.chunkIds.push(id);
    this.chunkDocuments.push(documentId);
    this.chunkPassage = ensureCapacity(this.chunkPassage, slot + 1);
    this.chunkNext = ensureCapacity(this.chunkNext, slot + 1);
    this.chunkWords = ensureCapacity(this.chunkWords, slot + 1);
    this.chunkWords[slot] = 0;
    this.chunkPassage[slot] = -1;
    this.chunkNext[slot] = -1;
    this.slotByChunkId.set(id, slot);
    this.liveChunks++;
    return slot;
  }

  /** Appends at the tail, so the head is always the earliest inserted live member. */
  private addMember(passage: number, slot: number): void {
    this.chunkPassage[slot] = passage;
    this.passageHead = ensureCapacity(this.passageHead, passage + 1, -1);
    let last = this.passageHead[passage] ?? -1;
    if (last < 0) {
      this.passageHead[passage] = slot;
      return;
    }
    for (let next = this.chunkNext[last] ?? -1; next >= 0; next = this.chunkNext[last] ?? -1) {
      last = next;
    }
    this.chunkNext[last] = slot;
  }

  private removeChunk(slot: number): void {
    const id = this.chunkIds[slot];
    if (id === undefined) return;
    this.chunkIds[slot] = undefined;
    this.slotByChunkId.delete(id);
    this.liveChunks--;
    const passage = this.chunkPassage[slot] ?? -1;
    if (passage < 0) return;
    let previous = -1;
    let current = this.passageHead[passage] ?? -1;
    while (current >= 0 && current !== slot) {
      previous = current;
      current = this.chunkNext[current] ?? -1;
    }
    const next = this.chunkNext[slot] ?? -1;
    if (previous < 0) this.passageHead[passage] = next;
    else this.chunkNext[previous] = next;
    if (previous < 0 && next < 0) this.store.kill(passage);
  }

  /** The member to report: the earliest inserted live chunk in an allowed document, or -1. */
  private representative(passage: number, documentIds: ReadonlySet<string> | undefined): number {
    for (let slot = this.passageHead[passage] ?? -1; slot >= 0; slot = this.chunkNext[slot] ?? -1) {
      if (!documentIds || documentIds.has(this.chunkDocuments[slot] ?? '')) return slot;
    }
    return -1;
  }

  /** Per-passage length norms depend on avgdl, so they are refreshed after any change. */
  private prepareScratch(): void {
    const count = this.store.count;
    if (this.scores.length < count) {
      this.scores = new Float64Array(Math.ceil(count * 1.25) + 16);
      this.touched = new Int32Array(this.scores.length);
    }
    if (this.normsValid) return;
    this.norms = ensureCapacity(this.norms, count);
    const { k1, b } = this;
    const lengths = this.store.passageLength;
    const averageLength = this.store.totalLength / Math.max(1, this.store.livePassages);
    for (let p = 0; p < count; p++) {
      this.norms[p] = k1 * (1 - b + (b * (lengths[p] ?? 0)) / averageLength);
    }
    this.normsValid = true;
  }

  /** Rebuilds every structure from live data, in insertion order, dropping dead slots. */
  private renumber(): void {
    const next = new Bm25Index({ k1: this.k1, b: this.b, fieldWeight: this.fieldWeight });
    const passageMap = new Int32Array(this.store.count).fill(-1);
    const slotMap = new Int32Array(this.chunkIds.length).fill(-1);
    this.chunkIds.forEach((id, slot) => {
      if (id === undefined) return;
      const newSlot = next.addChunk(id, this.chunkDocuments[slot] ?? '');
      next.chunkWords[newSlot] = this.chunkWords[slot] ?? 0;
      slotMap[slot] = newSlot;
      const passage = this.chunkPassage[slot] ?? -1;
      if (passage < 0) return;
      if ((passageMap[passage] ?? -1) < 0) {
        passageMap[passage] = next.store.copyFrom(this.store, passage);
      }
      next.addMember(passageMap[passage] ?? -1, newSlot);
    });
    next.documentScripts = this.documentScripts;
    for (const [documentId, slots] of this.documents) {
      next.documents.set(
        documentId,
        slots.map((slot) => slotMap[slot] ?? -1),
      );
    }
    Object.assign(this, next);
  }
}

/**
 * The script a text is written in, named by the language code the chat gives a question in it
 * (packages/contracts/src/language.ts: the script with the most letters; Latin is 'en').
 */
export function scriptOf(text: string): string {
  return detectLanguage(text);
}

/** The script of a document's chunks, from a sample of them spread over the document. */
function scriptOfChunks(chunks: readonly Bm25Chunk[]): string {
  const step = Math.max(1, chunks.length / SCRIPT_SAMPLE_CHUNKS);
  const sample: string[] = [];
  for (let i = 0; i < chunks.length; i += step) {
    sample.push(chunks[Math.floor(i)]?.text.slice(0, SCRIPT_SAMPLE_CHARS) ?? '');
  }
  return scriptOf(sample.join('\n'));
}

/** Identifies a chunk's content; SHA-256 so crafted uploads cannot hide another passage. */
function fingerprint(words: readonly string[]): string {
  return createHash('sha256').update(words.join(' ')).digest('base64url');
}
