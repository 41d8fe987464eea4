/**
 * Keeps every chunk embedded for the configured model, in the background: at start it embeds
 * what has no vector yet (a knowledge base ingested before vectors were on, or a run that was
 * stopped), and again whenever it is nudged (an upload). Batches are saved as they come, so a
 * stopped run resumes; a document rejoins the index with its vectors once all its chunks have
 * one (embedding-service.ts). Search goes on meanwhile, with BM25 for what is not embedded yet.
 */
import type { Database } from '../db/database.ts';
import { countChunksWithoutEmbedding } from '../repositories/embedding-repository.ts';
import type { LocalModelState } from './e5/local-e5-client.ts';
import type { EmbeddingClient } from './embedding-client.ts';
import { embedKnowledgeBase } from './embedding-service.ts';

export type EmbeddingRun = {
  running: boolean;
  /** Chunks embedded by the current (or last) run, of those it found missing. */
  done: number;
  total: number;
  /** Why the last run stopped early; null when it finished. */
  error: string | null;
};

export type EmbeddingSource =
  | { kind: 'local'; status: () => LocalModelState }
  | { kind: 'endpoint'; baseUrl: string };

export class BackgroundEmbedder {
  readonly client: EmbeddingClient;
  readonly source: EmbeddingSource;
  private readonly db: Database;
  private readonly onError: (error: unknown) => void;
  private current: EmbeddingRun = { running: false, done: 0, total: 0, error: null };
  private again = false;
  private runPromise: Promise<void> | null = null;
  private readonly abort = new AbortController();

  constructor(
    db: Database,
    client: EmbeddingClient,
    source: EmbeddingSource,
    onError: (error: unknown) => void,
  ) {
    this.db = db;
    this.client = client;
    this.source = source;
    this.onError = onError;
  }

  run(): EmbeddingRun {
    return { ...this.current };
  }

  /** Starts a run, or has the running one look again when it ends. */
  nudge(): void {
    if (this.runPromise) {
      this.again = true;
      return;
    }
    this.runPromise = this.loop().finally(() => {
      this.runPromise = null;
    });
  }

  /** Resolves when no run is going (for tests and the CLI). */
  async settled(): Promise<void> {
    while (this.runPromise) await this.runPromise;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.runPromise?.catch(() => {});
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      this.current = { running: true, done: 0, total: 0, error: null };
      try {
        // An endpoint is asked nothing when nothing is missing (every start of an embedded
        // knowledge base nudges this). The in-process model is asked still: that first request
        // is what fetches or loads its weights, or finds them missing and says so in the tab.
        if (
          this.source.kind === 'endpoint' &&
          (await countChunksWithoutEmbedding(this.db, this.client.model)) === 0
        ) {
          this.current = { ...this.current, running: false };
          continue;
        }
        await embedKnowledgeBase(this.db, this.client, {
          signal: this.abort.signal,
          onProgress: ({ done, total }) => {
            this.current = { running: true, done, total, error: null };
          },
        });
        this.current = { ...this.current, running: false };
      } catch (error) {
        this.current = {
          ...this.current,
          running: false,
          error: error instanceof Error ? error.message : String(error),
        };
        if (!this.abort.signal.aborted) this.onError(error);
        return;
      }
    } while (this.again && !this.abort.signal.aborted);
  }
}
