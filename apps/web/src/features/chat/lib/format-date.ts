const FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** Spec §2: 'MMM d, yyyy' (e.g. "Nov 22, 2026"); an invalid date reads 'Recent'. */
export function formatConversationDate(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? FORMAT.format(date) : 'Recent';
}
