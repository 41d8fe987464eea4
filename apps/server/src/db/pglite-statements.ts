/**
 * PGlite runs every parameterised query through the extended protocol: parse, describe, bind and
 * execute each time, so a one-row lookup by primary key costs ~0.35 ms where the same statement
 * prepared once and run with EXECUTE over the simple protocol costs ~0.09 ms (issue #22,
 * bench:api). This client prepares each distinct statement once (PREPARE, named per SQL text) and
 * runs it with its parameters written as quoted literals, which PostgreSQL coerces to the
 * statement's parameter types exactly as it does text-format parameters. Everything else
 * (other statements; values other than strings, numbers, booleans, dates and nulls) goes
 * to PGlite as before.
 *
 * Written here, not found in a library: PGlite has no statement cache, and drizzle's `prepare()`
 * only caches the SQL text on the JavaScript side.
 */
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { type TableWriteClock, tablesWrittenBy } from './table-writes.ts';

/** Statements kept prepared; the least recently used is deallocated beyond this. */
const MAX_STATEMENTS = 256;
/** What PREPARE accepts, and what a repository runs outside a transaction. */
const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;

type Param = string | number | bigint | boolean | Date | null | undefined;

/** A literal PostgreSQL reads as the parameter's text (standard_conforming_strings is on). */
function literal(value: Param): string | null {
  if (value === null || value === undefined) return 'NULL';
  // As PGlite writes a Date parameter.
  const text = value instanceof Date ? value.toISOString() : String(value);
  // A NUL cannot be in SQL text (PostgreSQL reads C strings); the extended path reports it.
  if (text.includes('\u0000')) return null;
  return `'${text.replaceAll("'", "''")}'`;
}

function literals(params: readonly unknown[]): string[] | null {
  const out: string[] = [];
  for (const value of params) {
    const simple = ['string', 'number', 'bigint', 'boolean'].includes(typeof value);
    if (value !== null && value !== undefined && !simple && !(value instanceof Date)) return null;
    const written = literal(value as Param);
    if (written === null) return null;
    out.push(written);
  }
  return out;
}

/**
 * `client` as drizzle's PGlite driver uses it, with `query` answered from prepared statements,
 * and every statement's writes told to `clock` (table-writes.ts) before it is sent and after it
 * has ended (a transaction's, after the transaction has). PGlite keeps its state in private slots,
 * so every other member is the client's own, bound to it.
 */
export async function withPreparedStatements(
  client: PGlite,
  clock: TableWriteClock,
): Promise<PGlite> {
  const [settings] = await client.exec('show standard_conforming_strings');
  // Quoting above assumes backslashes are ordinary characters in a literal.
  const preparing = settings?.rows[0]?.standard_conforming_strings === 'on';
  const names = new Map<string, Promise<string>>();
  let next = 0;

  /** What runs the statements: the client, or a transaction holding PGlite's lock. */
  type Runner = Pick<PGlite, 'query' | 'exec'>;

  const prepared = (runner: Runner, text: string): Promise<string> => {
    const known = names.get(text);
    if (known) {
      // Most recently used last, so the first key is the one to deallocate.
      names.delete(text);
      names.set(text, known);
      return known;
    }
    const name = `samvad_s${next++}`;
    // PREPARE outlives a transaction's rollback, so one made inside a transaction is kept.
    const preparing = runner.exec(`PREPARE ${name} AS ${text}`).then(() => name);
    names.set(text, preparing);
    preparing.catch(() => names.delete(text));
    if (names.size > MAX_STATEMENTS) {
      const [oldest, statement] = names.entries().next().value ?? [];
      if (oldest !== undefined && statement) {
        names.delete(oldest);
        // Through the client, so it waits for any transaction using the statement to end.
        statement.then((old) => client.exec(`DEALLOCATE ${old}`)).catch(() => {});
      }
    }
    return preparing;
  };

  const preparedQueryOn =
    (runner: Runner) =>
    async <T>(
      text: string,
      params: unknown[] = [],
      options?: QueryOptions,
    ): Promise<Results<T>> => {
      const args =
        preparing && PREPARABLE.test(text) && !text.includes(';') ? literals(params) : null;
      if (!args) return runner.query<T>(text, params, options);
      let name: string;
      try {
        name = await prepared(runner, text);
      } catch {
        // Not preparable after all: the extended protocol gives its usual answer or error.
        return runner.query<T>(text, params, options);
      }
      const call = args.length > 0 ? `EXECUTE ${name}(${args.join(', ')})` : `EXECUTE ${name}`;
      let results: Results[];
      try {
        results = await runner.exec(call, options);
      } catch (error) {
        // Deallocated by the cache meanwhile (invalid_sql_statement_name; never inside a
        // transaction, which holds the lock the DEALLOCATE waits for): run it as before.
        if ((error as { code?: string }).code === '26000') {
          return runner.query<T>(text, params, options);
        }
        throw error;
      }
      const [result] = results;
      if (!result) throw new Error(`EXECUTE ${name} returned no result`);
      return result as Results<T>;
    };

  /** Runs `send`, telling the clock of its writes before and after; `written` collects them. */
  const tracked = async <R>(text: string, written: Set<string> | null, send: () => Promise<R>) => {
    const tables = tablesWrittenBy(text);
    if (tables.length === 0) return send();
    clock.wrote(tables);
    for (const table of tables) written?.add(table);
    try {
      return await send();
    } finally {
      clock.wrote(tables);
    }
  };

  /** `runner`'s query and exec, tracked; inside a transaction its writes are also collected. */
  const statementsOn = (runner: Runner, written: Set<string> | null) => {
    const prepared = preparedQueryOn(runner);
    return {
      query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
        tracked(text, written, () => prepared<T>(text, params, options)),
      exec: (text: string, options?: QueryOptions) =>
        tracked(text, written, () => runner.exec(text, options)),
    };
  };

  /** `target` with `members` in place of its own; its other members its own, bound to it. */
  const withMembers = <R extends object>(target: R, members: Record<string, unknown>): R =>
    new Proxy(target, {
      get(object, property) {
        if (typeof property === 'string' && Object.hasOwn(members, property)) {
          return members[property];
        }
        const value = Reflect.get(object, property, object);
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });

  const transaction: PGlite['transaction'] = async (callback) => {
    const written = new Set<string>();
    try {
      return await client.transaction((tx) => callback(withMembers(tx, statementsOn(tx, written))));
    } finally {
      // Its writes became visible (or were undone) only now.
      clock.wrote([...written]);
    }
  };
  return withMembers(client, { ...statementsOn(client, null), transaction });
}
