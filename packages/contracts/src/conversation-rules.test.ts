import { describe, expect, it } from 'vitest';
import { cutTitle, TITLE_MAX_LENGTH } from './conversation-rules.ts';

describe('cutTitle', () => {
  it('drops the space where the cut fell between two words', () => {
    const question = 'Why was Nagpur chosen for the conversion in 1956?';
    expect(question.slice(0, TITLE_MAX_LENGTH)).toBe('Why was Nagpur chosen for the ');
    expect(cutTitle(question)).toBe('Why was Nagpur chosen for the');
  });

  it('keeps a short title whole and cuts a long one to the limit', () => {
    expect(cutTitle('What is caste?')).toBe('What is caste?');
    expect(cutTitle('a'.repeat(40))).toBe('a'.repeat(TITLE_MAX_LENGTH));
  });

  it('never ends in half of an emoji, nor in the space before it', () => {
    const text = `${'a'.repeat(28)} 🙏 and more`;
    expect(cutTitle(text)).toBe('a'.repeat(28));
  });
});
