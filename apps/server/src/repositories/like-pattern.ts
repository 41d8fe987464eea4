/** An ILIKE pattern for "contains `text`": `%`, `_` and `\` typed by a user match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
