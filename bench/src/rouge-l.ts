/**
 * ROUGE-L F1 (Lin, 2004) over lower-cased word tokens: the longest common subsequence of the two
 * texts, as recall against the reference and precision against the candidate, combined as F1.
 */
export function rougeLF1(candidate: string, reference: string): number {
  const a = wordsOf(candidate);
  const b = wordsOf(reference);
  if (a.length === 0 || b.length === 0) return 0;
  const lcs = longestCommonSubsequence(a, b);
  if (lcs === 0) return 0;
  const precision = lcs / a.length;
  const recall = lcs / b.length;
  return (2 * precision * recall) / (precision + recall);
}

/** Lower-cased word tokens, as ROUGE-L counts them; an Indic word keeps its vowel signs (\p{M}). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

function longestCommonSubsequence(a: string[], b: string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      current[j] =
        word === b[j - 1]
          ? (previous[j - 1] ?? 0) + 1
          : Math.max(previous[j] ?? 0, current[j - 1] ?? 0);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
