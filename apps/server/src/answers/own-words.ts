/**
 * A question about what he said or thought ("What did Ambedkar say…", "…his view of…") wants his
 * own words: another speaker's or the editor's passage moves below the reformer's passages ranked
 * up to OWN_WORDS_REACH places after it. Passages whose speaker is unknown keep their place.
 */
import type { Passage } from '../retrieval/passage.ts';

/** Places another speaker's passage yields to the reformer's own. */
export const OWN_WORDS_REACH = 3;

const PRONOUNS = /\b(?:he|his|him|himself)\b|उन्होंने|उनके|उनका|उनकी|त्यांनी|त्यांचे|त्यांच्या/iu;

/**
 * Whether the question is about the reformer: it names him (its search text, with his names
 * left out, differs from it: query-names.ts) or refers to him as "he".
 */
export function asksAboutTheReformer(question: string, searchText: string): boolean {
  return PRONOUNS.test(question) || searchText !== question;
}

export function ownWordsFirst<T extends Pick<Passage, 'speakerRole'>>(passages: readonly T[]): T[] {
  return passages
    .map((passage, rank) => ({
      passage,
      key:
        rank +
        // Half a place more, so a tie goes to his words.
        (passage.speakerRole === 'other' || passage.speakerRole === 'editor'
          ? OWN_WORDS_REACH + 0.5
          : 0),
    }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.passage);
}
