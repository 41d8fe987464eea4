import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../app-context.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/database.ts';
import { FileStore } from '../storage/file-store.ts';
import { BackgroundEmbedder, type EmbeddingSource } from './background-embedder.ts';
import { LocalE5Client, type LocalModelState } from './e5/local-e5-client.ts';
import { weightsPath } from './e5/model-files.ts';
import { createEmbeddingClient, type EmbeddingClient } from './embedding-client.ts';
import type { SnapshotEvent } from './index-snapshot-keeper.ts';
import { KnowledgeIndex } from './knowledge-index.ts';
import { KnowledgeSnapshotFile } from './knowledge-snapshot.ts';

export type KnowledgeEvents = {
  onDenseError?: (error: unknown) => void;
  onSnapshotEvent?: (event: SnapshotEvent) => void;
  /** The in-process model's progress lines and outcome. */
  onModelStatus?: (status: LocalModelState) => void;
  /** A background embedding run that stopped early. */
  onEmbeddingError?: (error: unknown) => void;
};

/**
 * The file store, the in-memory index built from the database, and the embedding model with
 * its background embedder. The in-process model loads beside the index; when its weights are
 * already here the knowledge base is returned only once it is ready (so every answer after
 * start-up uses it), else BM25 answers until they are fetched. A caller that opened the model
 * earlier (start-server.ts: before the database, so the two load at once) passes it in.
 */
export async function openKnowledgeBase(
  config: Config,
  db: Database,
  events: KnowledgeEvents = {},
  opened?: { model: EmbeddingModel | null; ready: Promise<void> | null },
): Promise<AppContext['knowledge']> {
  await mkdir(config.knowledge.filesDir, { recursive: true });
  const { model, ready: modelReady } = opened ?? startEmbeddingModel(config, events.onModelStatus);
  const embeddings = model?.client ?? null;
  const { snapshotFile } = config.knowledge;
  if (snapshotFile) await mkdir(path.dirname(snapshotFile), { recursive: true });
  const index = new KnowledgeIndex(db, {
    embeddings,
    onDenseError: events.onDenseError ?? (() => {}),
    snapshot: snapshotFile
      ? {
          file: new KnowledgeSnapshotFile(snapshotFile),
          onEvent: events.onSnapshotEvent ?? (() => {}),
        }
      : null,
  });
  await index.load();
  await modelReady;
  const embedder = model
    ? new BackgroundEmbedder(db, model.client, model.source, events.onEmbeddingError ?? (() => {}))
    : null;
  return {
    files: new FileStore(config.knowledge.filesDir),
    index,
    embeddings,
    embedder,
    close: async () => {
      await embedder?.stop();
      await model?.close();
    },
  };
}

export type EmbeddingModel = {
  client: EmbeddingClient;
  source: EmbeddingSource;
  /** The in-process model, when it is the one configured. */
  local: { client: LocalE5Client; modelsDir: string } | null;
  close(): Promise<void>;
};

/**
 * The configured model, its load started when its weights are already here (a fetch is not
 * waited for); `ready` settles when it has loaded or failed.
 */
export function startEmbeddingModel(
  config: Config,
  onModelStatus?: (status: LocalModelState) => void,
): { model: EmbeddingModel | null; ready: Promise<void> | null } {
  const model = openEmbeddingModel(config, onModelStatus);
  const ready =
    model?.local && existsSync(weightsPath(model.local.modelsDir))
      ? model.local.client.start().catch(() => {})
      : null;
  return { model, ready };
}

/** The configured embedding model (in-process by default, or an endpoint), or null: BM25 only. */
export function openEmbeddingModel(
  config: Config,
  onModelStatus?: (status: LocalModelState) => void,
): EmbeddingModel | null {
  const settings = config.knowledge.embeddings;
  if (!settings) return null;
  if (settings.kind === 'endpoint') {
    const client = createConfiguredEmbeddingClient(config) as EmbeddingClient;
    return {
      client,
      source: { kind: 'endpoint', baseUrl: settings.baseUrl },
      local: null,
      close: async () => {},
    };
  }
  const { modelsDir, fetch, threads } = settings;
  const client = new LocalE5Client({
    modelsDir,
    fetch,
    threads,
    ...(onModelStatus ? { onStatus: onModelStatus } : {}),
  });
  return {
    client,
    source: { kind: 'local', status: () => client.status() },
    local: { client, modelsDir },
    close: () => client.close(),
  };
}

/**
 * The endpoint's client when EMBEDDING_BASE_URL and EMBEDDING_MODEL are set; else null. It tells
 * queries from passages as EMBEDDING_INPUT_STYLE says (`embed(texts, { kind: 'query' })`).
 */
export function createConfiguredEmbeddingClient(config: Config): EmbeddingClient | null {
  const settings = config.knowledge.embeddings;
  if (settings?.kind !== 'endpoint') return null;
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
