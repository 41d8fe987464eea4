import type { Database } from './database.ts';

/**
 * A statement prepared once per database handle, on first use. For the queries every request
 * makes (the session behind a cookie, the sidebar's conversations): building the SQL through the
 * query builder cost as much as PGlite running it (bench:api), and PostgreSQL plans a named
 * statement once per connection. A transaction's handle gets statements of its own.
 */
export function preparedFor<T>(build: (db: Database) => T): (db: Database) => T {
  const statements = new WeakMap<Database, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
