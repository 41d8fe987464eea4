import { ArrowDownWideNarrow, ArrowUpDown, ArrowUpNarrowWide } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

type SortableHeaderProps = {
  children: ReactNode;
  /** The column's current order; undefined when the table is sorted by another column. */
  direction: 'ascending' | 'descending' | undefined;
  onSort(): void;
  className?: string;
};

// Sorting icons the chat does not use: an icon shared with the chat's first load would be split
// into a chunk of its own, adding a request to /chat.

/**
 * A column header that sorts its table: the header's button changes the order, and `aria-sort`
 * tells screen readers which column the rows follow and which way.
 */
export function SortableHeader({ children, direction, onSort, className }: SortableHeaderProps) {
  const Icon =
    direction === 'ascending'
      ? ArrowUpNarrowWide
      : direction === 'descending'
        ? ArrowDownWideNarrow
        : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={direction}
      className={cn('px-3 py-2 text-left align-bottom', className)}
    >
      <button
        type="button"
        onClick={onSort}
        className="-mx-1.5 inline-flex cursor-pointer items-center gap-1 rounded-md px-1.5 py-1 text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase hover:bg-secondary hover:text-foreground"
      >
        {children}
        <Icon aria-hidden className={cn('size-3.5 shrink-0', !direction && 'opacity-60')} />
      </button>
    </th>
  );
}
