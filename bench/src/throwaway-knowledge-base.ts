import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectFiles } from '@samvad/server/cli/collect-files.ts';
import type { DatabaseHandle } from '@samvad/server/db/database.ts';
import { openPglite } from '@samvad/server/db/open-pglite.ts';
import type { EmbeddingClient } from '@samvad/server/retrieval/embedding-client.ts';
import { embedDocument } from '@samvad/server/retrieval/embedding-service.ts';
import { KnowledgeIndex } from '@samvad/server/retrieval/knowledge-index.ts';
import type { RankingOptions } from '@samvad/server/retrieval/passage.ts';
import {
  type IngestionDeps,
  type IngestOutcome,
  ingestFile,
} from '@samvad/server/services/ingestion-service.ts';
import { FileStore } from '@samvad/server/storage/file-store.ts';

export type KnowledgeBaseOptions = {
  embeddings?: EmbeddingClient | null;
  ranking?: RankingOptions;
};

export type IngestRecord = { file: string; outcome: IngestOutcome; seconds: number };

/**
 * A knowledge base that exists only for one evaluation or benchmark run: an in-memory
 * embedded database and a temporary file store, ingested through the real pipeline.
 */
export class ThrowawayKnowledgeBase {
  readonly database: DatabaseHandle;
  readonly deps: IngestionDeps;
  readonly index: KnowledgeIndex;
  private readonly filesDir: string;

  readonly embeddings: EmbeddingClient | null;

  private constructor(database: DatabaseHandle, filesDir: string, options: KnowledgeBaseOptions) {
    this.database = database;
    this.filesDir = filesDir;
    this.embeddings = options.embeddings ?? null;
    const embeddings = this.embeddings;
    this.deps = {
      db: database.db,
      files: new FileStore(filesDir),
      maxFileBytes: 100 * 1024 * 1024,
      embedChunks: embeddings ? (id) => embedDocument(database.db, embeddings, id) : null,
    };
    this.index = new KnowledgeIndex(database.db, {
      embeddings,
      onDenseError: (error) => {
        throw error;
      },
      ...(options.ranking ? { ranking: options.ranking } : {}),
    });
  }

  /** With `embeddings`, chunks are embedded at ingestion and searches are hybrid. */
  static async create(options: KnowledgeBaseOptions = {}): Promise<ThrowawayKnowledgeBase> {
    const database = await openPglite(null);
    await database.migrate();
    return new ThrowawayKnowledgeBase(
      database,
      mkdtempSync(path.join(tmpdir(), 'samvad-eval-')),
      options,
    );
  }

  /** Ingests files and folders; `exclude` names files that describe a corpus but are not part of it. */
  async ingest(
    targets: string[],
    exclude: ReadonlySet<string> = new Set(),
  ): Promise<IngestRecord[]> {
    const records: IngestRecord[] = [];
    for (const file of await collectFiles(targets)) {
      if (exclude.has(path.basename(file))) continue;
      const bytes = new Uint8Array(readFileSync(file));
      const started = performance.now();
      const outcome = await ingestFile(this.deps, { fileName: path.basename(file), bytes });
      records.push({ file, outcome, seconds: (performance.now() - started) / 1000 });
    }
    await this.index.sync();
    return records;
  }

  async close(): Promise<void> {
    await this.database.close();
    rmSync(this.filesDir, { recursive: true, force: true });
  }
}
