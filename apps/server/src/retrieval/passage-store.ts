/**
 * The postings and statistics behind `Bm25Index`. A passage is one distinct chunk content; each
 * term owns a Uint32Array of postings `passage << 8 | min(tf, 255)` (BM25's tf saturates long
 * before 255), and each passage a run `term << 8 | tf` in a forward arena, so a dying passage
 * knows which dfs to lower. Dead passages stay in the lists, skipped while scoring, until a list
 * holds more dead postings than live ones and is compacted in place.
 */
import { type SnapshotParts, snapshotArray } from './snapshot-codec.ts';
import { ensureCapacity } from './typed-arrays.ts';

const TF_SHIFT = 256;
const TF_MASK = 255;
const MAX_ID = 2 ** 24;
const EMPTY = new Uint32Array(0);

type StoreJson = {
  termNames: string[];
  passageKeys: string[];
  liveTerms: number;
  livePostings: number;
  count: number;
  livePassages: number;
  totalLength: number;
};

export class PassageStore {
  readonly termIds = new Map<string, number>();
  private readonly termNames: string[] = [];
  postings: Uint32Array[] = [];
  postingLength = new Uint32Array(0);
  df = new Uint32Array(0);
  liveTerms = 0;
  livePostings = 0;

  private readonly passageByKey = new Map<string, number>();
  private readonly passageKeys: string[] = [];
  /** 1 while the passage has a member chunk. */
  alive = new Uint8Array(0);
  passageLength = new Uint32Array(0);
  private passageTerms = new Uint32Array(0);
  private passageTermCount = new Uint32Array(0);
  private forward = new Uint32Array(0);
  private forwardLength = 0;
  private tfScratch = new Uint32Array(0);
  count = 0;
  livePassages = 0;
  totalLength = 0;

  /** The live passage with this fingerprint, created (postings written) if there is none. */
  passageFor(key: string, terms: readonly string[]): number {
    const existing = this.passageByKey.get(key);
    if (existing !== undefined) return existing;
    // Term frequencies counted in a scratch array indexed by term id, cleared as it is read.
    const ids: number[] = [];
    for (const term of terms) {
      const id = this.termId(term);
      this.tfScratch = ensureCapacity(this.tfScratch, id + 1);
      if (this.tfScratch[id] === 0) ids.push(id);
      this.tfScratch[id] = (this.tfScratch[id] ?? 0) + 1;
    }
    const entries = ids.map((id) => {
      const tf = Math.min(this.tfScratch[id] ?? 1, 255);
      this.tfScratch[id] = 0;
      return id * TF_SHIFT + tf;
    });
    return this.create(key, terms.length, entries);
  }

  /** Copies a live passage of another store (renumbering), returning its id here. */
  copyFrom(other: PassageStore, passage: number): number {
    const start = other.passageTerms[passage] ?? 0;
    const end = start + (other.passageTermCount[passage] ?? 0);
    const entries = Array.from(other.forward.subarray(start, end), (entry) => {
      const term = other.termNames[Math.floor(entry / TF_SHIFT)] ?? '';
      return this.termId(term) * TF_SHIFT + (entry & TF_MASK);
    });
    const key = other.passageKeys[passage] ?? '';
    return this.create(key, other.passageLength[passage] ?? 0, entries);
  }

  kill(passage: number): void {
    if (this.alive[passage] !== 1) return;
    this.alive[passage] = 0;
    this.passageByKey.delete(this.passageKeys[passage] ?? '');
    this.passageKeys[passage] = '';
    const start = this.passageTerms[passage] ?? 0;
    const count = this.passageTermCount[passage] ?? 0;
    for (let i = start; i < start + count; i++) {
      const term = Math.floor((this.forward[i] ?? 0) / TF_SHIFT);
      const df = (this.df[term] ?? 1) - 1;
      this.df[term] = df;
      if (df === 0) this.liveTerms--;
      if ((this.postingLength[term] ?? 0) > 2 * df) this.compact(term);
    }
    this.livePostings -= count;
    this.livePassages--;
    this.totalLength -= this.passageLength[passage] ?? 0;
  }

  /** Everything needed to rebuild this store as it is (index snapshots). */
  exportState(): SnapshotParts {
    let total = 0;
    for (let term = 0; term < this.termNames.length; term++) total += this.postingLength[term] ?? 0;
    const postings = new Uint32Array(total);
    let offset = 0;
    this.termNames.forEach((_name, term) => {
      const length = this.postingLength[term] ?? 0;
      postings.set((this.postings[term] ?? EMPTY).subarray(0, length), offset);
      offset += length;
    });
    const terms = this.termNames.length;
    const { count } = this;
    return {
      json: {
        termNames: this.termNames,
        passageKeys: this.passageKeys.slice(0, count),
        liveTerms: this.liveTerms,
        livePostings: this.livePostings,
        count,
        livePassages: this.livePassages,
        totalLength: this.totalLength,
      } satisfies StoreJson,
      arrays: {
        postings,
        postingLength: this.postingLength.subarray(0, terms),
        df: this.df.subarray(0, terms),
        alive: this.alive.subarray(0, count),
        passageLength: this.passageLength.subarray(0, count),
        passageTerms: this.passageTerms.subarray(0, count),
        passageTermCount: this.passageTermCount.subarray(0, count),
        forward: this.forward.subarray(0, this.forwardLength),
      },
    };
  }

  /** The store `exportState` described; its arrays are viewed, not copied. */
  static fromState(parts: SnapshotParts): PassageStore {
    const json = parts.json as StoreJson;
    const store = new PassageStore();
    const get = (name: string) => snapshotArray(parts, name, 'Uint32Array');
    store.postingLength = get('postingLength');
    store.df = get('df');
    store.alive = snapshotArray(parts, 'alive', 'Uint8Array');
    store.passageLength = get('passageLength');
    store.passageTerms = get('passageTerms');
    store.passageTermCount = get('passageTermCount');
    store.forward = get('forward');
    store.forwardLength = store.forward.length;
    const postings = get('postings');
    let offset = 0;
    json.termNames.forEach((name, term) => {
      const length = store.postingLength[term] ?? 0;
      store.termIds.set(name, term);
      store.termNames.push(name);
      store.postings.push(length === 0 ? EMPTY : postings.subarray(offset, offset + length));
      offset += length;
    });
    json.passageKeys.forEach((key, passage) => {
      store.passageKeys[passage] = key;
      if (store.alive[passage] === 1) store.passageByKey.set(key, passage);
    });
    store.liveTerms = json.liveTerms;
    store.livePostings = json.livePostings;
    store.count = json.count;
    store.livePassages = json.livePassages;
    store.totalLength = json.totalLength;
    return store;
  }

  approxBytes(): number {
    let bytes = this.postingLength.byteLength + this.df.byteLength + this.alive.byteLength;
    bytes += this.passageLength.byteLength + this.passageTerms.byteLength;
    bytes += this.passageTermCount.byteLength + this.forward.byteLength;
    // Typed array headers, Map entries and string headers: rough V8 object sizes.
    for (const list of this.postings) bytes += list.byteLength + (list === EMPTY ? 8 : 100);
    for (const name of this.termNames) bytes += name.length * 2 + 90;
    return bytes + this.passageByKey.size * 160;
  }

  private create(key: string, length: number, entries: readonly number[]): number {
    const passage = this.count++;
    if (passage >= MAX_ID) throw new Error('Bm25Index holds too many passages');
    this.passageKeys[passage] = key;
    this.passageByKey.set(key, passage);
    this.alive = ensureCapacity(this.alive, passage + 1);
    this.passageLength = ensureCapacity(this.passageLength, passage + 1);
    this.passageTerms = ensureCapacity(this.passageTerms, passage + 1);
    this.passageTermCount = ensureCapacity(this.passageTermCount, passage + 1);
    this.forward = ensureCapacity(this.forward, this.forwardLength + entries.length);
    this.alive[passage] = 1;
    this.passageLength[passage] = length;
    this.passageTerms[passage] = this.forwardLength;
    this.passageTermCount[passage] = entries.length;
    for (const entry of entries) {
      this.forward[this.forwardLength++] = entry;
      const term = Math.floor(entry / TF_SHIFT);
      this.append(term, passage * TF_SHIFT + (entry & TF_MASK));
      if (this.df[term] === 0) this.liveTerms++;
      this.df[term] = (this.df[term] ?? 0) + 1;
    }
    this.livePostings += entries.length;
    this.livePassages++;
    this.totalLength += length;
    return passage;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.termNames.length;
      if (id >= MAX_ID) throw new Error('Bm25Index vocabulary is full');
      this.termIds.set(term, id);
      this.termNames.push(term);
      this.postings.push(EMPTY);
      this.postingLength = ensureCapacity(this.postingLength, id + 1);
      this.df = ensureCapacity(this.df, id + 1);
    }
    return id;
  }

  private append(term: number, posting: number): void {
    const length = this.postingLength[term] ?? 0;
    let list = this.postings[term] ?? EMPTY;
    if (length >= list.length) list = ensureCapacity(list, length + 1);
    list[length] = posting;
    this.postings[term] = list;
    this.postingLength[term] = length + 1;
  }

  private compact(term: number): void {
    const list = this.postings[term] ?? EMPTY;
    const length = this.postingLength[term] ?? 0;
    let kept = 0;
    for (let i = 0; i < length; i++) {
      const posting = list[i] ?? 0;
      if (this.alive[posting >>> 8] === 1) list[kept++] = posting;
    }
    this.postingLength[term] = kept;
    // Give memory back once most of the list has gone.
    if (list.length > 2 * kept + 8) this.postings[term] = kept === 0 ? EMPTY : list.slice(0, kept);
  }
}
