import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-statements.ts';
import { TableWriteClock } from './table-writes.ts';

let raw: PGlite;
let fast: PGlite;
const executed: string[] = [];

beforeAll(async () => {
  raw = await PGlite.create();
  await raw.exec(
    'create table notes (id int primary key, body text not null, at timestamptz, flag boolean, meta jsonb)',
  );
  const exec = raw.exec.bind(raw);
  raw.exec = ((query: string, options?: object) => {
    executed.push(query);
    return exec(query, options);
  }) as typeof raw.exec;
  fast = await withPreparedStatements(raw, new TableWriteClock());
});
afterAll(() => raw.close());

/** The same call through both clients: the answers must be equal. */
async function both(text: string, params: unknown[], options?: { rowMode: 'array' }) {
  const [a, b] = [await raw.query(text, params, options), await fast.query(text, params, options)];
  return { raw: a, fast: b };
}

describe('PGlite with prepared statements', () => {
  it('runs a parameterised query as PREPARE once, then EXECUTE with its values', async () => {
    executed.length = 0;
    await fast.query('select $1::text as a, $2::int as b', ['x', 2]);
    await fast.query('select $1::text as a, $2::int as b', ['y', 3]);
    const prepares = executed.filter((q) => q.startsWith('PREPARE'));
    expect(prepares).toHaveLength(1);
    expect(executed.filter((q) => q.startsWith('EXECUTE'))).toHaveLength(2);
  });

  it('reads back any text exactly as the extended protocol does: quotes and backslashes stay data', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => !s.includes('\u0000')),
        async (text) => {
          const { raw: a, fast: b } = await both('select $1::text as t, length($1) as n', [text]);
          expect(b.rows).toEqual(a.rows);
          expect(b.rows).toEqual([{ t: text, n: [...text].length }]);
        },
      ),
      { numRuns: 200 },
    );
    const hostile = "x'); drop table notes; --\\'";
    expect((await fast.query('select $1::text as t', [hostile])).rows).toEqual([{ t: hostile }]);
    expect((await raw.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 0 }]);
  });

  it('gives the same rows, fields and counts for numbers, booleans, dates, nulls and json', async () => {
    const at = new Date('2026-11-27T10:00:00.123Z');
    const insert =
      'insert into notes (id, body, at, flag, meta) values ($1, $2, $3, $4, $5) returning *';
    const a = await raw.query(insert, [1, 'one', at, true, '{"k":[1,2]}']);
    const b = await fast.query(insert, [2, 'one', at, true, '{"k":[1,2]}']);
    expect(b.rows).toEqual([{ ...(a.rows[0] as object), id: 2 }]);
    expect(b.fields).toEqual(a.fields);
    expect(b.affectedRows).toBe(a.affectedRows);
    const select = 'select * from notes where at = $1 and flag = $2 and id > $3 order by id';
    const found = await both(select, [at, true, 0], { rowMode: 'array' });
    expect(found.fast.rows).toEqual(found.raw.rows);
    expect(found.fast.rows).toHaveLength(2);
    const update = await both('update notes set body = $1 where id = $2 or $3::text is null', [
      'two',
      9,
      null,
    ]);
    expect(update.fast.affectedRows).toBe(update.raw.affectedRows);
    expect(update.fast.affectedRows).toBe(2);
  });

  it('fails as the extended protocol does, with the same SQLSTATE', async () => {
    const insert = 'insert into notes (id, body) values ($1, $2)';
    const errorOf = (client: PGlite) =>
      client.query(insert, [1, 'again']).then(
        () => null,
        (error: { code?: string }) => error.code,
      );
    expect(await errorOf(fast)).toBe('23505');
    expect(await errorOf(raw)).toBe('23505');
  });

  it('runs prepared statements inside transactions too, and rolls back as before', async () => {
    const insert = 'insert into notes (body, id) values ($2, $1)';
    const uses = async () => {
      const { rows } = await raw.query<{ n: number }>(
        'select (generic_plans + custom_plans)::int as n from pg_prepared_statements where statement like $1',
        ['%insert into notes (body, id)%'],
      );
      return rows[0]?.n ?? null;
    };
    await expect(
      fast.transaction(async (tx) => {
        await tx.query(insert, [50, 'kept only if committed']);
        await tx.query(insert, [50, 'a duplicate: 23505']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await fast.query('select id from notes where id = $1', [50])).rows).toEqual([]);
    await fast.transaction(async (tx) => {
      await tx.query(insert, [51, 'committed']);
    });
    expect((await fast.query('select body from notes where id = $1', [51])).rows).toEqual([
      { body: 'committed' },
    ]);
    // Prepared inside the first transaction, it survived the rollback and ran in the second.
    expect(await uses()).toBeGreaterThanOrEqual(2);
  });

  it('leaves arrays, objects, NUL and statements PREPARE refuses to the extended protocol', async () => {
    executed.length = 0;
    expect((await fast.query('select $1::int[] as a', [[1, 2]])).rows).toEqual([{ a: [1, 2] }]);
    await expect(fast.query('select $1::text as t', ['a\u0000b'])).rejects.toThrow();
    expect((await fast.query('show standard_conforming_strings')).rows).toHaveLength(1);
    expect(executed.filter((q) => q.startsWith('PREPARE'))).toEqual([]);
  });

  it('stays right past its statement cache: old statements are deallocated', async () => {
    for (let i = 0; i < 300; i++) {
      const { rows } = await fast.query(`select $1::int + ${i} as n`, [1]);
      expect(rows).toEqual([{ n: i + 1 }]);
    }
    const { rows } = await raw.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements',
    );
    expect(rows[0]?.n).toBeLessThanOrEqual(256);
    expect((await fast.query('select $1::int + 0 as n', [5])).rows).toEqual([{ n: 5 }]);
  });
});
