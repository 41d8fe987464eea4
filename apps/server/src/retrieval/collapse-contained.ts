import type { Passage } from './passage.ts';

/**
 * An excerpt file that repeats part of a fuller text (e.g. one paragraph of a speech) is the same
 * evidence twice: cite it once, as the fuller passage, at the better of the two ranks.
 */
export function collapseContained(passages: Passage[]): Passage[] {
  const keys = passages.map((passage) => passage.text.toLowerCase().replace(/\s+/g, ' ').trim());
  const result: (Passage | null)[] = [...passages];
  for (let i = 0; i < passages.length; i++) {
    for (let j = i + 1; j < passages.length; j++) {
      const [a, b] = [keys[i] ?? '', keys[j] ?? ''];
      if (
        !result[i] ||
        !result[j] ||
        a.length < MIN_CONTAINED_CHARS ||
        b.length < MIN_CONTAINED_CHARS
      ) {
        continue;
      }
      if (b.includes(a)) {
        const fuller = passages[j];
        const kept = result[i];
        if (fuller && kept) result[i] = { ...fuller, score: Math.max(kept.score, fuller.score) };
        result[j] = null;
      } else if (a.includes(b)) {
        result[j] = null;
      }
    }
  }
  return result.filter((passage): passage is Passage => passage !== null);
}

/** Shorter texts (a heading, a line) may repeat legitimately in different works. */
const MIN_CONTAINED_CHARS = 200;
