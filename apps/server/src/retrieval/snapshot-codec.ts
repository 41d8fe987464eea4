/**
 * One binary container for an index snapshot: a JSON header (small values, strings, the arrays'
 * places) followed by the typed arrays' bytes, each at an 8-byte boundary, so a reader views
 * them where they lie instead of parsing numbers. Written here rather than with a general format
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

const MAGIC = Buffer.from('SAMVAD-INDEX\n', 'latin1');
const CONTAINER_VERSION = 1;
const ALIGN = 8;

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
  const dataStart = pad(MAGIC.length + 4 + header.length);
  const out = Buffer.alloc(dataStart + dataBytes);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(header.length, MAGIC.length);
  header.copy(out, MAGIC.length + 4);
  for (const place of places) {
    const array = parts.arrays[place.name] as SnapshotArray;
    out.set(
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength),
      dataStart + place.offset,
    );
  }
  return out;
}

/** Throws SnapshotFormatError when the bytes are not a whole snapshot of this version. */
export function decodeSnapshot(bytes: Buffer): SnapshotParts {
  if (bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new SnapshotFormatError('not an index snapshot');
  }
  const headerLength = bytes.readUInt32LE(MAGIC.length);
  const headerEnd = MAGIC.length + 4 + headerLength;
  if (headerEnd > bytes.length) throw new SnapshotFormatError('the snapshot is cut short');
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', MAGIC.length + 4, headerEnd)) as Header;
  } catch (error) {
    throw new SnapshotFormatError('the snapshot header is not JSON', { cause: error });
  }
  if (header.version !== CONTAINER_VERSION) {
    throw new SnapshotFormatError(`container version ${header.version}, not ${CONTAINER_VERSION}`);
  }
  const dataStart = pad(headerEnd);
  if (dataStart + header.dataBytes !== bytes.length) {
    throw new SnapshotFormatError('the snapshot is cut short');
  }
  const arrays: Record<string, SnapshotArray> = {};
  for (const place of header.arrays) {
    const Kind = KINDS[place.kind];
    if (!Kind) throw new SnapshotFormatError(`unknown array kind ${place.kind}`);
    const start = bytes.byteOffset + dataStart + place.offset;
    const byteLength = place.length * Kind.BYTES_PER_ELEMENT;
    if (place.offset + byteLength > header.dataBytes) {
      throw new SnapshotFormatError(`array ${place.name} runs past the data`);
    }
    // A view where the bytes lie when aligned (a file read whole is), a copy otherwise.
    const buffer = bytes.buffer as ArrayBuffer;
    arrays[place.name] =
      start % Kind.BYTES_PER_ELEMENT === 0
        ? new Kind(buffer, start, place.length)
        : new Kind(buffer.slice(start, start + byteLength));
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
