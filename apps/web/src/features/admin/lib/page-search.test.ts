import { describe, expect, it } from 'vitest';
import { pageSearch } from './page-search.ts';

describe('pageSearch', () => {
  it('keeps the filters that are set, then the page', () => {
    expect(pageSearch({ page: 2, pageSize: 20 }, { query: 'a b&c', userId: '' })).toBe(
      'query=a+b%26c&page=2&pageSize=20',
    );
    expect(pageSearch({ page: 1, pageSize: 50 }, {})).toBe('page=1&pageSize=50');
  });
});
