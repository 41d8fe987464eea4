import type { UploadResultStatus } from '@samvad/contracts/admin-documents';
import { LoaderCircle, X } from 'lucide-react';
import { cn } from '../../../shared/lib/cn.ts';
import { Badge } from '../../../shared/ui/badge.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import type { UploadRow } from '../api/upload-documents.ts';

const STATUS_LABELS: Record<UploadResultStatus, string> = {
  ingested: 'Ingested',
  replaced: 'Replaced',
  skipped: 'Skipped',
  failed: 'Failed',
};

const STATUS_BADGES = {
  ingested: 'primary',
  replaced: 'primary',
  skipped: 'outline',
  failed: 'destructive',
} as const satisfies Record<UploadResultStatus, string>;

const PHASE_LABELS: Record<Exclude<UploadRow['phase'], 'finished'>, string> = {
  sending: 'Uploading',
  queued: 'Waiting',
  reading: 'Reading',
};

/** "1.2 MB", "340 KB", "12 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Each file of the last upload: a progress bar while it is read, then what became of it. */
export function KnowledgeBaseProgress({
  rows,
  onClear,
}: {
  rows: readonly UploadRow[];
  /** Absent while the upload runs. */
  onClear?: (() => void) | undefined;
}) {
  return (
    // min-w-0 down the chain of grid items: a long file name must truncate, not widen the page.
    <div className="grid min-w-0 gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Upload progress</h3>
        {onClear && (
          <Button variant="ghost" className="h-8 px-2.5 text-xs" onClick={onClear}>
            <X aria-hidden />
            Clear
          </Button>
        )}
      </div>
      <ul aria-label="Upload progress" className="grid min-w-0 gap-2">
        {rows.map((row) => (
          <ProgressRow key={row.key} row={row} />
        ))}
      </ul>
    </div>
  );
}

function ProgressRow({ row }: { row: UploadRow }) {
  const percent = percentOf(row);
  const text = progressText(row);
  const { result } = row;
  return (
    <li className="grid min-w-0 gap-2 rounded-xl border border-border bg-card px-3.5 py-3">
      <div className="flex min-w-0 items-center justify-between gap-3">
        <span className="min-w-0 truncate text-sm font-medium" title={row.file}>
          {row.file}
        </span>
        {result ? (
          <Badge variant={STATUS_BADGES[result.status]}>{STATUS_LABELS[result.status]}</Badge>
        ) : (
          <Badge variant="neutral">
            <LoaderCircle aria-hidden className="animate-spin" />
            {PHASE_LABELS[row.phase === 'finished' ? 'reading' : row.phase]}
          </Badge>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={`${row.file}: progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-300',
            result?.status === 'failed' ? 'bg-destructive' : 'bg-primary',
            percent === null && 'w-1/3 animate-pulse',
          )}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p
        className={cn(
          'text-xs leading-relaxed break-words',
          result?.status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
        )}
      >
        {text}
      </p>
      {result && result.warnings.length > 0 && (
        <ul className="grid min-w-0 list-disc gap-0.5 pl-5 text-xs leading-relaxed break-words text-muted-foreground">
          {result.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Reading pages fills most of the bar; chunking and saving the last part. Null: no measure yet. */
function percentOf(row: UploadRow): number | null {
  if (row.phase === 'finished') return 100;
  if (row.phase !== 'reading') return null;
  if (row.chunksDone > 0) return 95;
  if (row.pageCount) return Math.round((row.pagesDone / row.pageCount) * 90);
  return null;
}

function progressText(row: UploadRow): string {
  switch (row.phase) {
    case 'finished':
      return row.result?.message ?? '';
    case 'sending':
      return `Uploading ${formatBytes(row.bytes)}…`;
    case 'queued':
      return 'Waiting for the files before it…';
    case 'reading': {
      const chunks = `${row.chunksDone} ${row.chunksDone === 1 ? 'chunk' : 'chunks'}`;
      if (row.chunksDone > 0) {
        return row.pageCount ? `${row.pageCount} pages · ${chunks}, saving…` : `${chunks}, saving…`;
      }
      if (row.pageCount) {
        return `Reading page ${Math.min(row.pagesDone + 1, row.pageCount)} of ${row.pageCount}`;
      }
      return 'Reading…';
    }
  }
}
