import type { ChunkMeta, Passage } from './passage.ts';
import { tokenize } from './tokenizer.ts';

/** A passage the index returns: the chunk's metadata, its text, its link and its scores. */
export function passageOf(
  meta: ChunkMeta,
  text: string,
  score: number,
  lexicalScore: number | null = null,
  denseScore: number | null = null,
): Passage {
  return { ...meta, text, score, link: sourceLink(meta), lexicalScore, denseScore };
}

/** How much lower each passage's shown score is than the one ranked above it, at least. */
const RANK_STEP = 1e-4;

/**
 * Scores that read in the retriever's order. The list of sources is sorted by score (spec), and
 * the hybrid shows BM25's normalised score where BM25 found a passage: a passage fused lower could
 * show more than a better one and jump above it (on the tune half, the first source was the best
 * passage less often than retrieval's first). A passage never shows more than the one above it.
 */
export function scoresInRankOrder(passages: readonly Passage[]): Passage[] {
  let ceiling = Number.POSITIVE_INFINITY;
  return passages.map((passage) => {
    const score = Math.max(0, Math.min(passage.score, ceiling));
    ceiling = score - RANK_STEP;
    return score === passage.score ? passage : { ...passage, score };
  });
}

/**
 * The share of the question's IDF-weighted terms the passage (with its title and headings)
 * contains: how much of what the question asks about is there, whatever the passage's length
 * or the size of the corpus (a normalised BM25 score shrinks as the corpus grows). Only terms
 * the writings hold count; the share of those they do not is judged apart (coverage.ts).
 */
export function weightedCoverage(
  weights: readonly { term: string; idf: number }[],
  text: string,
): number {
  const total = weights.reduce((sum, { idf }) => sum + idf, 0);
  if (total === 0) return 0;
  const present = new Set(tokenize(text));
  return weights.reduce((sum, { term, idf }) => sum + (present.has(term) ? idf : 0), 0) / total;
}

export function documentFileUrl(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/file`;
}

/** PDF viewers open `#page=N`; other formats open at the top. */
function sourceLink(meta: ChunkMeta): string {
  const base = documentFileUrl(meta.documentId);
  return meta.contentType === 'application/pdf' && meta.page ? `${base}#page=${meta.page}` : base;
}
