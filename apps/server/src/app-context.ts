import type { Persona } from '@samvad/contracts/persona';
import type { Config } from './config/env.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { EmbeddingClient } from './retrieval/embedding-client.ts';
import type { KnowledgeIndex } from './services/knowledge-index.ts';
import type { FileStore } from './storage/file-store.ts';

/** What routes are built from: read once at start, passed down, never imported globally. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  persona: Persona;
  knowledge: { index: KnowledgeIndex; files: FileStore; embeddings: EmbeddingClient | null };
};
