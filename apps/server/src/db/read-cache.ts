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
type Cache<V> = Map<string, Entry<V>>;

/** Each database's cache of one read; created on first use. */
function cachesOf<V>() {
  const caches = new WeakMap<TableWriteClock, Cache<V>>();
  return (clock: TableWriteClock): Cache<V> => {
    let cache = caches.get(clock);
    if (!cache) {
      cache = new Map();
      caches.set(clock, cache);
    }
    return cache;
  };
}

/** The entry for `key` if none of `tables` changed since it was read; now the most recent. */
function take<V>(cache: Cache<V>, clock: TableWriteClock, key: string, tables: readonly string[]) {
  const held = cache.get(key);
  if (!held) return undefined;
  cache.delete(key);
  if (!clock.unchangedSince(held.tick, tables)) return undefined;
  cache.set(key, held);
  return held;
}

function keep<V>(cache: Cache<V>, key: string, entry: Entry<V>, maxEntries: number): void {
  cache.set(key, entry);
  if (cache.size > maxEntries) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
}

/**
 * A read of `tables` by key, answered from memory while it is current. Values are shared between
 * requests, so they are frozen; a caller that needs to change one copies it. At most `maxEntries`
 * per database, the least recently used dropped first.
 */
export function cachedRead<V extends object | null>(tables: readonly string[], maxEntries: number) {
  const cacheFor = cachesOf<V>();
  return async (db: Database, key: string, read: () => Promise<V>): Promise<V> => {
    const clock = clocks.get(db);
    if (!clock) return read();
    const cache = cacheFor(clock);
    const held = take(cache, clock, key, tables);
    if (held) return held.value;
    const tick = clock.now();
    const value = deepFreeze(await read());
    // A write that began or ended while the read ran may or may not be in its result.
    if (clock.unchangedSince(tick, tables)) keep(cache, key, { tick, value }, maxEntries);
    return value;
  };
}

/** As cachedRead, for many keys at once: `read` is given only the keys not held. */
export function cachedReadMany<V extends object | string>(
  tables: readonly string[],
  maxEntries: number,
) {
  const cacheFor = cachesOf<V>();
  return async (
    db: Database,
    keys: readonly string[],
    read: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> => {
    const clock = clocks.get(db);
    if (!clock) return read([...keys]);
    const cache = cacheFor(clock);
    const found = new Map<string, V>();
    const missing: string[] = [];
    for (const key of keys) {
      const held = take(cache, clock, key, tables);
      if (held) found.set(key, held.value);
      else missing.push(key);
    }
    if (missing.length === 0) return found;
    const tick = clock.now();
    const fetched = await read(missing);
    const current = clock.unchangedSince(tick, tables);
    for (const [key, value] of fetched) {
      const frozen = deepFreeze(value);
      found.set(key, frozen);
      if (current) keep(cache, key, { tick, value: frozen }, maxEntries);
    }
    return found;
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
