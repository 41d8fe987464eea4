/**
 * Which tables a statement may change, and a clock of when each last changed: what lets a cache
 * of reads in this process know, exactly, that a result it holds is still what the database would
 * answer (read-cache.ts, ADR 028). Only sound where every statement passes through this process,
 * which is true of the embedded database alone (PGlite is locked to one process).
 *
 * Classification errs towards "everything changed": a statement that is not plainly a read or a
 * one-table INSERT/UPDATE counts as a write to every table. DELETE does too, because foreign keys
 * cascade deletes into other tables (sessions and conversations go with their user).
 */

/** Every table: what an unclassified statement, a DELETE or DDL may have changed. */
export const ALL_TABLES = '*';

const READ = /^\s*(select|values|show)\b/i;
const WRITE_WORD = /\b(insert|update|delete|truncate|copy|call|do|lock)\b/i;
const INSERT = /^\s*insert\s+into\s+"([^"]+)"/i;
const UPDATE = /^\s*update\s+"([^"]+)"/i;

/** The tables `text` may change: none for a read, one table, or ALL_TABLES. */
export function tablesWrittenBy(text: string): readonly string[] {
  if (READ.test(text) && !WRITE_WORD.test(text) && !text.includes(';')) return [];
  // One statement only: a second could write anything.
  if (!text.includes(';')) {
    const table = INSERT.exec(text)?.[1] ?? UPDATE.exec(text)?.[1];
    if (table !== undefined) return [table];
  }
  return [ALL_TABLES];
}

/**
 * A logical clock: every write to a table takes a new tick when it is sent and again when it has
 * ended (committed, or its transaction has), so a read that overlapped it in any way sees a tick
 * later than the one it started at.
 */
export class TableWriteClock {
  #tick = 0;
  #lastWrite = new Map<string, number>();
  #lastWriteToAll = 0;

  /** The tick a read starts at; its result is current while no table it read changes after. */
  now(): number {
    return this.#tick;
  }

  wrote(tables: readonly string[]): void {
    for (const table of tables) {
      const tick = ++this.#tick;
      if (table === ALL_TABLES) this.#lastWriteToAll = tick;
      else this.#lastWrite.set(table, tick);
    }
  }

  /** True while none of `tables` has been written since `tick`. */
  unchangedSince(tick: number, tables: readonly string[]): boolean {
    if (this.#lastWriteToAll > tick) return false;
    for (const table of tables) {
      if ((this.#lastWrite.get(table) ?? 0) > tick) return false;
    }
    return true;
  }
}
