/**
 * Which tables a statement may change, and a clock of when each last changed: what lets a cache
 * of reads in this process know, exactly, that a result it holds is still what the database would
 * answer (read-cache.ts, ADR 028). Only sound where every statement passes through this process,
 * which is true of the embedded database alone (PGlite is locked to one process).
 *
 * Classification errs towards "everything changed": a statement that is not a read, or INSERTs
 * and UPDATEs (a WITH may hold several) of tables it names plainly, counts as a write to every
 * table. DELETE does too, because foreign keys cascade deletes into other tables (sessions and
 * conversations go with their user).
 */

/** Every table: what an unclassified statement, a DELETE or DDL may have changed. */
export const ALL_TABLES = '*';

/** Statements that read, or write only through INSERT and UPDATE of the tables they name. */
const PLAIN = /^\s*(select|values|show|with|insert|update)\b/i;
/** Keywords that write; quoted, the same words are names (a column called "update"). */
const WRITE_WORD = /(?<!")\b(insert|update|delete|truncate|copy|call|lock|merge)\b(?!")/gi;
const INSERT_TARGET = /^\s+into\s+(?:"([^"]+)"|([a-z_][a-z0-9_]*))(?![\w."])/i;
const UPDATE_TARGET = /^\s+(?:"([^"]+)"|([a-z_][a-z0-9_]*))\s+set\b/i;
/** `on conflict … do update set`: the INSERT's own table. */
const CONFLICT_UPDATE = /\bdo\s+$/i;

/** The tables `text` may change: none for a read, the tables it inserts into or updates, or ALL_TABLES. */
export function tablesWrittenBy(text: string): readonly string[] {
  // One statement only: a second could write anything.
  if (!PLAIN.test(text) || text.includes(';')) return [ALL_TABLES];
  const tables = new Set<string>();
  for (const match of text.matchAll(WRITE_WORD)) {
    const word = match[1]?.toLowerCase();
    const after = text.slice(match.index + match[0].length);
    let target: RegExpExecArray | null = null;
    if (word === 'insert') target = INSERT_TARGET.exec(after);
    else if (word === 'update') {
      if (CONFLICT_UPDATE.test(text.slice(0, match.index))) continue;
      target = UPDATE_TARGET.exec(after);
    }
    // DELETE cascades; `for update`, schema-qualified names and the rest are not worth reading.
    if (!target) return [ALL_TABLES];
    tables.add(target[1] ?? (target[2] as string).toLowerCase());
  }
  return [...tables];
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
