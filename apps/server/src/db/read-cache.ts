import type { Database } from './database.ts';
import type { TableWriteClock } from './table-writes.ts';

/**
 * Results of the reads every member request makes (the session behind a cookie, the sidebar's
 * conversations), kept between requests only where the database can tell this process of every
 * write: the embedded database, which one process alone may open (ADR 028). An entry is used only
 * while none of the tables it read has been written since the read began (table-writes.ts), so
 * it is never stale; with PostgreSQL, which other instances write, nothing is kept.
 */
const clocks = new WeakMap<Database, TableWriteClock>();

/** Called by the embedded database's opener: every statement on `db` is told to `clock`. */
export function trackTableWrites(db: Database, clock: TableWriteClock): void {
  clocks.set(db, clock);
}

type Entry<V> = { tick: number; value: V };

/**
 * A read of `tables` by key, answered from memory while it is current. Values are shared between
 * requests, so they are frozen; a caller that needs to change one copies it. At most `maxEntries`
 * per database, the least recently used dropped first.
 */
export function cachedRead<V extends object | null>(tables: readonly string[], maxEntries: number) {
  const caches = new WeakMap<TableWriteClock, Map<string, Entry<V>>>();
  return async (db: Database, key: string, read: () => Promise<V>): Promise<V> => {
    const clock = clocks.get(db);
    if (!clock) return read();
    let cache = caches.get(clock);
    if (!cache) {
      cache = new Map();
      caches.set(clock, cache);
    }
    const held = cache.get(key);
    if (held) {
      cache.delete(key);
      if (clock.unchangedSince(held.tick, tables)) {
        cache.set(key, held);
        return held.value;
      }
    }
    const tick = clock.now();
    const value = deepFreeze(await read());
    // A write that began or ended while the read ran may or may not be in its result.
    if (clock.unchangedSince(tick, tables)) {
      cache.set(key, { tick, value });
      if (cache.size > maxEntries) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
    }
    return value;
  };
}

/**
 * Rows are plain objects, arrays and Dates; bytes are Buffers. Neither a Date's setters nor a
 * Buffer's bytes can be frozen, only not changed.
 */
function deepFreeze<V>(value: V): V {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (value instanceof Date || ArrayBuffer.isView(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
