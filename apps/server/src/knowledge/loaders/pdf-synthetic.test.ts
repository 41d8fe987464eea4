import { describe, expect, it } from 'vitest';
import { type PdfLine as Line, makePdf } from '../../../test/support/synthetic-pdf.ts';
import { LoadError } from '../types.ts';
import { loadPdf, NO_TEXT_MESSAGE } from './pdf.ts';

/** A page of body text: wrapped lines 14pt apart, a paragraph gap of 28pt. */
const bodyPage = (paragraphs: string[][]): Line[] => {
  const lines: Line[] = [];
  let y = 700;
  for (const paragraph of paragraphs) {
    paragraph.forEach((text, index) => {
      lines.push({ text, y, x: index === 0 ? 84 : 72 });
      y -= 14;
    });
    y -= 14;
  }
  return lines;
};

describe('loadPdf on generated PDFs', () => {
  it('refuses a PDF without any text and suggests OCR', async () => {
    const error = await loadPdf(makePdf([[], []])).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoadError);
    expect(error).toMatchObject({ reason: 'no_text', message: NO_TEXT_MESSAGE });
    expect(NO_TEXT_MESSAGE).toMatch(/OCR/);
  });

  it('uses the page labels the PDF defines', async () => {
    // Distinct text: a line repeated at the same place on every page would be a running head.
    const pages = ['Preface.', 'Contents.', 'Chapter one begins.'].map((text) => [
      { text, y: 700 },
    ]);
    const labels = '<< /Nums [0 << /S /r >> 2 << /S /D /St 7 >>] >>';
    const { blocks } = await loadPdf(makePdf(pages, labels));
    expect(blocks.map((block) => [block.page, block.pageLabel])).toEqual([
      [1, 'i'],
      [2, 'ii'],
      [3, '7'],
    ]);
  });

  it('rebuilds paragraphs from line positions; a sentence across a page break stays on its first page', async () => {
    // Lines that run on are about as long as each other, as in justified text.
    const first = bodyPage([
      ['The first paragraph starts here, and then it runs on to a', 'second line that ends it.'],
      [
        'A second paragraph begins on the first page, and its consti-',
        'tution continues from the first page over onto the',
      ],
    ]);
    const second = bodyPage([
      ['next page, where it ends. Its last sentence is on page two.'],
      ['A third paragraph.'],
    ]);
    // Same position, same font, continuing sentence: the paragraph goes on across the break.
    second[0] = {
      text: 'next page, where it ends. Its last sentence is on page two.',
      y: 700,
      x: 72,
    };
    const { blocks, pageCount } = await loadPdf(makePdf([first, second]));
    expect(pageCount).toBe(2);
    expect(blocks.map((block) => [block.text, block.page, block.endPage])).toEqual([
      ['The first paragraph starts here, and then it runs on to a second line that ends it.', 1, 1],
      [
        'A second paragraph begins on the first page, and its constitution continues from the first page over onto the next page, where it ends.',
        1,
        1,
      ],
      ['Its last sentence is on page two.', 2, 2],
      ['A third paragraph.', 2, 2],
    ]);
  });

  it('reports a truncated file as damaged', async () => {
    const whole = makePdf([[{ text: 'Some text.', y: 700 }]]);
    const error = await loadPdf(whole.subarray(0, 120)).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'damaged', message: 'PDF is damaged or truncated' });
  });
  it('reads text drawn several times over itself ("fake bold") once', async () => {
    const title = [0, 0.4, 0.8, 0.4, 0].map((shift, index) => ({
      text: 'Writings and Speeches',
      x: 72 + shift,
      y: 700 + (index % 2) * 0.4,
      size: 18,
    }));
    const { blocks } = await loadPdf(
      makePdf([[...title, { text: 'Writings and Speeches again, further down.', y: 600 }]]),
    );
    expect(blocks.map((block) => block.text)).toEqual([
      'Writings and Speeches',
      'Writings and Speeches again, further down.',
    ]);
  });
  it('reads a table turned a quarter on the page row by row, its cells apart', async () => {
    // Rows are columns of the page (x), cells run up the page (y), as in BAWS Hindi vol. 17.
    const rows = [
      ['Province', 'Brahmins', 'Others'],
      ['Assam', '6', '21'],
      ['Bengal', '15', '14'],
    ];
    const cells = rows.flatMap((row, r) =>
      row.map((text, c) => ({ text, x: 100 + r * 16, y: 80 + c * 90, quarterTurn: true })),
    );
    const { blocks } = await loadPdf(makePdf([cells]));
    const text = blocks.map((block) => block.text).join('\n');
    expect(text).toContain('Province Brahmins Others');
    expect(text).toContain('Assam 6 21');
    expect(text).toContain('Bengal 15 14');
  });
});
