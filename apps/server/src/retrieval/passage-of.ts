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
