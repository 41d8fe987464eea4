const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** A time in the reader's locale with hours and minutes; `empty` when missing or invalid. */
export function formatDateTime(iso: string | null | undefined, empty = '—'): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? DATE_TIME.format(date) : empty;
}

/** A date in the reader's locale; `empty` when missing or invalid. */
export function formatDate(iso: string | null | undefined, empty = '—'): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? DATE.format(date) : empty;
}

/** A time of day in the reader's locale (hours and minutes); `empty` when missing or invalid. */
export function formatTime(iso: string | null | undefined, empty = '—'): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? TIME.format(date) : empty;
}
