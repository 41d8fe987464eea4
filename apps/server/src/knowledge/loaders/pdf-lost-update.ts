/**
 * A PDF whose last incremental update lost its cross-reference section: the objects were
 * appended after the last %%EOF (a save cut short), but nothing indexes them. Poppler, and so
 * pdftotext and most viewers, rebuild the index by scanning, and the appended objects win; pdf.js
 * follows the old index and shows the document as it was before the update. In BAWS Hindi vol.
 * 17 that update inserted the cover as page 1, so every page number pdf.js gave was one less
 * than the page the reader's viewer opens at #page=N.
 *
 * The repair appends what the save never wrote: a cross-reference table for the objects after
 * the last %%EOF, chained to the previous one, with the previous trailer's Root and Info.
 * Objects that were cut off mid-stream are indexed too; pdf.js reports those one by one.
 */

const ASCII = new TextDecoder('latin1');
const OBJECT_HEADER = /(?:^|[\r\n])(\d{1,10})[ \t]+(\d{1,5})[ \t]+obj\b/g;

function lastMatch(pattern: RegExp, text: string): RegExpExecArray | null {
  let found: RegExpExecArray | null = null;
  for (const match of text.matchAll(pattern)) found = match;
  return found;
}

/** How far before the last %%EOF its trailer is looked for. */
const TRAILER_WINDOW = 64 * 1024;

/** The bytes with the lost update indexed, or the same bytes when nothing follows %%EOF. */
export function recoverLostUpdate(bytes: Uint8Array): Uint8Array {
  // Only the end of the file is read as text: a large PDF is not copied into a string.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eof = buffer.lastIndexOf('%%EOF');
  if (eof < 0) return bytes;
  const tail = ASCII.decode(bytes.subarray(eof));
  const objects = new Map<number, { offset: number; generation: number }>();
  for (const match of tail.matchAll(OBJECT_HEADER)) {
    const headerStart = eof + match.index + match[0].length - match[0].trimStart().length;
    objects.set(Number(match[1]), { offset: headerStart, generation: Number(match[2]) });
  }
  if (objects.size === 0) return bytes;
  const head = ASCII.decode(bytes.subarray(Math.max(0, eof - TRAILER_WINDOW), eof));
  const previous = lastMatch(/startxref\s+(\d+)/g, head);
  const trailer = lastMatch(/trailer\s*<<([\s\S]*?)>>\s*startxref/g, head);
  const root = trailer?.[1]?.match(/\/Root\s+(\d+\s+\d+\s+R)/)?.[1];
  if (!previous || !root) return bytes;
  const info = trailer?.[1]?.match(/\/Info\s+(\d+\s+\d+\s+R)/)?.[1];
  const size = Number(trailer?.[1]?.match(/\/Size\s+(\d+)/)?.[1] ?? 0);
  const numbers = [...objects.keys()].sort((a, b) => a - b);
  const entries = numbers.map((number) => {
    const { offset, generation } = objects.get(number) as { offset: number; generation: number };
    return `${number} 1\n${String(offset).padStart(10, '0')} ${String(generation).padStart(5, '0')} n \n`;
  });
  // The section starts on a line of its own, after whatever the cut left.
  const xrefOffset = bytes.length + 1;
  const section =
    `\nxref\n${entries.join('')}trailer\n<</Size ${Math.max(size, (numbers.at(-1) ?? 0) + 1)}` +
    `/Prev ${previous[1]}/Root ${root}${info ? `/Info ${info}` : ''}>>\n` +
    `startxref\n${xrefOffset}\n%%EOF\n`;
  const repaired = new Uint8Array(bytes.length + section.length);
  repaired.set(bytes);
  repaired.set(new TextEncoder().encode(section), bytes.length);
  return repaired;
}
