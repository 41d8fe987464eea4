import { describe, expect, it } from 'vitest';
import { asksAboutTheReformer, ownWordsFirst } from './own-words.ts';

const p = (id: string, speakerRole: 'reformer' | 'other' | 'editor' | 'unknown') => ({
  id,
  speakerRole,
});

describe('ownWordsFirst', () => {
  it('moves other speakers and the editor below his passages ranked up to three places after', () => {
    const ranked = [
      p('member', 'other'),
      p('his1', 'reformer'),
      p('editor', 'editor'),
      p('his2', 'reformer'),
      p('unknown', 'unknown'),
      p('his3', 'reformer'),
      p('his4', 'reformer'),
    ];
    expect(ownWordsFirst(ranked).map((x) => x.id)).toEqual([
      'his1',
      'his2',
      'member',
      'unknown',
      'his3',
      'editor',
      'his4',
    ]);
  });
});

describe('asksAboutTheReformer', () => {
  it('is true when the question names him (its search text differs) or says "he"', () => {
    expect(
      asksAboutTheReformer('What did Ambedkar say about caste?', 'What did say about caste?'),
    ).toBe(true);
    expect(
      asksAboutTheReformer('Why was he against the shastras?', 'Why was he against the shastras?'),
    ).toBe(true);
    expect(asksAboutTheReformer('What is the Dhamma?', 'What is the Dhamma?')).toBe(false);
    expect(asksAboutTheReformer('The hero of the story?', 'The hero of the story?')).toBe(false);
  });
});
