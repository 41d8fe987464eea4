/**
 * Every count, length and cross-reference of a decoded index snapshot checked against the arrays
 * it holds, before any of it is used (issue #30: a posting length of 0xFFFFFFFF hung every chat,
 * a passage count of 2e9 took 15.9 GB). The container's checksum catches damage; this catches a
 * file that is whole but does not describe a possible index, written by a bug or by hand. Linear
 * in the snapshot's size; throws SnapshotFormatError, which the keeper reports as unusable.
 */
import {
  SnapshotFormatError,
  type SnapshotParts,
  snapshotArray,
  unprefixParts,
} from './snapshot-codec.ts';

/** The passage store numbers passages in 24 bits (passage-store.ts, MAX_ID). */
const MAX_PASSAGES = 2 ** 24;
const TF_SHIFT = 256;

function fail(what: string): never {
  throw new SnapshotFormatError(`the snapshot's ${what} does not fit its data`);
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : fail('JSON');

/** Checks the parts `IndexSnapshotKeeper` wrote: bm25, vectors (or none) and knowledge. */
export function checkSnapshotParts(whole: SnapshotParts, withVectors: boolean): void {
  const parts = unprefixParts(whole, ['bm25', 'vectors', 'knowledge']);
  checkBm25(parts.bm25);
  if (withVectors && parts.vectors.json !== null) checkVectors(parts.vectors);
  checkKnowledge(parts.knowledge);
}

function checkBm25(bm25: SnapshotParts): void {
  const { index, store } = unprefixParts(bm25, ['index', 'store']);
  const storeJson = record(store.json);
  const { count, termNames, passageKeys } = storeJson;
  if (!isCount(count) || count > MAX_PASSAGES) fail('passage count');
  if (!isStrings(termNames) || !isStrings(passageKeys) || passageKeys.length !== count) {
    fail('list of terms or passages');
  }
  for (const key of ['liveTerms', 'livePostings', 'livePassages', 'totalLength']) {
    if (!isCount(storeJson[key])) fail(key);
  }
  const terms = termNames.length;
  const u32 = (name: string) => snapshotArray(store, name, 'Uint32Array');
  const postings = u32('postings');
  const postingLength = u32('postingLength');
  const df = u32('df');
  const forward = u32('forward');
  const alive = snapshotArray(store, 'alive', 'Uint8Array');
  if (postingLength.length !== terms || df.length !== terms) fail('term arrays');
  for (const name of ['passageLength', 'passageTerms', 'passageTermCount']) {
    if (u32(name).length !== count) fail(name);
  }
  if (alive.length !== count) fail('alive');
  let total = 0;
  for (let term = 0; term < terms; term++) {
    const length = postingLength[term] ?? 0;
    if ((df[term] ?? 0) > length) fail('document frequency');
    total += length;
  }
  if (total !== postings.length) fail('posting lengths');
  for (const entry of postings) if (Math.floor(entry / TF_SHIFT) >= count) fail('postings');
  for (const entry of forward) if (Math.floor(entry / TF_SHIFT) >= terms) fail('forward terms');
  const passageTerms = u32('passageTerms');
  const passageTermCount = u32('passageTermCount');
  for (let passage = 0; passage < count; passage++) {
    const end = (passageTerms[passage] ?? 0) + (passageTermCount[passage] ?? 0);
    if (end > forward.length) fail('forward runs');
  }

  const indexJson = record(index.json);
  const { chunkIds, chunkDocuments, documents, liveChunks } = indexJson;
  if (!Array.isArray(chunkIds) || !chunkIds.every((id) => id === null || typeof id === 'string')) {
    fail('chunk ids');
  }
  const slots = chunkIds.length;
  if (!isStrings(chunkDocuments) || !isCount(liveChunks) || liveChunks > slots) fail('chunks');
  const chunkPassage = snapshotArray(index, 'chunkPassage', 'Int32Array');
  const chunkNext = snapshotArray(index, 'chunkNext', 'Int32Array');
  const passageHead = snapshotArray(index, 'passageHead', 'Int32Array');
  if (chunkPassage.length !== slots || chunkNext.length !== slots) fail('chunk arrays');
  if (passageHead.length !== count) fail('passage heads');
  for (const passage of chunkPassage) if (passage < -1 || passage >= count) fail('chunk passages');
  // Each passage's chunks are a list through chunkNext: every slot reached at most once, so no
  // list loops (a loop would hang every search that reaches it).
  const seen = new Uint8Array(slots);
  for (const head of passageHead) {
    if (head < -1 || head >= slots) fail('passage heads');
    for (let slot = head; slot >= 0; slot = chunkNext[slot] ?? -1) {
      if (slot >= slots || seen[slot]) fail('chunk lists');
      seen[slot] = 1;
    }
  }
  for (const next of chunkNext) if (next < -1 || next >= slots) fail('chunk lists');
  if (!Array.isArray(documents)) fail('documents');
  for (const entry of documents as unknown[]) {
    const [id, ids] = Array.isArray(entry) ? entry : [];
    if (typeof id !== 'string' || !Array.isArray(ids)) fail('documents');
    for (const slot of ids) if (!isCount(slot) || slot >= slots) fail('document chunks');
  }
}

function checkVectors(vectors: SnapshotParts): void {
  const json = record(vectors.json);
  const { dimensions, rows, rowChunkIds, rowDocuments, documents, sequence } = json;
  if (!isCount(dimensions) || dimensions === 0 || dimensions > 65_536) fail('vector dimensions');
  if (!isCount(rows) || !isCount(sequence)) fail('vector rows');
  if (!isStrings(rowChunkIds) || rowChunkIds.length !== rows) fail('vector chunk ids');
  if (!isStrings(rowDocuments) || rowDocuments.length !== rows) fail('vector documents');
  if (!Array.isArray(documents)) fail('vector documents');
  const size = rows * dimensions;
  if (snapshotArray(vectors, 'data', 'Float32Array').length !== size) fail('vectors');
  if (snapshotArray(vectors, 'codes', 'Int8Array').length !== size) fail('vector codes');
  if (snapshotArray(vectors, 'scales', 'Float32Array').length !== rows) fail('vector scales');
  if (snapshotArray(vectors, 'rowSequence', 'Float64Array').length !== rows) fail('vector rows');
}

function checkKnowledge(knowledge: SnapshotParts): void {
  const { documents, chunks } = record(knowledge.json);
  if (!Array.isArray(documents) || !Array.isArray(chunks) || chunks.length !== documents.length) {
    fail('documents');
  }
  for (const document of documents as unknown[]) {
    if (typeof record(document).id !== 'string') fail('documents');
  }
  for (const rows of chunks as unknown[]) {
    if (!Array.isArray(rows)) fail('chunk metadata');
    for (const row of rows) if (typeof record(row).id !== 'string') fail('chunk metadata');
  }
}
