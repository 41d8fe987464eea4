import { describe, expect, it } from 'vitest';
import { CitationRewriter, renumberCitations, scoreOrder } from './citations.ts';

/** Feeds the pieces one by one, as a model streams them, and joins what comes out. */
function rewrite(pieces: string[], passageCount = 5) {
  const rewriter = new CitationRewriter(passageCount);
  const shown = pieces.map((piece) => rewriter.push(piece));
  return { text: shown.join('') + rewriter.flush(), shown, cited: rewriter.cited };
}

describe('CitationRewriter', () => {
  it('renumbers passages in the order first cited', () => {
    const { text, cited } = rewrite(['A [4]. B [2]. C [4].']);
    expect(text).toBe('A [1]. B [2]. C [1].');
    expect(cited).toEqual([3, 1]);
  });

  it('keeps groups and adjacent markers, removing numbers that name no passage', () => {
    expect(rewrite(['A [2, 7, 3]. B [3][1]. C [0]. D [9, 8].']).text).toBe(
      'A [1, 2]. B [2][3]. C . D .',
    );
  });

  it('keeps a marker naming the last passage, and drops the one just past it', () => {
    // Markers count from 1: [5] of 5 passages is the fifth passage, [6] names none.
    const { text, cited } = rewrite(['Last [5]. Past it [6]. Both [6, 5].'], 5);
    expect(text).toBe('Last [1]. Past it . Both [1].');
    expect(cited).toEqual([4]);
    expect(rewrite(['Only one [1], not [2].'], 1).text).toBe('Only one [1], not .');
  });

  it('holds back a marker split across pieces until it is whole', () => {
    const { text, shown } = rewrite(['Caste is a notion [', '3', ']', ' of the mind [1', ', 3].']);
    expect(shown[0]).toBe('Caste is a notion ');
    expect(shown[1]).toBe('');
    expect(text).toBe('Caste is a notion [1] of the mind [2, 1].');
  });

  it('lets ordinary brackets through untouched', () => {
    expect(rewrite(['See [the preface] and [', 'a] list.']).text).toBe(
      'See [the preface] and [a] list.',
    );
    expect(rewrite(['An unfinished [2']).text).toBe('An unfinished [2');
  });
});

describe('numbers and list agree (issue #29)', () => {
  it('orders the cited sources most relevant first, ties in citation order', () => {
    expect(scoreOrder([0.4, 0.9, 0.4, 0.95])).toEqual([4, 2, 1, 3]);
    expect(scoreOrder([0.9, 0.5])).toEqual([1, 2]);
  });

  it('renumbers each marker to its row, groups kept, unknown numbers left alone', () => {
    const text =
      'Caste is a notion [1]. Inter-marriage is the remedy [2, 3]. Burn the Shastras [3][1].';
    expect(renumberCitations(text, [3, 1, 2])).toBe(
      'Caste is a notion [2]. Inter-marriage is the remedy [3, 1]. Burn the Shastras [1][2].',
    );
    expect(renumberCitations('See [7].', [2, 1])).toBe('See [7].');
  });
});
