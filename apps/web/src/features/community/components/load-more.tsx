import { LoaderCircle } from 'lucide-react';
import { Button } from '../../../shared/ui/button.tsx';
import { useLoadOnView } from '../hooks/use-load-on-view.ts';

type LoadMoreProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): void;
  label?: string;
  /** Load as the end of the list scrolls into view (infinite scroll); the button stays either way. */
  auto?: boolean;
};

/**
 * The end of a paged list: pages load on their own as it comes into view, and a real button
 * does the same for keyboards, screen readers and browsers without IntersectionObserver.
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  label = 'Load more',
  auto = true,
}: LoadMoreProps) {
  const sentinel = useLoadOnView<HTMLDivElement>(
    fetchNextPage,
    auto && hasNextPage && !isFetchingNextPage,
  );
  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-2">
      <Button
        variant="outline"
        onClick={fetchNextPage}
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage}
      >
        {isFetchingNextPage && <LoaderCircle aria-hidden className="animate-spin" />}
        {isFetchingNextPage ? 'Loading…' : label}
      </Button>
    </div>
  );
}
