import { describe, expect, it } from 'vitest';
import { comparable, highlightedRuns } from './pdf-highlight.ts';

// The text runs pdf.js gives for the end of PDF page 45 (printed page 67) of
// baws_vol01_annihilation_of_caste.pdf, as they are: lines end without a space, words are
// hyphenated across lines, dashes are em dashes, and the last run goes on to the next page.
const PAGE_45 = [
  'Castes will necessarily lead to the abolition of Castes ? On the contrary,',
  'it may happen that the process may stop with the abolition of sub-Castes.',
  'Caste is to begin with inter-caste dinners. This also, in my opinion, is an',
  'the spirit of Caste and the consciousness of Caste. I am convinced that the',
  'real remedy is inter-marriage. Fusion of blood can alone create the feeling',
  'of being kith and kin and unless this feeling of kinship, of being kindred,',
  'becomes paramount the separatist feeling—the feeling of being aliens—',
  'created by Caste will not vanish. Among the Hindus inter-marriage must',
  'marriage as a binding force becomes a matter of urgent necessity.',
  ' ',
  'The real',
  'remedy for breaking Caste is inter-marriage. Nothing else will serve as the',
  'solvent of Caste.',
  ' ',
  'Your Jat-Pat-Todak Mandal has adopted this line of attack',
];

// The same page's runs a few lines up, where "sub-" ends one line and "Castes" starts the next.
const HYPHENATED = [
  'the South with the Brahmins of the North. But assuming that the fusion',
  'of sub-Castes is possible, what guarantee is there that the abolition of sub-',
  'Castes will necessarily lead to the abolition of Castes ? On the contrary,',
];

const runsOf = (runs: readonly string[], indexes: number[]) => indexes.map((i) => runs[i]);

describe('highlightedRuns', () => {
  it('marks the runs of a sentence split over two lines, and nothing else', () => {
    const quote = 'The real remedy for breaking Caste is inter-marriage.';
    expect(highlightedRuns(PAGE_45, quote)).toEqual([10, 11]);
  });

  it('matches across line-end hyphens, spaces and a spaced-out question mark', () => {
    const quote =
      'But assuming that the fusion of sub-Castes is possible, what guarantee is there that the ' +
      'abolition of sub-Castes will necessarily lead to the abolition of Castes?';
    expect(highlightedRuns(HYPHENATED, quote)).toEqual([0, 1, 2]);
  });

  it('matches whatever quotes and dashes the quote was written with', () => {
    const quote =
      'unless this feeling of kinship, of being kindred, becomes paramount the separatist ' +
      "feeling -- the feeling of being 'aliens' - created by Caste will not vanish.";
    expect(runsOf(PAGE_45, highlightedRuns(PAGE_45, quote))).toEqual([
      PAGE_45[5],
      PAGE_45[6],
      PAGE_45[7],
    ]);
  });

  it('marks the part on this page of a passage that runs on to the next', () => {
    const quote =
      'Nothing else will serve as the solvent of Caste. Your Jat-Pat-Todak Mandal has adopted ' +
      'this line of attack. It is a direct, and frontal attack, and I congratulate you upon a ' +
      'correct diagnosis.';
    expect(highlightedRuns(PAGE_45, quote)).toEqual([11, 12, 14]);
  });

  it('tolerates words the page does not have (a footnote mark, an editor’s insertion)', () => {
    const quote =
      'I am convinced that the real remedy is inter-marriage [12]. Fusion of blood can alone ' +
      'create the feeling of being kith and kin.';
    expect(highlightedRuns(PAGE_45, quote)).toEqual([3, 4, 5]);
  });

  it('reads ligatures as their letters', () => {
    const runs = ['The ﬁrst step to take, is to abolish', 'sub-castes.'];
    expect(highlightedRuns(runs, 'The first step to take is to abolish sub-castes')).toEqual([
      0, 1,
    ]);
  });

  it('marks nothing for a sentence from elsewhere, or an empty quote', () => {
    expect(
      highlightedRuns(PAGE_45, 'Political tyranny is nothing compared to social tyranny.'),
    ).toEqual([]);
    expect(highlightedRuns(PAGE_45, '  …  ')).toEqual([]);
    expect(highlightedRuns([], 'The real remedy for breaking Caste is inter-marriage.')).toEqual(
      [],
    );
  });

  it('finds a sentence at its own place when its opening words are on the page before it', () => {
    // "the real remedy" is in runs 3–4 too; the sentence is the one in runs 10–11.
    expect(highlightedRuns(PAGE_45, 'the real remedy for breaking Caste')).toEqual([10, 11]);
    expect(highlightedRuns(PAGE_45, 'the real remedy is inter-marriage')).toEqual([3, 4]);
  });
});

describe('comparable', () => {
  it('keeps letters and digits only, in one case, in Devanagari too', () => {
    expect(comparable('“Inter-marriage”—it is… 1936!')).toBe('intermarriageitis1936');
    expect(comparable('जाति - भेद')).toBe('जातिभेद');
  });
});
