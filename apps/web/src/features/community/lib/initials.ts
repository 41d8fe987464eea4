/**
 * Up to two letters for an avatar without a picture: the first letters of the first and last
 * words of the display name, else of the username ('' when neither has a letter or digit).
 */
export function initialsOf(displayName: string, username = ''): string {
  for (const source of [displayName, username]) {
    const words = source.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
    const first = words[0];
    if (!first) continue;
    const last = words.length > 1 ? words[words.length - 1] : undefined;
    return [first, last]
      .map((word) => (word ? (Array.from(word)[0] ?? '') : ''))
      .join('')
      .toLocaleUpperCase();
  }
  return '';
}
