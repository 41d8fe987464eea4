import type { Persona } from '@samvad/contracts/persona';
import { describe, expect, it } from 'vitest';
import { testPassage } from '../../test/support/test-passage.ts';
import type { Passage } from '../retrieval/passage.ts';
import { answerExtractively } from './extractive-answerer.ts';

// Issue #29 item 3: the reader sees the sources most relevant first (the spec), and [n] in the
// answer is the n-th row of that list; passages read but not quoted keep their row by score.

const persona = { reformerName: 'Dr. B. R. Ambedkar', productName: 'Samvad' } as Persona;

function passage(id: string, text: string, score: number): Passage {
  return testPassage(text, {
    id,
    documentId: `d-${id}`,
    fileName: `${id}.md`,
    contentType: 'text/markdown',
    title: 'Annihilation of Caste',
    score,
    link: `/api/documents/d-${id}/file`,
  });
}

// Sentences of Annihilation of Caste (shared corpus, text/annihilation_of_caste.md).
const INTER_MARRIAGE = passage(
  'inter-marriage',
  'The real remedy for breaking Caste is inter-marriage. Nothing else will serve as the ' +
    'solvent of Caste. Your Jat-Pat-Todak Mandal has adopted this line of attack.',
  0.31,
);
const SHASTRAS = passage(
  'shastras',
  'The real remedy is to destroy the belief in the sanctity of the Shastras. How do you expect ' +
    'to succeed, if you allow the Shastras to continue to mould the beliefs and opinions of the ' +
    'people?',
  0.87,
);
const UNRELATED = passage(
  'unrelated',
  'Political tyranny is nothing compared to social tyranny and a reformer, who defies society, ' +
    'is a much more courageous man than a politician, who defies Government.',
  0.95,
);

/** The citation number right after each quote, with the quote's opening words. */
function citations(answer: string): Array<{ quote: string; n: number }> {
  return [...answer.matchAll(/“([^”]+)” \[(\d+)\]/g)].map((m) => ({
    quote: m[1] ?? '',
    n: Number(m[2]),
  }));
}

describe('numbers and list agree', () => {
  it('lists every passage read by score and numbers each quote by its row', () => {
    // Retrieval ranks the inter-marriage passage first, but the Shastras passage scores higher.
    const result = answerExtractively(
      'What is the real remedy for breaking caste?',
      [INTER_MARRIAGE, SHASTRAS, UNRELATED],
      { persona, language: 'en' },
    );
    const scores = result.sources.map((s) => s.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const cited = citations(result.answer);
    expect(cited.length).toBeGreaterThanOrEqual(2);
    for (const { quote, n } of cited) {
      const row = result.sources[n - 1];
      // The row a quote's number points at holds the quoted words.
      expect(row?.excerpt?.replace(/\s+/g, ' ')).toContain(quote.slice(0, 40));
    }
    // Every passage read is listed by score: the unquoted one (the highest score) is row 1, an
    // "Also read" row no marker points at; the lead (inter-marriage, retrieved first) cites row 3.
    expect(result.sources.map((s) => s.file_name)).toEqual([
      'unrelated.md',
      'shastras.md',
      'inter-marriage.md',
    ]);
    expect(cited[0]?.quote).toContain('The real remedy for breaking Caste is inter-marriage.');
    expect(cited[0]?.n).toBe(3);
    expect(cited.map((c) => c.n)).not.toContain(1);
  });
});
