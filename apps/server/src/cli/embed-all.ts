// `npm run ingest -- --embed [--reembed]`: the vectors of every chunk, resumably.
import type { DatabaseHandle } from '../db/database.ts';
import { EmbeddingDimensionError } from '../repositories/embedding-repository.ts';
import { type EmbeddingClient, EmbeddingError } from '../retrieval/embedding-client.ts';
import { embedKnowledgeBase, embedPendingDocuments } from '../retrieval/embedding-service.ts';
import { embeddingProgress, formatSeconds } from './embedding-progress.ts';

/** Exit statuses (documented in the usage above and in the README's "Add documents"). */
export const EXIT = { ok: 0, nothingDone: 1, someFailed: 2, interrupted: 130 } as const;

/** `--embed`: every chunk without a vector for the configured model, resumably. */
export async function embedAll(
  database: DatabaseHandle,
  client: EmbeddingClient,
  reembed: boolean,
  interactive: boolean,
): Promise<number> {
  const controller = new AbortController();
  const interrupt = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', interrupt);
  const reporter = embeddingProgress({ label: `embedding (${client.model})`, interactive });
  const started = performance.now();
  let done = 0;
  let total = 0;
  try {
    const result = await embedKnowledgeBase(database.db, client, {
      reembed,
      signal: controller.signal,
      onProgress: (progress) => {
        ({ done, total } = progress);
        reporter.onProgress(progress);
      },
    });
    reporter.stop();
    // Documents whose embedding an earlier run left unfinished but have every vector now.
    await embedPendingDocuments(database.db, client);
    const seconds = (performance.now() - started) / 1000;
    if (reembed) {
      console.log(
        `Deleted earlier vectors of ${result.deleted.documents} documents (re-embedding with ${client.model}).`,
      );
    }
    console.log(
      result.chunks === 0
        ? `Every chunk already has a ${result.dimensions}-dimensional vector from ${client.model}.`
        : `Embedded ${result.chunks} chunks (${result.dimensions} dimensions, ${client.model}) in ` +
            `${formatSeconds(seconds)}; ${result.documents} documents complete. Running servers ` +
            'reload their vectors within seconds (KNOWLEDGE_SYNC_INTERVAL_MS).',
    );
    return EXIT.ok;
  } catch (error) {
    reporter.stop();
    if (controller.signal.aborted) {
      console.error(
        `\nInterrupted after ${done} of ${total} chunks; every saved batch is kept: run the same command to resume.`,
      );
      return EXIT.interrupted;
    }
    if (error instanceof EmbeddingDimensionError) {
      console.error(`samvad: ${error.message}`);
      return EXIT.nothingDone;
    }
    if (error instanceof EmbeddingError) {
      console.error(
        `samvad: ${error.message}\n${done} of ${total} chunks were embedded and saved; run the same command again to resume.`,
      );
      return EXIT.nothingDone;
    }
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
  }
}
