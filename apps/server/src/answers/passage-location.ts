import type { Passage } from '../retrieval/passage.ts';

/** The page to show a reader: the printed label when known, else the PDF page; null for texts. */
export function pageOf(passage: Pick<Passage, 'page' | 'pageLabel'>): string | null {
  return passage.pageLabel || (passage.page ? String(passage.page) : null);
}
