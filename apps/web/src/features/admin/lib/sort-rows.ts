/** The values of `aria-sort`, used as the sort direction itself. */
export type SortDirection = 'ascending' | 'descending';

export interface SortState<Key extends string> {
  key: Key;
  direction: SortDirection;
}

/** What a column sorts by; null and undefined (no value) always go last. */
export type SortValue = string | number | boolean | null | undefined;

/**
 * Spec admin-community §2: a header click sorts ascending first; clicking the same header again
 * toggles the direction.
 */
export function nextSort<Key extends string>(
  current: SortState<Key> | null,
  key: Key,
): SortState<Key> {
  if (current?.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

// Text compares as people read it: case-insensitively, with "item 2" before "item 10".
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Ascending order of two values; missing values last. */
export function compareValues(a: SortValue, b: SortValue): number {
  const aMissing = a === null || a === undefined || a === '';
  const bMissing = b === null || b === undefined || b === '';
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return Number(a) - Number(b);
}

/** A sorted copy (stable: equal rows keep their order); missing values stay last either way. */
export function sortRows<Row>(
  rows: readonly Row[],
  sortValueOf: (row: Row) => SortValue,
  direction: SortDirection,
): Row[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: sortValueOf(row) }))
    .sort((a, b) => {
      const aMissing = a.value === null || a.value === undefined || a.value === '';
      const bMissing = b.value === null || b.value === undefined || b.value === '';
      const order =
        aMissing || bMissing
          ? compareValues(a.value, b.value)
          : sign * compareValues(a.value, b.value);
      return order || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** A time for sorting: ISO strings compare as instants, missing ones are null. */
export function timeValue(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}
