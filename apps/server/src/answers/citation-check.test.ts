import { describe, expect, it } from 'vitest';
import { checkCitations, supports } from './citation-check.ts';

const PASSAGES = [
  'The real remedy for breaking caste is inter-marriage. Fusion of blood alone can create the feeling of being kith and kin.',
  'Political democracy cannot last unless there lies at the base of it social democracy.',
  'The Buddha rejected ritualism and taught that Dhamma is social.',
];
const NOTICE = 'The sources of this answer could not be verified.';

function check(text: string, order = [0, 1, 2]) {
  return checkCitations(text, PASSAGES, order, NOTICE);
}

describe('checkCitations', () => {
  it('keeps a citation whose passage holds most of the sentence, and removes one whose passage does not', () => {
    const result = check(
      'Ambedkar held that the real remedy for caste is inter-marriage [1]. He said the moon is made of cheese [2].',
    );
    expect(result.text).toBe(
      'Ambedkar held that the real remedy for caste is inter-marriage [1]. He said the moon is made of cheese.',
    );
    expect(result.cited).toEqual([0]);
    expect({ kept: result.kept, removed: result.removed }).toEqual({ kept: 1, removed: 1 });
  });

  it('renumbers the sources still cited in order of first citation', () => {
    // Marker 1 names passage 2 in the stream's numbering; it is unsupported and goes.
    const result = check(
      'Caste is a monster of our own making [1]. Political democracy cannot last without social democracy [2]. The Buddha rejected ritualism [3].',
      [0, 1, 2],
    );
    expect(result.cited).toEqual([1, 2]);
    expect(result.text).toContain('social democracy [1].');
    expect(result.text).toContain('rejected ritualism [2].');
  });

  it('accepts a verbatim quote of six words even in a longer sentence of other words', () => {
    expect(
      check(
        'As he wrote in a famous passage, “fusion of blood alone can create” unity, which many doubted [1].',
      ).cited,
    ).toEqual([0]);
  });

  it('checks a marker against the sentence it closes, and attributes the unmarked one before', () => {
    const result = checkCitations(
      'The real remedy for breaking caste is inter-marriage. The Buddha rejected ritualism and taught that Dhamma is social [3].',
      PASSAGES,
      [0, 1, 2],
      NOTICE,
      { attribute: true },
    );
    expect(result.text).toBe(
      'The real remedy for breaking caste is inter-marriage [1]. The Buddha rejected ritualism and taught that Dhamma is social [2].',
    );
    expect(result.cited).toEqual([0, 2]);
    // "One. Two [1]": the marker stands for "Two" alone.
    expect(check('The Buddha rejected ritualism. Slavery was abolished [3].').cited).toEqual([]);
    expect(check('Slavery was abolished [1]. The Buddha rejected ritualism [1].').text).toBe(
      `Slavery was abolished. The Buddha rejected ritualism.\n\n*${NOTICE}*`,
    );
  });

  it('takes a marker after the full stop for the sentence before it', () => {
    expect(check('Dhamma is social, the Buddha taught. [3] Then he left.').cited).toEqual([2]);
  });

  it('ends with the notice when no citation is left', () => {
    const result = check('The moon is made of cheese [1].');
    expect(result.cited).toEqual([]);
    expect(result.text).toBe(`The moon is made of cheese.\n\n*${NOTICE}*`);
  });

  it('leaves an answer without citations as it is, unless asked to attribute or to give notice', () => {
    expect(check('No markers here.').text).toBe('No markers here.');
    expect(
      checkCitations('No markers here.', PASSAGES, [0, 1, 2], NOTICE, {
        noticeWithoutCitations: true,
      }).text,
    ).toBe(`No markers here.\n\n*${NOTICE}*`);
  });

  it('attributes an unmarked sentence to the passage that supports it', () => {
    const result = checkCitations(
      'He said political democracy cannot last without social democracy. The moon is made of cheese.',
      PASSAGES,
      [],
      NOTICE,
      { attribute: true, noticeWithoutCitations: true },
    );
    expect(result.text).toBe(
      'He said political democracy cannot last without social democracy [1]. The moon is made of cheese.',
    );
    expect(result.cited).toEqual([1]);
    expect(result.added).toBe(1);
  });
});

describe('supports', () => {
  it('needs half of the content words, as written (no stemming)', () => {
    const words = new Set((PASSAGES[1] ?? '').toLowerCase().match(/\p{L}+/gu));
    expect(supports('Political democracy needs social democracy', words, '')).toBe(true);
    expect(supports('Economic planning needs steel and coal', words, '')).toBe(false);
    // "democracies" is not "democracy": the strict reading the evaluation applies too.
    expect(supports('Political democracies need social democracies', words, '')).toBe(false);
  });
});
