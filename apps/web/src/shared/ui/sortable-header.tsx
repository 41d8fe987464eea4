import { ArrowDownWideNarrow, ArrowUpDown, ArrowUpNarrowWide } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

type SortableHeaderProps = {
  children: ReactNode;
  /** The column's current order; undefined when the table is sorted by another column. */
  direction: 'ascending' | 'descending' | undefined;
  onSort(): void;
  className?: string;
  /**
   * The label may break between its words (the icon stays beside the last): a wide table's
   * headers take two short lines rather than one long one, so it fits its card.
   */
  wrap?: boolean;
};

// Sorting icons the chat does not use: an icon shared with the chat's first load would be split
// into a chunk of its own, adding a request to /chat.

/**
 * A column header that sorts its table: the header's button changes the order, and `aria-sort`
 * tells screen readers which column the rows follow and which way.
 */
export function SortableHeader({
  children,
  direction,
  onSort,
  className,
  wrap = false,
}: SortableHeaderProps) {
  const Icon =
    direction === 'ascending'
      ? ArrowUpNarrowWide
      : direction === 'descending'
        ? ArrowDownWideNarrow
        : ArrowUpDown;
  const icon = <Icon aria-hidden className={cn('size-3.5 shrink-0', !direction && 'opacity-60')} />;
  // Wrapping: the icon rides on the label's last word (never a line of its own), so a column is
  // as narrow as its longest word, or its last word and the icon.
  const label =
    wrap && typeof children === 'string' ? (
      <LastWordWith label={children}>{icon}</LastWordWith>
    ) : (
      <>
        {children}
        {icon}
      </>
    );
  return (
    <th
      scope="col"
      aria-sort={direction}
      className={cn('px-3 py-2 text-left align-bottom', className)}
    >
      <button
        type="button"
        onClick={onSort}
        className={cn(
          '-mx-1.5 cursor-pointer rounded-md px-1.5 py-1 text-xs font-semibold text-muted-foreground uppercase hover:bg-secondary hover:text-foreground',
          wrap
            ? 'inline-block text-left tracking-normal'
            : 'inline-flex items-center gap-1 tracking-wide whitespace-nowrap',
        )}
      >
        {label}
      </button>
    </th>
  );
}

function LastWordWith({ label, children }: { label: string; children: ReactNode }) {
  const cut = label.lastIndexOf(' ') + 1;
  return (
    <>
      {label.slice(0, cut)}
      <span className="inline-flex items-center gap-1 whitespace-nowrap">
        {label.slice(cut)}
        {children}
      </span>
    </>
  );
}
