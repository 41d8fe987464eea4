import type { Database } from '../db/database.ts';
import { passageLink } from '../presenters/source-presenter.ts';
import { findChunksLike } from '../repositories/chunk-repository.ts';
import type { Passage } from '../retrieval/passage.ts';

/** Words of a quoted sentence looked for: enough to be one place, few enough to be fast. */
const PHRASE_WORDS = 8;
/** Fewer words than this say too little to tell one copy from another place. */
const MIN_WORDS = 6;
const COPIES_LOOKED_AT = 5;

/**
 * The passages of other documents holding the opening words of `sentence`, paged ones first:
 * the knowledge base's copies of the passage a quote comes from (answers/work-copies.ts decides).
 */
export function copyFinder(db: Database) {
  return async (sentence: string, exceptDocumentId: string): Promise<Passage[]> => {
    const words = sentence.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length < MIN_WORDS) return [];
    // Letters and digits only, so nothing in the pattern is a LIKE wildcard of its own.
    const pattern = `%${words.slice(0, PHRASE_WORDS).join('%')}%`;
    const rows = await findChunksLike(db, pattern, exceptDocumentId, COPIES_LOOKED_AT);
    return rows.map((row) => ({
      ...row,
      score: 0,
      link: passageLink(row),
      lexicalScore: null,
      denseScore: null,
    }));
  };
}
