import { describe, expect, it } from 'vitest';
import { chooseLoadDatabase } from './load-database.ts';

const url = 'postgres://postgres@127.0.0.1:5432/postgres';

describe('the load test database', () => {
  it('is PGlite by default, when no PostgreSQL server is named', () => {
    expect(chooseLoadDatabase('auto', {})).toEqual({ kind: 'pglite' });
    expect(chooseLoadDatabase('pglite', { TEST_DATABASE_URL: url })).toEqual({ kind: 'pglite' });
  });

  it('is PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server', () => {
    expect(chooseLoadDatabase('auto', { TEST_DATABASE_URL: url })).toEqual({
      kind: 'postgres',
      serverUrl: url,
      source: 'TEST_DATABASE_URL',
    });
    expect(
      chooseLoadDatabase('auto', { BENCH_DATABASE_URL: `${url}?b`, TEST_DATABASE_URL: url }),
    ).toMatchObject({ serverUrl: `${url}?b`, source: 'BENCH_DATABASE_URL' });
  });

  it('refuses --database postgres without a server, and an unknown choice', () => {
    expect(chooseLoadDatabase('postgres', {})).toEqual({
      error: '--database postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL',
    });
    expect(chooseLoadDatabase('mysql', {})).toHaveProperty('error');
  });
});
