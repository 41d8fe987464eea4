import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../shared/ui/button.tsx';

/** Previous / Next for a paged list; nothing when everything fits on one page. */
export function Pagination({
  label,
  page,
  pageSize,
  total,
  onPage,
}: {
  /** What is paged, for the navigation's name ("Users"). */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}) {
  if (total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  return (
    <nav
      aria-label={`${label} pages`}
      className="flex flex-wrap items-center justify-between gap-3 pt-1 text-sm"
    >
      <p className="text-muted-foreground">
        Page {page} of {pages} · {total} in all
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          className="h-9"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button
          variant="outline"
          className="h-9"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
