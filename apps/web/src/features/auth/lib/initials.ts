/**
 * Up to two letters for an avatar without a picture (spec §3): the first letters of the first
 * and last words of the name, else of the e-mail's local part; '' when there is neither.
 */
export function initialsOf(name: string | null, email: string | null): string {
  const source = name?.trim() || email?.split('@')[0]?.trim() || '';
  const words = source.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .map((word) => (word ? (Array.from(word)[0] ?? '') : ''))
    .join('')
    .toLocaleUpperCase();
}
