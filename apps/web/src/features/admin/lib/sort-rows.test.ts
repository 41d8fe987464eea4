import { describe, expect, it } from 'vitest';
import { compareValues, nextSort, sortRows, timeValue } from './sort-rows.ts';

describe('nextSort', () => {
  it('sorts a new column ascending first, then toggles', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ key: 'name', direction: 'ascending' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSort(second, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });

  it('starts ascending again on another column', () => {
    expect(nextSort({ key: 'name', direction: 'descending' }, 'email')).toEqual({
      key: 'email',
      direction: 'ascending',
    });
  });
});

describe('compareValues', () => {
  it('compares text case-insensitively and numerically within', () => {
    expect(compareValues('apple', 'Banana')).toBeLessThan(0);
    expect(compareValues('item 2', 'item 10')).toBeLessThan(0);
    expect(compareValues('Asha', 'asha')).toBe(0);
  });

  it('compares numbers and booleans by value', () => {
    expect(compareValues(2, 10)).toBeLessThan(0);
    expect(compareValues(-1, 0)).toBeLessThan(0);
    expect(compareValues(false, true)).toBeLessThan(0);
  });
});

describe('sortRows', () => {
  const rows = [
    { id: 'a', name: 'Meera' },
    { id: 'b', name: null },
    { id: 'c', name: 'asha' },
    { id: 'd', name: 'Zoya' },
    { id: 'e', name: 'Asha' },
  ];
  const ids = (list: typeof rows) => list.map((row) => row.id).join('');

  it('sorts ascending and descending, keeping equal rows in order and missing values last', () => {
    expect(ids(sortRows(rows, (row) => row.name, 'ascending'))).toBe('ceadb');
    expect(ids(sortRows(rows, (row) => row.name, 'descending'))).toBe('daceb');
  });

  it('does not change the input', () => {
    sortRows(rows, (row) => row.name, 'descending');
    expect(ids(rows)).toBe('abcde');
  });
});

describe('timeValue', () => {
  it('reads ISO times as instants and missing or invalid ones as null', () => {
    expect(timeValue('2026-01-02T00:00:00.000Z')).toBe(Date.UTC(2026, 0, 2));
    expect(timeValue(null)).toBeNull();
    expect(timeValue('soon')).toBeNull();
  });
});
