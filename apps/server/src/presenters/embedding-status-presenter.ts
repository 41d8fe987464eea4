import type { EmbeddingStatusResponse } from '@samvad/contracts/admin-documents';
import type { BackgroundEmbedder } from '../retrieval/background-embedder.ts';

export function presentEmbeddingStatus(
  embedder: BackgroundEmbedder | null,
  chunks: { total: number; embedded: number },
): EmbeddingStatusResponse {
  if (!embedder) {
    return {
      source: 'off',
      model: null,
      state: 'off',
      message: null,
      chunks,
      run: { running: false, done: 0, total: 0, error: null },
    };
  }
  const run = embedder.run();
  const { source } = embedder;
  if (source.kind === 'endpoint') {
    return {
      source: 'endpoint',
      model: embedder.client.model,
      state: 'ready',
      message: null,
      chunks,
      run,
    };
  }
  const status = source.status();
  const state = status.state === 'idle' ? 'loading' : status.state;
  const message =
    status.state === 'failed' ? status.message : status.state === 'loading' ? status.message : null;
  return { source: 'local', model: embedder.client.model, state, message, chunks, run };
}
