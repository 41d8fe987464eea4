import { once } from 'node:events';
import { createServer, type Server } from 'node:http';

/**
 * A loopback OpenAI-compatible `/v1/embeddings` endpoint. Each word maps to a dimension through
 * `concepts` (so synonyms share one) or a hash; vectors are word counts. `failNext(n)` makes the
 * next n requests answer 503, to exercise retries and resumption.
 */
export async function startFakeEmbeddingsServer(concepts: Record<string, number> = {}) {
  const dimensions = 64;
  let failures = 0;
  let requests = 0;
  const embed = (text: string) => {
    const vector = new Array<number>(dimensions).fill(0);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
      const slot = concepts[word] ?? hash(word) % dimensions;
      vector[slot] = (vector[slot] ?? 0) + 1;
    }
    return vector;
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests++;
      if (failures > 0) {
        failures--;
        response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"busy"}');
        return;
      }
      const { input, model } = JSON.parse(body) as { input: string[]; model: string };
      const data = input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: embed(text),
      }));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', model, data }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    failNext(count: number) {
      failures = count;
    },
    get requests() {
      return requests;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function hash(word: string): number {
  let h = 2166136261;
  for (const char of word) h = Math.imul(h ^ (char.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}
