/**
 * One binary container for an index snapshot: a JSON header (small values, strings, the arrays'
 * places) followed by the typed arrays' bytes, each at an 8-byte boundary, so a reader views
 * them where they lie instead of parsing numbers. A SHA-256 of everything after it follows the
 * magic: a flipped bit or a moved offset anywhere is a damaged file, never a wrong index; and
 * every place the header names is checked against the file before it is viewed. Written here rather than with a general format
 * (MessagePack, Arrow): those would copy every array element by element or pull in a large
 * dependency, and the index's arrays are all it needs.
 */

export type SnapshotArray =
  | Int8Array
  | Uint8Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array;

export type SnapshotParts = { json: unknown; arrays: Record<string, SnapshotArray> };

import { createHash } from 'node:crypto';

const MAGIC = Buffer.from('SAMVAD-INDEX\n', 'latin1');
const CONTAINER_VERSION = 2;
const ALIGN = 8;
const DIGEST_BYTES = 32;
/** Magic, the digest of everything after it, the header's length. */
const PREFIX = MAGIC.length + DIGEST_BYTES + 4;

const KINDS = {
  Int8Array,
  Uint8Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
} as const;
type KindName = keyof typeof KINDS;

type ArrayPlace = { name: string; kind: KindName; offset: number; length: number };
type Header = { version: number; json: unknown; arrays: ArrayPlace[]; dataBytes: number };

export class SnapshotFormatError extends Error {
  override readonly name = 'SnapshotFormatError';
}

const pad = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

export function encodeSnapshot(parts: SnapshotParts): Buffer {
  const places: ArrayPlace[] = [];
  let dataBytes = 0;
  for (const [name, array] of Object.entries(parts.arrays)) {
    const kind = array.constructor.name as KindName;
    if (!(kind in KINDS)) throw new Error(`Array ${name} is a ${kind}, not a snapshot array kind`);
    places.push({ name, kind, offset: dataBytes, length: array.length });
    dataBytes = pad(dataBytes + array.byteLength);
  }
  const header = Buffer.from(
    JSON.stringify({
      version: CONTAINER_VERSION,
      json: parts.json,
      arrays: places,
      dataBytes,
    } satisfies Header),
  );
  const dataStart = pad(PREFIX + header.length);
  const out = Buffer.alloc(dataStart + dataBytes);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(header.length, MAGIC.length + DIGEST_BYTES);
  header.copy(out, PREFIX);
  for (const place of places) {
    const array = parts.arrays[place.name] as SnapshotArray;
    out.set(
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength),
      dataStart + place.offset,
    );
  }
  digestOf(out).copy(out, MAGIC.length);
  return out;
}

/** The SHA-256 of everything after the digest's own place. */
function digestOf(bytes: Buffer): Buffer {
  return createHash('sha256')
    .update(bytes.subarray(MAGIC.length + DIGEST_BYTES))
    .digest();
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * Throws SnapshotFormatError when the bytes are not a whole, undamaged snapshot of this version:
 * the digest must match, and the header must place each array, of a known kind, one after the
 * other inside the data, as `encodeSnapshot` writes them. Nothing else is ever thrown.
 */
export function decodeSnapshot(bytes: Buffer): SnapshotParts {
  if (bytes.length < PREFIX || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new SnapshotFormatError('not an index snapshot');
  }
  if (!digestOf(bytes).equals(bytes.subarray(MAGIC.length, MAGIC.length + DIGEST_BYTES))) {
    throw new SnapshotFormatError('the snapshot is damaged (its checksum does not match)');
  }
  const headerLength = bytes.readUInt32LE(MAGIC.length + DIGEST_BYTES);
  const headerEnd = PREFIX + headerLength;
  if (headerEnd > bytes.length) throw new SnapshotFormatError('the snapshot is cut short');
  let header: Partial<Header>;
  try {
    header = JSON.parse(bytes.toString('utf8', PREFIX, headerEnd)) as Partial<Header>;
  } catch (error) {
    throw new SnapshotFormatError('the snapshot header is not JSON', { cause: error });
  }
  if (typeof header !== 'object' || header === null) {
    throw new SnapshotFormatError('the snapshot header is not an object');
  }
  if (header.version !== CONTAINER_VERSION) {
    throw new SnapshotFormatError(`container version ${header.version}, not ${CONTAINER_VERSION}`);
  }
  const { dataBytes, arrays: places } = header;
  const dataStart = pad(headerEnd);
  if (!isCount(dataBytes) || dataStart + dataBytes !== bytes.length) {
    throw new SnapshotFormatError('the snapshot is cut short');
  }
  if (!Array.isArray(places)) throw new SnapshotFormatError('the snapshot places no arrays');
  const arrays: Record<string, SnapshotArray> = Object.create(null);
  let expectedOffset = 0;
  for (const place of places as unknown[]) {
    const { name, kind, offset, length } = (place ?? {}) as Partial<ArrayPlace>;
    if (typeof name !== 'string' || name in arrays) {
      throw new SnapshotFormatError('an array without a name of its own');
    }
    if (typeof kind !== 'string' || !Object.hasOwn(KINDS, kind)) {
      throw new SnapshotFormatError(`array ${name} is of an unknown kind`);
    }
    const Kind = KINDS[kind];
    if (!isCount(offset) || !isCount(length) || offset !== expectedOffset) {
      throw new SnapshotFormatError(`array ${name} has a bad offset or length`);
    }
    const byteLength = length * Kind.BYTES_PER_ELEMENT;
    if (offset + byteLength > dataBytes) {
      throw new SnapshotFormatError(`array ${name} runs past the data`);
    }
    expectedOffset = pad(offset + byteLength);
    const start = bytes.byteOffset + dataStart + offset;
    // A view where the bytes lie when aligned (a file read whole is), a copy otherwise.
    const buffer = bytes.buffer as ArrayBuffer;
    arrays[name] =
      start % Kind.BYTES_PER_ELEMENT === 0
        ? new Kind(buffer, start, length)
        : new Kind(buffer.slice(start, start + byteLength));
  }
  if (expectedOffset !== dataBytes) {
    throw new SnapshotFormatError('the snapshot holds data no array places');
  }
  return { json: header.json, arrays };
}

/** The array `name` of a decoded snapshot, of the kind the reader expects. */
export function snapshotArray<K extends KindName>(
  parts: SnapshotParts,
  name: string,
  kind: K,
): InstanceType<(typeof KINDS)[K]> {
  const array = parts.arrays[name];
  if (!(array instanceof KINDS[kind])) {
    throw new SnapshotFormatError(`array ${name} is missing or not a ${kind}`);
  }
  return array as InstanceType<(typeof KINDS)[K]>;
}

/** Several parts as one, each's array names and JSON under its key. */
export function prefixParts(parts: Record<string, SnapshotParts>): SnapshotParts {
  const json: Record<string, unknown> = {};
  const arrays: Record<string, SnapshotArray> = {};
  for (const [key, part] of Object.entries(parts)) {
    json[key] = part.json;
    for (const [name, array] of Object.entries(part.arrays)) arrays[`${key}.${name}`] = array;
  }
  return { json, arrays };
}

/** The parts `prefixParts` joined, by key; a missing key is a format error. */
export function unprefixParts<K extends string>(
  whole: SnapshotParts,
  keys: readonly K[],
): Record<K, SnapshotParts> {
  const json = (whole.json ?? {}) as Record<string, unknown>;
  const result = {} as Record<K, SnapshotParts>;
  for (const key of keys) {
    if (!(key in json)) throw new SnapshotFormatError(`the snapshot has no ${key}`);
    const arrays: Record<string, SnapshotArray> = {};
    for (const [name, array] of Object.entries(whole.arrays)) {
      if (name.startsWith(`${key}.`)) arrays[name.slice(key.length + 1)] = array;
    }
    result[key] = { json: json[key], arrays };
  }
  return result;
}
