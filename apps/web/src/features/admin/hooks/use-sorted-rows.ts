import { useState } from 'react';
import { nextSort, type SortState, type SortValue, sortRows } from '../lib/sort-rows.ts';

/**
 * One table's sorting (spec admin-community §2: a header click sorts ascending, the next click
 * toggles). `columns` says what each sortable column sorts by; `headerProps(key)` is what a
 * SortableHeader needs. Sorts the rows on screen (a page of at most 100), so no memo.
 */
export function useSortedRows<Row, Key extends string>(
  rows: readonly Row[] | undefined,
  columns: Record<Key, (row: Row) => SortValue>,
) {
  const [sort, setSort] = useState<SortState<Key> | null>(null);
  const list = rows ?? [];
  const sorted = sort ? sortRows(list, columns[sort.key], sort.direction) : [...list];
  const headerProps = (key: Key) => ({
    direction: sort?.key === key ? sort.direction : undefined,
    onSort: () => setSort((current) => nextSort(current, key)),
  });
  return { rows: sorted, sort, headerProps };
}
