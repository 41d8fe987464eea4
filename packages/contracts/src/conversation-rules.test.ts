import { describe, expect, it } from 'vitest';
import { cutTitle, TITLE_ELLIPSIS, TITLE_MAX_LENGTH } from './conversation-rules.ts';

describe('cutTitle', () => {
  it('keeps a title that fits whole, its spaces made single', () => {
    expect(cutTitle('What is caste?')).toBe('What is caste?');
    expect(cutTitle('  What is\n the   real remedy for the caste system?  ')).toBe(
      'What is the real remedy for the caste system?',
    );
    const exact = 'a'.repeat(TITLE_MAX_LENGTH);
    expect(cutTitle(exact)).toBe(exact);
  });

  it('cuts a long question after its last whole word and ends it in an ellipsis', () => {
    // Issue 27: a plain cut at 30 read "What is the real remedy for th".
    const question =
      'What is the real remedy for the caste system, according to Annihilation of Caste?';
    const title = cutTitle(question);
    expect(title).toBe('What is the real remedy for the caste system, according to…');
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
    // Every word before the ellipsis is a whole word of the question.
    const words = question.split(' ');
    for (const word of title.slice(0, -1).split(' ')) expect(words).toContain(word);
  });

  it('leaves no space or comma dangling before the ellipsis', () => {
    // The cut falls after "caste, ": neither the space nor the comma stays.
    const question = `${'word '.repeat(10)}caste, annihilation of caste`;
    expect(cutTitle(question)).toBe(`${'word '.repeat(10)}caste${TITLE_ELLIPSIS}`);
  });

  it('cuts one overlong word between letters, never inside an emoji or a Devanagari letter', () => {
    const long = `see ${'x'.repeat(100)}`;
    expect(cutTitle(long)).toBe(`see ${'x'.repeat(TITLE_MAX_LENGTH - 5)}…`);
    const emoji = `${'a'.repeat(TITLE_MAX_LENGTH - 2)}🙏🙏🙏`;
    expect(cutTitle(emoji)).toBe(`${'a'.repeat(TITLE_MAX_LENGTH - 2)}…`);
    const hindi = 'कि'.repeat(40);
    const cut = cutTitle(hindi);
    expect(cut.endsWith('कि…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
  });

  it('cuts Hindi and Marathi questions at their spaces too', () => {
    const question =
      'डॉ. आंबेडकरांनी शिक्षणाबद्दल काय सांगितले आणि त्यांनी विद्यार्थ्यांना कोणता संदेश दिला होता?';
    const title = cutTitle(question);
    expect(title.endsWith(TITLE_ELLIPSIS)).toBe(true);
    const words = question.split(' ');
    for (const word of title.slice(0, -1).split(' ')) expect(words).toContain(word);
  });
});
