/**
 * Copies of one work in several files (a BAWS PDF, its Markdown e-text, an excerpt file) give
 * the same passage with different OCR, quotes and chunk boundaries, so their chunks are not
 * byte-equal and the index keeps each. Among a search's results they are one piece of evidence:
 * two passages sharing this share of the smaller one's word 5-grams are the same passage.
 */
export const COPY_SHINGLE_SHARE = 0.5;
const SHINGLE = 5;

export type CopyCandidate = {
  text: string;
  score: number;
  page: number | null;
  lexicalScore: number | null;
  denseScore: number | null;
};

function shingles(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const grams = new Set<string>();
  for (let i = 0; i + SHINGLE <= words.length; i++)
    grams.add(words.slice(i, i + SHINGLE).join(' '));
  return grams;
}

function sharedShare(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const gram of small) if (large.has(gram)) shared++;
  return shared / small.size;
}

/**
 * One passage per group of copies, at the group's best rank and score. The copy kept is the
 * one a reader can open at the page (a PDF page) when there is one, else the best ranked.
 */
export function collapseCopies<T extends CopyCandidate>(passages: readonly T[]): T[] {
  const grams = passages.map((passage) => shingles(passage.text));
  const groupOf = passages.map((_, i) => i);
  for (let i = 0; i < passages.length; i++) {
    if (groupOf[i] !== i) continue;
    for (let j = i + 1; j < passages.length; j++) {
      if (groupOf[j] !== j) continue;
      if (sharedShare(grams[i] ?? new Set(), grams[j] ?? new Set()) >= COPY_SHINGLE_SHARE)
        groupOf[j] = i;
    }
  }
  const result: T[] = [];
  passages.forEach((passage, i) => {
    if (groupOf[i] !== i) return;
    const members = passages.filter((_, j) => groupOf[j] === i);
    const paged = members.find((member) => member.page !== null) ?? passage;
    const best = (values: (number | null)[]) => {
      const known = values.filter((value): value is number => value !== null);
      return known.length > 0 ? Math.max(...known) : null;
    };
    result.push({
      ...paged,
      score: Math.max(...members.map((member) => member.score)),
      lexicalScore: best(members.map((member) => member.lexicalScore)),
      denseScore: best(members.map((member) => member.denseScore)),
    });
  });
  return result;
}
