import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable, corpusFile } from '../../../test/support/corpus.ts';
import type { LoadedBlock } from '../types.ts';
import { loadPdf } from './pdf.ts';
import type { LoaderResult } from './result.ts';

const pdfPath = (name: string) => corpusFile('ambedkar', 'pdf', name);
const read = (path: string) => new Uint8Array(readFileSync(path));

/**
 * A phrase from a paragraph that starts on `page`, checked with `pdftotext -f page -l page`,
 * and the offset SOURCES.md gives between PDF page and printed BAWS page.
 */
const CASES = [
  {
    file: 'baws_vol01_annihilation_of_caste.pdf',
    offset: 22,
    page: 30,
    phrase: 'The recent discussion about the excluded and partially included areas',
  },
  {
    file: 'baws_vol01_castes_in_india.pdf',
    offset: 2,
    page: 10,
    phrase: 'Imposing celibacy on the surplus man in the group, therefore, fails',
  },
  {
    file: 'baws_vol01_ranade_gandhi_and_jinnah.pdf',
    offset: 204,
    page: 20,
    phrase: 'Ranade’s aim was to cleanse the old order if not to build a new one',
  },
  {
    file: 'baws_vol01_states_and_minorities.pdf',
    offset: 380,
    page: 30,
    phrase: 'Constitutional Lawyers assume that the enactment of Fundamental Rights is enough',
  },
  {
    file: 'baws_vol01_thoughts_on_linguistic_states.pdf',
    offset: 137,
    page: 15,
    phrase: 'The whole State of Bhopal',
  },
] as const;

const findBlock = (blocks: readonly LoadedBlock[], phrase: string) => {
  const found = blocks.filter((block) => block.text.includes(phrase));
  expect(found, phrase).toHaveLength(1);
  return found[0] as LoadedBlock;
};

describe.skipIf(!corpusAvailable)('loadPdf on the BAWS chapter PDFs', () => {
  const loaded = new Map<string, LoaderResult>();
  beforeAll(async () => {
    for (const { file } of CASES) loaded.set(file, await loadPdf(read(pdfPath(file))));
  }, 60_000);
  const get = (file: string) => loaded.get(file) as LoaderResult;

  it.each(CASES)('finds a phrase of $file on page $page with its printed page number', (c) => {
    const block = findBlock(get(c.file).blocks, c.phrase);
    expect(block.kind).toBe('paragraph');
    expect(block.page).toBe(c.page);
    expect(block.pageLabel).toBe(String(c.page + c.offset));
  });

  it.each(CASES)('labels every page of $file with a constant offset', (c) => {
    const result = get(c.file);
    const labels = new Map(result.blocks.map((block) => [block.page, block.pageLabel]));
    expect(labels.size).toBeGreaterThan((result.pageCount ?? 0) * 0.8);
    for (const [page, label] of labels) expect(label).toBe(String((page ?? 0) + c.offset));
  });

  it('matches the first and last printed pages listed in SOURCES.md', () => {
    const blocks = get('baws_vol01_annihilation_of_caste.pdf').blocks;
    expect(blocks.find((block) => block.page === 4)?.pageLabel).toBe('26');
    // Page 74 holds the last lines of the Prologue's closing paragraph, under its running header.
    expect(blocks.find((block) => block.page === 73)?.pageLabel).toBe('95');
    expect(blocks.find((block) => block.page === 74)).toMatchObject({ pageLabel: '96' });
    expect(findBlock(blocks, 'such be thy Leaders, O! Hindus').page).toBe(74);
    expect(get('baws_vol01_annihilation_of_caste.pdf').pageCount).toBe(74);
  });

  it('cuts a paragraph at a page break, each sentence on the page it starts on', () => {
    const blocks = get('baws_vol01_annihilation_of_caste.pdf').blocks;
    // "quite" ends PDF page 5; "uncongenial" starts page 6 under the running header: the
    // sentence straddling the break stays whole, on page 5.
    const block = findBlock(blocks, 'I find their company quite uncongenial to me');
    expect(block).toMatchObject({ page: 5, endPage: 5, pageLabel: '27' });
    expect(block.text.startsWith('The Jat-Pat-Todak Mandal, I was given to understand')).toBe(true);
    // The same paragraph's "sub-divisions" sentence starts on PDF page 30 (printed 52).
    expect(findBlock(blocks, 'all claim to be sub-divisions of the Brahmin Caste')).toMatchObject({
      page: 30,
      pageLabel: '52',
    });
    for (const each of blocks) expect(each.endPage).toBe(each.page);
  });

  it.each(CASES)('removes the running headers and page numbers of $file', (c) => {
    for (const block of get(c.file).blocks) {
      expect(block.text).not.toMatch(/WRITINGS AND SPEECHES/);
      // Running titles with their page number, e.g. "ANNIHILATION OF CASTE 29" or "28 PREFACE".
      expect(block.text).not.toMatch(/^(?:\d{1,3} [A-Z ,]{4,}|[A-Z ,]{4,} \d{1,3})$/);
      expect(block.text).not.toBe(block.pageLabel);
    }
  });

  it('keeps a chapter title that repeats a running header, as a heading', () => {
    const blocks = get('baws_vol01_castes_in_india.pdf').blocks;
    const titles = blocks.filter((block) => block.text === 'CASTES IN INDIA');
    expect(titles).toEqual([expect.objectContaining({ kind: 'heading', level: 1, page: 3 })]);
  });

  it('decodes the Sanskrit verses an English chapter quotes in a legacy Devanagari font', () => {
    const result = get('baws_vol01_annihilation_of_caste.pdf');
    expect(result.blocks.some((block) => block.text.includes('Le`rkS'))).toBe(false);
    expect(findBlock(result.blocks, 'धर्मावुभौ स्मृतौ ।').page).toBe(51);
    expect(findBlock(result.blocks, 'सर्वास्ता निष्फलाः प्रेत्य').page).toBe(51);
    expect(result.warnings.join(' ')).not.toMatch(/legacy non-Unicode font/);
    expect(
      findBlock(result.blocks, 'When there is a conflict between Shruti and Smriti').page,
    ).toBe(51);
  });

  it('re-joins words and keeps real compounds', () => {
    const blocks = get('baws_vol01_annihilation_of_caste.pdf').blocks;
    // Each of these compounds is split by a hyphen at a line end in the PDF.
    for (const phrase of [
      'The Jat-Pat-Todak Mandal has been subjected',
      'in the sense of the break-up of the caste system',
      'will inter-dine and inter-marry, without your telling',
      'is well-nigh impossible',
    ]) {
      findBlock(blocks, phrase);
    }
    // A line-end hyphen that was dropped or kept never leaves "word- word" behind.
    expect(blocks.filter((block) => /\p{Ll}-\s+\p{Ll}/u.test(block.text))).toEqual([]);
  });
});

describe.skipIf(!corpusAvailable)('loadPdf on the combined book', () => {
  it('labels both works of Ambedkar_book.pdf with their BAWS pages', async () => {
    const { blocks, pageCount } = await loadPdf(read(pdfPath('Ambedkar_book.pdf')));
    expect(pageCount).toBe(94);
    // Castes in India (pp. 1–20) and Annihilation of Caste (pp. 21–94) share offset +2.
    const castes = findBlock(blocks, 'Imposing celibacy on the surplus man in the group');
    expect(castes).toMatchObject({ page: 10, pageLabel: '12' });
    const annihilation = findBlock(
      blocks,
      'The recent discussion about the excluded and partially',
    );
    expect(annihilation).toMatchObject({ page: 50, pageLabel: '52' });
  }, 30_000);
});
