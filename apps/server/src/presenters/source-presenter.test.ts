import { SOURCE_EXCERPT_MAX_LENGTH } from '@samvad/contracts/sources';
import { describe, expect, it } from 'vitest';
import { excerptOf } from './source-presenter.ts';

describe('excerptOf', () => {
  it('keeps a short passage whole, with its whitespace collapsed', () => {
    expect(excerptOf('  Educate,\n\n agitate,  organise. ')).toBe('Educate, agitate, organise.');
  });

  it('cuts a long passage after the last whole sentence that fits', () => {
    const sentence = 'Caste is a state of mind and a disease of the mind. ';
    const excerpt = excerptOf(sentence.repeat(20));
    expect([...excerpt].length).toBeLessThanOrEqual(SOURCE_EXCERPT_MAX_LENGTH);
    expect(excerpt.endsWith('mind.')).toBe(true);
    expect(excerpt.startsWith('Caste is')).toBe(true);
  });

  it('cuts at a word with an ellipsis when no sentence ends in reach, counting code points', () => {
    const excerpt = excerptOf(`${'जाति '.repeat(150)}😀`);
    expect([...excerpt].length).toBeLessThanOrEqual(SOURCE_EXCERPT_MAX_LENGTH);
    expect(excerpt.endsWith('जाति…')).toBe(true);
  });
});
