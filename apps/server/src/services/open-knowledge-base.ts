import { mkdir } from 'node:fs/promises';
import type { AppContext } from '../app-context.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/database.ts';
import { FileStore } from '../storage/file-store.ts';
import { KnowledgeIndex } from './knowledge-index.ts';

/** The file store and the in-memory index, built from the database. */
export async function openKnowledgeBase(
  config: Config,
  db: Database,
): Promise<AppContext['knowledge']> {
  await mkdir(config.knowledge.filesDir, { recursive: true });
  const index = new KnowledgeIndex(db);
  await index.load();
  return { files: new FileStore(config.knowledge.filesDir), index };
}
