import { describe, expect, it } from 'vitest';
import { makePdf, withLostFrontPage } from '../../../test/support/synthetic-pdf.ts';
import { LoadError } from '../types.ts';
import { loadPdf } from './pdf.ts';

// Hindi typed in Kruti Dev 010 (from BAWS Hindi vol. 17), set in F2; English set in F1.
const HINDI = [
  'Hkkjr esa fdlh le; tux.kuk ,d ljy vkSj lgt izfØ;k gqvk djrh Fkh] ftlesa dsoy',
  'tula[;kfonksa dks gh :fp jgrh FkhA ckdh fdlh dks blesa fnypLih ugha gksrh FkhA',
  "vkt x.kuk ij vR;f/kd /;ku fn;k tk jgk gSA lalkj esa vf/kdka'k ns'kksa esa ,sls",
  'oxZ gSa tks fuEu oxZ dgs tkrs gSaA vNwrksa dh leL;k,a vusd gSaA',
];

describe('loadPdf on legacy Devanagari fonts', () => {
  it('decodes the runs set in the legacy font and keeps the English beside them', async () => {
    const lines = [
      ...HINDI.map((text, index) => ({ text, y: 700 - index * 14, font: 'F2' as const })),
      // One line mixing both fonts: the English run must come through as typed.
      { text: 'vkSj', y: 630, font: 'F2' as const },
      { text: 'Annihilation of Caste (1936)', x: 110, y: 630 },
      { text: 'ISBN :978-93-5109-166-0', y: 600 },
    ];
    const result = await loadPdf(makePdf([lines]));
    const text = result.blocks.map((block) => block.text).join('\n');
    expect(text).toContain('भारत में किसी समय जनगणना एक सरल और सहज प्रक्रिया हुआ करती थी');
    expect(text).toContain('अछूतों की समस्याएं अनेक हैं।');
    expect(text).toContain('और Annihilation of Caste (1936)');
    expect(text).toContain('ISBN :978-93-5109-166-0');
    expect(text).not.toMatch(/Hkkjr|vNwrksa/);
    expect(result.textGarbled).toBe(false);
    expect(result.warnings).toEqual([]);
  });

  it('still refuses mojibake that is not Devanagari, saying why', async () => {
    const noise = 'qqzx% ÐÑÒ Wwx ÞßàV XZQw zzK¶ Vbzq Xqqt% Wvvz ÞßQ';
    const lines = Array.from({ length: 12 }, (_, index) => ({ text: noise, y: 700 - index * 14 }));
    const error = await loadPdf(makePdf([lines])).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoadError);
    expect((error as LoadError).reason).toBe('garbled');
  });
});

describe('loadPdf on a PDF whose last update lost its cross-reference section', () => {
  it('counts the pages the update added, as pdftotext and viewers do', async () => {
    const book = makePdf([
      [{ text: 'The first page of the book as first saved.', y: 700 }],
      [{ text: 'The second page of the book as first saved.', y: 700 }],
    ]);
    const result = await loadPdf(withLostFrontPage(book, 2, 'A cover put in front later.'));
    expect(result.pageCount).toBe(3);
    const pageOf = (words: string) =>
      result.blocks.find((block) => block.text.includes(words))?.page;
    expect(pageOf('A cover put in front later.')).toBe(1);
    expect(pageOf('The first page of the book')).toBe(2);
    expect(pageOf('The second page of the book')).toBe(3);
  });

  it('reads an intact PDF unchanged', async () => {
    const result = await loadPdf(makePdf([[{ text: 'Only page.', y: 700 }]]));
    expect(result.pageCount).toBe(1);
  });
});
