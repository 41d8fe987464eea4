import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../app-context.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/database.ts';
import { createEmbeddingClient, type EmbeddingClient } from '../retrieval/embedding-client.ts';
import { FileStore } from '../storage/file-store.ts';
import type { SnapshotEvent } from './index-snapshot-keeper.ts';
import { KnowledgeIndex } from './knowledge-index.ts';
import { KnowledgeSnapshotFile } from './knowledge-snapshot.ts';

/** The file store and the in-memory index, built from the database. */
export async function openKnowledgeBase(
  config: Config,
  db: Database,
  onDenseError: (error: unknown) => void = () => {},
  onSnapshotEvent: (event: SnapshotEvent) => void = () => {},
): Promise<AppContext['knowledge']> {
  await mkdir(config.knowledge.filesDir, { recursive: true });
  const embeddings = createConfiguredEmbeddingClient(config);
  const { snapshotFile } = config.knowledge;
  if (snapshotFile) await mkdir(path.dirname(snapshotFile), { recursive: true });
  const index = new KnowledgeIndex(db, {
    embeddings,
    onDenseError,
    snapshot: snapshotFile
      ? { file: new KnowledgeSnapshotFile(snapshotFile), onEvent: onSnapshotEvent }
      : null,
  });
  await index.load();
  return { files: new FileStore(config.knowledge.filesDir), index, embeddings };
}

/**
 * The embedding client when EMBEDDING_BASE_URL and EMBEDDING_MODEL are set; else null. It tells
 * queries from passages as EMBEDDING_INPUT_STYLE says (`embed(texts, { kind: 'query' })`).
 */
export function createConfiguredEmbeddingClient(config: Config): EmbeddingClient | null {
  const settings = config.knowledge.embeddings;
  if (!settings) return null;
  return createEmbeddingClient({
    baseUrl: settings.baseUrl,
    model: settings.model,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    inputStyle: settings.inputStyle,
    queryPrefix: settings.queryPrefix,
    passagePrefix: settings.passagePrefix,
    batchSize: settings.batchSize,
  });
}
