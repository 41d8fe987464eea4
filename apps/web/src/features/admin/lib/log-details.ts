/**
 * An audit row's details as short lines of plain text for the Admin Logs table. The server
 * records `{ before, after }` for changes (plus any other facts); a change reads
 * "role: user → admin", other facts "key: value". Rendered as text, never as HTML.
 */
export function formatLogDetails(details: Record<string, unknown>): string[] {
  const { before, after, ...rest } = details;
  const lines: string[] = [];
  if (isRecord(before) || isRecord(after)) {
    const [from, to] = alignEmptySides(
      flatten(isRecord(before) ? before : {}),
      flatten(isRecord(after) ? after : {}),
    );
    const paths = [...new Set([...to.keys(), ...from.keys()])];
    for (const path of paths) {
      const was = from.has(path) ? formatValue(from.get(path)) : '—';
      const now = to.has(path) ? formatValue(to.get(path)) : '—';
      if (from.has(path) && to.has(path) && sameValue(from.get(path), to.get(path))) continue;
      lines.push(`${path}: ${was} → ${now}`);
    }
    if (paths.length > 0 && lines.length === 0) lines.push('no change');
  } else {
    // Not a before/after pair: show them as plain facts.
    if (before !== undefined) rest.before = before;
    if (after !== undefined) rest.after = after;
  }
  for (const [key, value] of Object.entries(rest)) {
    lines.push(`${humanizeKey(key)}: ${formatValue(value)}`);
  }
  return lines;
}

const PATH_SEPARATOR = ' › ';

/** Nested objects become paths ("limits › max requests per day"), so each change is one line. */
function flatten(record: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(record)) {
    const path = prefix + humanizeKey(key);
    if (isRecord(value) && Object.keys(value).length > 0) {
      for (const [inner, innerValue] of flatten(value, path + PATH_SEPARATOR)) {
        flat.set(inner, innerValue);
      }
    } else {
      flat.set(path, value);
    }
  }
  return flat;
}

/**
 * A group that is null on one side and an object on the other ("limits: null" after a reset)
 * reads as each of its fields going to or from none.
 */
function alignEmptySides(from: Map<string, unknown>, to: Map<string, unknown>) {
  for (const [one, other] of [
    [from, to],
    [to, from],
  ] as const) {
    for (const [path, value] of [...one]) {
      if (value !== null && value !== undefined) continue;
      const nested = [...other.keys()].filter((key) => key.startsWith(path + PATH_SEPARATOR));
      if (nested.length === 0) continue;
      one.delete(path);
      for (const key of nested) one.set(key, null);
    }
  }
  return [from, to] as const;
}

/** "maxRequestsPerDay" → "max requests per day"; "ban_reason" → "ban reason". */
export function humanizeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
}

const MAX_VALUE_LENGTH = 200;

/** One value in a line: text as it is, null as "none", objects as compact JSON, kept short. */
export function formatValue(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = 'none';
  else if (typeof value === 'string') text = value === '' ? '""' : value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
