import type { EmbeddingStatusResponse } from '@samvad/contracts/admin-documents';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { Badge } from '../../../shared/ui/badge.tsx';
import { Card } from '../../../shared/ui/card.tsx';
import { useEmbeddingStatus } from '../api/get-embedding-status.ts';

function sourceLine(status: EmbeddingStatusResponse): string {
  if (status.source === 'local') return 'multilingual-e5-small, running in this server.';
  if (status.source === 'endpoint')
    return `${status.model ?? 'A model'}, through an embedding endpoint.`;
  return 'No embedding model is configured.';
}

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

type Phase = 'off' | 'loading' | 'failed' | 'embedding' | 'stopped' | 'ready';

function phaseOf(status: EmbeddingStatusResponse): Phase {
  if (status.state !== 'ready') return status.state;
  const { embedded, total } = status.chunks;
  if (embedded >= total) return 'ready';
  return !status.run.running && status.run.error ? 'stopped' : 'embedding';
}

const BADGES = {
  off: { label: 'Off', variant: 'outline' },
  loading: { label: 'Loading', variant: 'neutral' },
  failed: { label: 'Unavailable', variant: 'destructive' },
  embedding: { label: 'Embedding', variant: 'neutral' },
  stopped: { label: 'Stopped', variant: 'destructive' },
  ready: { label: 'Ready', variant: 'primary' },
} as const satisfies Record<Phase, { label: string; variant: string }>;

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
  const phase = phaseOf(data);
  const badge = BADGES[phase];
  const busy = phase === 'loading' || phase === 'embedding';
  const showBar = phase === 'embedding' || phase === 'stopped';
  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <Card className="grid min-w-0 gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h2 id={titleId} className="font-serif text-xl font-medium tracking-tight">
              Search by meaning
            </h2>
            <p className="text-sm leading-relaxed text-muted-foreground">{sourceLine(data)}</p>
          </div>
          <Badge variant={badge.variant} data-testid="embedding-state">
            {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
            {badge.label}
          </Badge>
        </div>
        {/* A reason may hold a long path: it wraps anywhere rather than widening a phone's page. */}
        <p
          className="text-sm leading-relaxed [overflow-wrap:anywhere]"
          data-testid="embedding-status"
          role="status"
        >
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
              className={cn(
                'h-full rounded-full transition-[width] duration-500',
                phase === 'stopped' ? 'bg-destructive' : 'bg-primary',
              )}
              style={{ width: `${percent}%` }}
            />
          </div>
        ) : null}
        {phase === 'stopped' ? (
          <p className="text-sm leading-relaxed text-destructive [overflow-wrap:anywhere]">
            Embedding stopped: {data.run.error}. It resumes at the next upload or server start.
          </p>
        ) : null}
      </Card>
    </section>
  );
}
