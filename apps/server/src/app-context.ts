import type { Persona } from '@samvad/contracts/persona';
import type { Config } from './config/env.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { StorageGuard } from './http/storage-guard.ts';
import type { AppMetrics } from './metrics/app-metrics.ts';
import type { BackgroundEmbedder } from './retrieval/background-embedder.ts';
import type { EmbeddingClient } from './retrieval/embedding-client.ts';
import type { KnowledgeIndex } from './retrieval/knowledge-index.ts';
import type { OidcService } from './services/oidc-service.ts';
import type { FileStore } from './storage/file-store.ts';

/** What routes are built from: read once at start, passed down, never imported globally. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  persona: Persona;
  /** The time, injectable so tests can move it (session expiry, bans, throttles). */
  clock: () => Date;
  oidc: OidcService;
  knowledge: {
    index: KnowledgeIndex;
    files: FileStore;
    embeddings: EmbeddingClient | null;
    /** Embeds what has no vector yet, in the background; null without embeddings. */
    embedder: BackgroundEmbedder | null;
    /** Stops the embedder and the model's worker. */
    close(): Promise<void>;
  };
  /** This app's metrics, made by buildApp: each app counts only its own requests. */
  metrics: AppMetrics;
  /** Whether the database's disk has room for writes (made by buildApp, from the database). */
  storage: StorageGuard;
};

/** What buildApp is given: everything but the metrics and the storage guard, the app's own. */
export type AppSetup = Omit<AppContext, 'metrics' | 'storage'>;
