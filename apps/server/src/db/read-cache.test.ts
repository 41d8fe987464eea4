import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { withPreparedStatements } from './pglite-statements.ts';
import { cachedRead, cachedReadMany, trackTableWrites } from './read-cache.ts';
import { ALL_TABLES, TableWriteClock, tablesWrittenBy } from './table-writes.ts';

describe('tablesWrittenBy', () => {
  it.each([
    ['select "a" from "notes" where "id" = $1', []],
    ['SELECT 1', []],
    ['insert into "notes" ("id") values ($1) on conflict do nothing', ['notes']],
    ['update "notes" set "body" = $1 where "id" = $2', ['notes']],
    // Cascades reach other tables.
    ['delete from "notes" where "id" = $1', [ALL_TABLES]],
    ['with x as (update "notes" set "n" = 1 returning *) select * from x', ['notes']],
    [
      'with taken as (insert into usage_counters (k) values ($1) on conflict (k) do update set n = 2 returning n) update "totals" set n = 1',
      ['usage_counters', 'totals'],
    ],
    ['insert into public.notes values (1)', [ALL_TABLES]],
    ['with gone as (delete from "notes" returning *) select * from gone', [ALL_TABLES]],
    ['select "update" from "notes"', []],
    ['select * from "notes" for update', [ALL_TABLES]],
    ['insert into "a" values (1); insert into "b" values (2)', [ALL_TABLES]],
    ['create table "z" ("id" int)', [ALL_TABLES]],
    ['checkpoint', [ALL_TABLES]],
  ])('%s', (statement, tables) => {
    expect(tablesWrittenBy(statement)).toEqual(tables);
  });
});

const notes = pgTable('notes', {
  id: integer('id').primaryKey(),
  owner: text('owner').notNull(),
  body: text('body').notNull(),
});
const tags = pgTable('tags', { id: integer('id').primaryKey(), noteId: integer('note_id') });

let client: PGlite;
let db: Database;
const readNotes = cachedRead<readonly { id: number; body: string }[]>(['notes'], 2);
let reads = 0;
const notesOf = (owner: string) =>
  readNotes(db, owner, async () => {
    reads++;
    return db
      .select({ id: notes.id, body: notes.body })
      .from(notes)
      .where(eq(notes.owner, owner))
      .orderBy(notes.id);
  });

beforeAll(async () => {
  client = new PGlite();
  await client.exec(
    'create table notes (id int primary key, owner text not null, body text not null);' +
      'create table tags (id int primary key, note_id int references notes(id) on delete cascade)',
  );
  const writes = new TableWriteClock();
  db = drizzle({ client: await withPreparedStatements(client, writes) }) as unknown as Database;
  trackTableWrites(db, writes);
});
afterAll(() => client.close());

describe('cachedRead on the embedded database', () => {
  it('answers from memory until a table it read is written, in or out of a transaction', async () => {
    await db.insert(notes).values({ id: 1, owner: 'a', body: 'one' });
    reads = 0;
    expect(await notesOf('a')).toEqual([{ id: 1, body: 'one' }]);
    expect(await notesOf('a')).toEqual([{ id: 1, body: 'one' }]);
    expect(reads).toBe(1);
    // Another table's write keeps it.
    await db.insert(tags).values({ id: 1, noteId: 1 });
    await notesOf('a');
    expect(reads).toBe(1);
    await db.update(notes).set({ body: 'uno' }).where(eq(notes.id, 1));
    expect(await notesOf('a')).toEqual([{ id: 1, body: 'uno' }]);
    expect(reads).toBe(2);
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 2, owner: 'a', body: 'two' });
    });
    expect((await notesOf('a')).map((note) => note.id)).toEqual([1, 2]);
    // A rolled-back transaction's writes are gone; the read is still correct.
    await db
      .transaction(async (tx) => {
        await tx.update(notes).set({ body: 'gone' });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect((await notesOf('a')).map((note) => note.body)).toEqual(['uno', 'two']);
    await db.execute(sql`delete from tags`);
    await notesOf('a');
    expect(reads).toBe(5);
  });

  it('keeps nothing read while a write to its table ran: the tick is taken before the read', async () => {
    await db.insert(notes).values({ id: 30, owner: 'racer', body: 'before' });
    const readRacing = cachedRead<readonly { body: string }[]>(['notes'], 10);
    const bodies = () =>
      db.select({ body: notes.body }).from(notes).where(eq(notes.owner, 'racer'));
    // The read's result is from before a write that lands while it is still running.
    const first = await readRacing(db, 'racer', async () => {
      const seen = await bodies();
      await db.update(notes).set({ body: 'after' }).where(eq(notes.id, 30));
      return seen;
    });
    expect(first).toEqual([{ body: 'before' }]);
    // Not kept: the next read asks the database, and sees the write.
    let asked = 0;
    const second = await readRacing(db, 'racer', async () => {
      asked++;
      return bodies();
    });
    expect(asked).toBe(1);
    expect(second).toEqual([{ body: 'after' }]);
  });

  it('hands out frozen values, and keeps at most its size', async () => {
    const held = await notesOf('a');
    expect(() => {
      (held[0] as { body: string }).body = 'changed';
    }).toThrow(TypeError);
    reads = 0;
    await notesOf('b');
    await notesOf('c');
    await notesOf('a');
    expect(reads).toBe(3);
  });

  it('reads of many keys ask the database only for those not held, and forget on a write', async () => {
    const bodies = cachedReadMany<string>(['notes'], 10);
    const asked: string[][] = [];
    const bodiesOf = (ids: string[]) =>
      bodies(db, ids, async (missing) => {
        asked.push(missing);
        const rows = await client.query<{ id: number; body: string }>(
          'select id, body from notes where id = any($1::int[])',
          [missing],
        );
        return new Map(rows.rows.map((row) => [String(row.id), row.body]));
      });
    await db.insert(notes).values([
      { id: 31, owner: 'm', body: 'x' },
      { id: 32, owner: 'm', body: 'y' },
    ]);
    expect(Object.fromEntries(await bodiesOf(['31']))).toEqual({ '31': 'x' });
    expect(Object.fromEntries(await bodiesOf(['31', '32', '33']))).toEqual({
      '31': 'x',
      '32': 'y',
    });
    await bodiesOf(['32', '31']);
    expect(asked).toEqual([['31'], ['32', '33']]);
    await db.update(notes).set({ body: 'z' }).where(eq(notes.id, 31));
    expect(Object.fromEntries(await bodiesOf(['31', '32']))).toEqual({ '31': 'z', '32': 'y' });
    expect(asked.at(-1)).toEqual(['31', '32']);
  });

  it('never answers differently from the database, whatever writes interleave', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('read' as const), owner: fc.constantFrom('a', 'b') }),
            fc.record({
              kind: fc.constantFrom('insert' as const, 'update' as const, 'delete' as const),
              id: fc.integer({ min: 10, max: 14 }),
              owner: fc.constantFrom('a', 'b'),
              body: fc.string({ maxLength: 4 }),
            }),
          ),
          { maxLength: 12 },
        ),
        async (steps) => {
          // All at once: reads overlap the writes queued around them.
          const settled = await Promise.all(
            steps.map(async (step) => {
              if (step.kind === 'read') return { step, seen: await notesOf(step.owner) };
              if (step.kind === 'insert') {
                await db.insert(notes).values(step).onConflictDoNothing();
              } else if (step.kind === 'update') {
                await db.update(notes).set({ body: step.body }).where(eq(notes.id, step.id));
              } else {
                await db.delete(notes).where(eq(notes.id, step.id));
              }
              return null;
            }),
          );
          expect(settled.length).toBe(steps.length);
          // After they settle, every owner's cached read equals the database's answer.
          for (const owner of ['a', 'b']) {
            const truth = await client.query<{ id: number; body: string }>(
              'select id, body from notes where owner = $1 order by id',
              [owner],
            );
            expect(await notesOf(owner)).toEqual(truth.rows);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
