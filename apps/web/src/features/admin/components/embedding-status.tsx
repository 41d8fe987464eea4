import type { EmbeddingStatusResponse } from '@samvad/contracts/admin-documents';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useEmbeddingStatus } from '../api/get-embedding-status.ts';

const SOURCE_LABEL: Record<EmbeddingStatusResponse['source'], string> = {
  local: 'multilingual-e5-small, in this server',
  endpoint: 'an embedding endpoint',
  off: 'off',
};

function summary(status: EmbeddingStatusResponse): string {
  const { state, chunks, message } = status;
  if (state === 'off')
    return 'Answers match words only (BM25). Set EMBEDDINGS=local or an endpoint to search by meaning.';
  if (state === 'failed')
    return `Unavailable: ${message ?? 'unknown reason'}. Answers use word matching (BM25) meanwhile.`;
  if (state === 'loading') return message ? `Loading: ${message}` : 'Loading the model…';
  if (chunks.total === 0) return 'Ready. Documents are embedded as they are added.';
  if (chunks.embedded >= chunks.total)
    return `Ready. All ${chunks.total.toLocaleString()} passages are searchable by meaning.`;
  return `Embedding: ${chunks.embedded.toLocaleString()} of ${chunks.total.toLocaleString()} passages. Passages not embedded yet are still found by their words.`;
}

/**
 * Dense retrieval's state in the Knowledge Base tab (issue 28): which model, whether it is
 * loading (with the fetch's progress line) or unavailable (and why), and how much of the
 * knowledge base has its vectors, as a progress bar while a run goes on.
 */
export function EmbeddingStatus() {
  const status = useEmbeddingStatus();
  const titleId = useId();
  const data = status.data;
  if (!data) return null;
  const { embedded, total } = data.chunks;
  const percent = total === 0 ? 100 : Math.floor((embedded / total) * 100);
  const showBar = data.state === 'ready' && total > 0 && embedded < total;
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-2 rounded-2xl border border-border p-4 sm:p-5"
    >
      <div className="flex items-center gap-2">
        <Sparkles aria-hidden className="size-4 text-primary" />
        <h2 id={titleId} className="text-sm font-semibold">
          Search by meaning
        </h2>
        <span className="text-xs text-muted-foreground">({SOURCE_LABEL[data.source]})</span>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="embedding-status" role="status">
        {summary(data)}
      </p>
      {showBar ? (
        <div
          role="progressbar"
          aria-label="Passages embedded"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={embedded}
          aria-valuetext={`${embedded} of ${total} passages (${percent} %)`}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
    </section>
  );
}
