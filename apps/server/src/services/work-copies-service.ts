import type { KnowledgeIndex } from '../retrieval/knowledge-index.ts';
import type { Passage } from '../retrieval/passage.ts';

/** Fewer words than this say too little to tell one copy from another place. */
const MIN_WORDS = 6;
const COPIES_LOOKED_AT = 5;

/**
 * The passages of other documents sharing most words with `sentence`, paged ones first: where
 * the knowledge base's copies of a quoted passage are (answers/work-copies.ts checks that they
 * hold it letter for letter, and decides).
 */
export function copyFinder(index: Pick<KnowledgeIndex, 'passagesSharingWords'>) {
  return async (sentence: string, exceptDocumentId: string): Promise<Passage[]> => {
    const words = sentence.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length < MIN_WORDS) return [];
    return index.passagesSharingWords(sentence, exceptDocumentId, COPIES_LOOKED_AT);
  };
}
