/**
 * An embedding client that remembers: vectors are kept on disk by (model, kind, text), so a
 * second evaluation run (a parameter sweep, the chat run after the retrieval run) asks the
 * model only for texts it has not seen. Evaluations only; the product embeds every text once
 * and keeps the vectors in its database.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EmbeddingClient, EmbedOptions } from '@samvad/server/retrieval/embedding-client.ts';

export function cachedEmbeddings(client: EmbeddingClient, cacheDir: string): EmbeddingClient {
  mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `${client.model.replace(/[^\w.-]+/g, '_')}.jsonl`);
  const cache = new Map<string, Float32Array>();
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line) continue;
      const [key, base64] = JSON.parse(line) as [string, string];
      const bytes = Buffer.from(base64, 'base64');
      cache.set(
        key,
        new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice(),
      );
    }
  }
  const keyOf = (kind: string, text: string) =>
    createHash('sha256').update(`${kind}\u0000${text}`).digest('base64url');
  return {
    model: client.model,
    ...(client.batchSize === undefined ? {} : { batchSize: client.batchSize }),
    async embed(texts, options: EmbedOptions = {}) {
      const kind = options.kind ?? 'passage';
      const keys = texts.map((text) => keyOf(kind, text));
      const missing = [...new Set(keys.filter((key) => !cache.has(key)))];
      if (missing.length > 0) {
        const textByKey = new Map(keys.map((key, i) => [key, texts[i] ?? '']));
        const vectors = await client.embed(
          missing.map((key) => textByKey.get(key) ?? ''),
          options,
        );
        const lines = missing.map((key, i) => {
          const vector = vectors[i] ?? new Float32Array();
          cache.set(key, vector);
          return JSON.stringify([
            key,
            Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64'),
          ]);
        });
        appendFileSync(file, `${lines.join('\n')}\n`);
      }
      return keys.map((key) => cache.get(key) ?? new Float32Array());
    },
  };
}
