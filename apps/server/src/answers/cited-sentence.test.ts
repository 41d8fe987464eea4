import { describe, expect, it } from 'vitest';
import { testPassage } from '../../test/support/test-passage.ts';
import { presentSource } from '../presenters/source-presenter.ts';
import type { Passage } from '../retrieval/passage.ts';
import { citedSegments, citedSentence, withCitedQuotes } from './cited-sentence.ts';

// Issue 20, item 9: 'Post as quote' quotes the sentence the answer cites, not the chunk's start.
const PASSAGE = [
  'But assuming that the fusion of sub-Castes is possible, what guarantee is there that the abolition of sub-Castes will necessarily lead to the abolition of Castes ?',
  'On the contrary, it may happen that the process may stop with the abolition of sub-Castes.',
  'Where society is already well-knit by other ties, marriage is an ordinary incident of life.',
  'But where society cut asunder, marriage as a binding force becomes a matter of urgent necessity.',
  'The real remedy for breaking Caste is inter-marriage.',
  'Nothing else will serve as the solvent of Caste.',
].join(' ');

describe('citedSegments', () => {
  it('reads the quotation before each marker, or the sentence the marker ends', () => {
    const answer = [
      'Here are the passages:',
      '',
      'In *Annihilation of Caste* (p. 67), Ambedkar writes: “A first quote. A second one.” [1]',
      '',
      'He held that the Shastras must go [2]. Another claim follows. [2, 3]',
    ].join('\n');
    const segments = citedSegments(answer);
    expect(segments.get(1)).toEqual(['A first quote. A second one.']);
    expect(segments.get(2)).toEqual(['He held that the Shastras must go', 'Another claim follows']);
    expect(segments.get(3)).toEqual(['Another claim follows']);
    expect(segments.get(4)).toBeUndefined();
  });
});

describe('citedSentence', () => {
  it('picks, of the sentences quoted word for word, the one that answers the question', () => {
    // The offline answer quotes a short lead with the sentence before it.
    const segment =
      'But where society cut asunder, marriage as a binding force becomes a matter of urgent necessity. The real remedy for breaking Caste is inter-marriage.';
    expect(citedSentence([segment], PASSAGE, 'What is the real remedy for breaking caste?')).toBe(
      'The real remedy for breaking Caste is inter-marriage.',
    );
  });

  it("finds the sentence a model's paraphrase drew on", () => {
    const segment = 'Ambedkar argued that only inter-marriage can truly break caste';
    expect(citedSentence([segment], PASSAGE)).toBe(
      'The real remedy for breaking Caste is inter-marriage.',
    );
  });

  it('keeps the sentence before one that points back to it, when both were quoted', () => {
    const text =
      'Caste has killed public spirit. This is why reform must begin with the mind of every Hindu.';
    expect(citedSentence([text], `Something else entirely here. ${text}`)).toBe(text);
  });

  it('finds nothing when the answer shares too little with the passage', () => {
    expect(citedSentence(['Gandhi wrote about spinning and khadi'], PASSAGE)).toBeUndefined();
    expect(citedSentence([''], PASSAGE)).toBeUndefined();
  });
});

describe('withCitedQuotes', () => {
  const passage = (id: string, text: string): Passage =>
    testPassage(text, {
      id,
      documentId: 'd1',
      fileName: 'annihilation_of_caste.md',
      contentType: 'text/markdown',
      title: 'Annihilation of Caste',
      score: 0.7,
      link: '',
      textKind: 'speech',
    });

  it('gives each cited source its sentence from the whole passage, and leaves the rest', () => {
    // The cited sentence lies past the excerpt's 400 characters: the whole passage is searched.
    const long = `${'Caste is an old and complex institution of the Hindus. '.repeat(12)}${PASSAGE}`;
    const cited = presentSource(passage('c1', long));
    const consulted = presentSource(passage('c2', 'Educate, agitate and organise, he told them.'));
    const answer = 'Ambedkar writes: “The real remedy for breaking Caste is inter-marriage.” [1]';
    const [first, second] = withCitedQuotes(answer, [cited, consulted], 'real remedy for caste');
    expect(cited.excerpt).not.toContain('real remedy');
    expect(first?.quote).toBe('The real remedy for breaking Caste is inter-marriage.');
    expect(second).toBe(consulted);
    // A source from elsewhere (a saved message) has no passage here: left as it is.
    const saved = { file_name: 'a.md', score: 0.5, excerpt: 'x' };
    expect(withCitedQuotes(answer, [saved])[0]).toBe(saved);
  });
});
