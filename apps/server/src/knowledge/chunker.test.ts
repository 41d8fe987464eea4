import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, corpusFile } from '../../test/support/corpus.ts';
import {
  CHUNK_MAX_WORDS,
  CHUNK_OVERLAP_RATIO,
  CHUNK_TARGET_WORDS,
  chunkDocument,
} from './chunker.ts';
import { countWords, splitSentences } from './language.ts';
import { loadDocument } from './load-document.ts';
import type { ChunkDraft, LoadedBlock, LoadedDocument } from './types.ts';

const block = (text: string, extra: Partial<LoadedBlock> = {}): LoadedBlock => ({
  kind: 'paragraph',
  text,
  page: null,
  endPage: null,
  pageLabel: null,
  anchor: null,
  ...extra,
});
const heading = (text: string, level: number): LoadedBlock =>
  block(text, { kind: 'heading', level });
const doc = (blocks: LoadedBlock[], language = 'en'): LoadedDocument => ({
  title: 'T',
  titleSource: 'declared',
  contentType: 'text/plain',
  language,
  pageCount: null,
  blocks,
  warnings: [],
});

/** Numbered sentences of varied length, so each is unique and easy to trace. */
const sentence = (n: number) =>
  `Sentence ${n} says${' more'.repeat(n % 9)} about caste and reform.`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

function sentencesOf(chunk: ChunkDraft): string[] {
  return chunk.text.split('\n\n').flatMap((part) => splitSentences(part));
}

describe('chunkDocument', () => {
  const blocks = [
    heading('Part One', 1),
    block(paragraph(0, 40)),
    block(paragraph(40, 25)),
    heading('A section', 2),
    block(paragraph(65, 60)),
    heading('Part Two', 1),
    block(paragraph(125, 50)),
  ];
  const chunks = chunkDocument(doc(blocks));
  const all = new Set(
    blocks.flatMap((b) => (b.kind === 'heading' ? [b.text] : splitSentences(b.text))),
  );

  it('keeps chunks near the target and never over the ceiling', () => {
    expect(CHUNK_TARGET_WORDS).toBe(300);
    expect(CHUNK_OVERLAP_RATIO).toBe(0.15);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.wordCount).toBeLessThanOrEqual(CHUNK_MAX_WORDS);
    // Only a chunk that ends a section (the next one opens with a heading) may fall short.
    const endsSection = (index: number) => {
      const next = chunks[index + 1];
      return !next || next.text.startsWith(`${next.headingPath.at(-1)}\n\n`);
    };
    const short = chunks.filter((chunk, index) => chunk.wordCount < 250 && !endsSection(index));
    expect(short).toEqual([]);
    const sectionEnds = chunks.filter((_, index) => endsSection(index));
    expect(sectionEnds.length).toBe(3);
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual(chunks.map((_, index) => index));
  });

  it('cuts only between sentences, and counts words as the segmenter does', () => {
    for (const chunk of chunks) {
      for (const piece of sentencesOf(chunk)) expect(all.has(piece), piece).toBe(true);
      expect(chunk.wordCount).toBe(countWords(chunk.text));
    }
  });

  it('carries about 15 % of the target as whole trailing sentences into the next chunk', () => {
    let overlaps = 0;
    for (let i = 1; i < chunks.length; i++) {
      const previous = sentencesOf(chunks[i - 1] as ChunkDraft);
      const current = sentencesOf(chunks[i] as ChunkDraft);
      const shared = current.filter((s) => previous.includes(s));
      if (shared.length === 0) continue;
      overlaps++;
      // The shared sentences are the previous chunk's tail and this chunk's head.
      expect(previous.slice(-shared.length)).toEqual(shared);
      expect(current.slice(0, shared.length)).toEqual(shared);
      const words = shared.reduce((sum, s) => sum + countWords(s), 0);
      expect(words).toBeGreaterThanOrEqual(CHUNK_TARGET_WORDS * CHUNK_OVERLAP_RATIO * 0.5);
      expect(words).toBeLessThanOrEqual(CHUNK_TARGET_WORDS * CHUNK_OVERLAP_RATIO * 1.5);
    }
    expect(overlaps).toBeGreaterThan(3);
  });

  it('starts a new chunk at a top-level heading, without overlap across it', () => {
    const partTwo = chunks.findIndex((chunk) => chunk.headingPath[0] === 'Part Two');
    expect(chunks[partTwo]?.text.startsWith('Part Two\n\nSentence 125 says')).toBe(true);
    expect(chunks[partTwo]?.headingPath).toEqual(['Part Two']);
    expect(chunks[0]?.headingPath).toEqual(['Part One']);
    const section = chunks.find((chunk) => chunk.headingPath.includes('A section'));
    expect(section?.headingPath).toEqual(['Part One', 'A section']);
  });

  it('files a chunk that opens with stacked headings under the innermost one', () => {
    const [first, second] = chunkDocument(
      doc([heading('Book One', 1), heading('Part I', 2), block(paragraph(0, 40))]),
    );
    expect(first?.headingPath).toEqual(['Book One', 'Part I']);
    expect(first?.text.startsWith('Book One\n\nPart I\n\nSentence 0 says')).toBe(true);
    expect(second?.headingPath).toEqual(['Book One', 'Part I']);
  });

  it('splits a single sentence longer than the ceiling, and only then', () => {
    const long = `${'word '.repeat(800).trim()}.`;
    const pieces = chunkDocument(doc([block(long)]), { maxWords: 350 });
    expect(pieces.map((chunk) => chunk.wordCount)).toEqual([350, 350, 100]);
    expect(pieces.map((chunk) => chunk.text).join(' ')).toBe(long);
  });

  it('carries pages, labels and the first anchor of its blocks; never spans two pages', () => {
    const paged = chunkDocument(
      doc([
        block(paragraph(0, 20), { page: 4, endPage: 4, pageLabel: '26', anchor: null }),
        block(paragraph(20, 10), { page: 4, endPage: 4, pageLabel: '26', anchor: '11.165.2' }),
        block(paragraph(30, 30), { page: 5, endPage: 5, pageLabel: '27', anchor: '11.165.3' }),
      ]),
    );
    expect(paged[0]).toMatchObject({ page: 4, startPage: 4, pageLabel: '26', anchor: '11.165.2' });
    for (const chunk of paged) expect(chunk.endPage).toBe(chunk.page);
    const last = paged[paged.length - 1] as ChunkDraft;
    expect(last).toMatchObject({ page: 5, pageLabel: '27', anchor: '11.165.3' });
    // No overlap is carried across the page break: page 5's chunks hold page 5's words only.
    expect(
      paged
        .filter((chunk) => chunk.page === 5)
        .map((c) => c.text)
        .join(' '),
    ).not.toMatch(/Sentence (?:[0-2]?\d) says/);
  });

  it("heads the chunks after a title page inside a PDF with that work's title", () => {
    const chunks = chunkDocument({
      ...doc([
        { ...heading('CASTES IN INDIA', 1), page: 1, endPage: 1 },
        block('Paper read at Columbia', { page: 1, endPage: 1 }),
        block(paragraph(0, 20), { page: 2, endPage: 2 }),
        { ...heading('ANNIHILATION OF CASTE', 1), page: 3, endPage: 3 },
        block('With A Reply to Mahatma Gandhi', { page: 3, endPage: 3 }),
        { ...heading('PROLOGUE', 1), page: 4, endPage: 4 },
        block(paragraph(20, 20), { page: 4, endPage: 4 }),
      ]),
      title: 'Castes in India',
    });
    expect(chunks.map((chunk) => chunk.headingPath)).toEqual([
      ['CASTES IN INDIA'],
      ['Annihilation of Caste', 'PROLOGUE'],
    ]);
  });

  it('keeps title pages and site navigation out of the chunks', () => {
    const chunks = chunkDocument(
      doc([
        { ...heading('ANNIHILATION OF CASTE', 1), page: 1, endPage: 1 },
        block('With A Reply to Mahatma Gandhi', { page: 1, endPage: 1 }),
        block('Dr. B. R. Ambedkar', { page: 1, endPage: 1 }),
        block(paragraph(0, 20), { page: 2, endPage: 2 }),
        block('The last page of a chapter has a short paragraph of running prose that stays.', {
          page: 3,
          endPage: 3,
        }),
      ]),
    );
    expect(chunks.map((chunk) => chunk.page)).toEqual([2, 3]);
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual([0, 1]);
    const text = chunkDocument(
      doc([
        block(paragraph(0, 5)),
        block('-- main book index page -- detailed book section-map -- book sources --'),
      ]),
    );
    expect(text.map((chunk) => chunk.text).join(' ')).not.toContain('main book index');
  });

  it('counts Devanagari and Tamil words and sets the language of each chunk', () => {
    const hindi = 'डॉ. अम्बेडकर ने संविधान सभा में भाषण दिया। यह भाषण बहुत प्रसिद्ध है। ';
    const [chunk] = chunkDocument(doc([block(hindi.repeat(3))], 'hi'));
    expect(chunk?.wordCount).toBe(3 * 13);
    expect(chunk?.language).toBe('hi');
    const tamil = 'இது ஒரு சோதனை வாக்கியம். ';
    const [tamilChunk] = chunkDocument(doc([block(tamil.repeat(5))]));
    expect(tamilChunk?.wordCount).toBe(20);
    expect(tamilChunk?.language).toBe('ta');
  });

  it('makes no chunk of an empty document', () => {
    expect(chunkDocument(doc([]))).toEqual([]);
  });
});

describe.skipIf(!corpusAvailable)('chunkDocument on the corpus', () => {
  it('chunks a BAWS PDF with pages, printed labels and sizes in range', async () => {
    const file = corpusFile('ambedkar', 'pdf', 'baws_vol01_annihilation_of_caste.pdf');
    const loaded = await loadDocument({
      fileName: file,
      bytes: new Uint8Array(readFileSync(file)),
    });
    const chunks = chunkDocument(loaded);
    for (const chunk of chunks) {
      expect(chunk.pageLabel).toBe(String((chunk.page ?? 0) + 22));
      expect(chunk.startPage).toBe(chunk.page);
      expect(chunk.endPage ?? 0).toBeGreaterThanOrEqual(chunk.page ?? 0);
      expect(chunk.wordCount).toBeLessThanOrEqual(CHUNK_MAX_WORDS);
    }
    const sizes = chunks.map((chunk) => chunk.wordCount).sort((a, b) => a - b);
    const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
    expect(median).toBeGreaterThanOrEqual(250);
    const found = chunks.find((chunk) =>
      chunk.text.includes('The recent discussion about the excluded'),
    );
    expect(found).toMatchObject({ page: 30, pageLabel: '52' });
  }, 30_000);

  it('chunks the Tamil text with Tamil word counts', async () => {
    const file = corpusFile('indic', 'ta_castes_in_india_tamil.txt');
    const loaded = await loadDocument({
      fileName: file,
      bytes: new Uint8Array(readFileSync(file)),
    });
    const chunks = chunkDocument(loaded);
    expect(loaded.language).toBe('ta');
    expect(chunks.filter((chunk) => chunk.language === 'ta').length).toBeGreaterThan(
      chunks.length * 0.9,
    );
    for (const chunk of chunks) {
      expect(chunk.wordCount).toBe(countWords(chunk.text));
      expect(chunk.wordCount).toBeLessThanOrEqual(CHUNK_MAX_WORDS);
    }
    // Words, not whitespace-separated tokens or characters: far fewer than the characters.
    const total = chunks.reduce((sum, chunk) => sum + chunk.wordCount, 0);
    expect(total).toBeGreaterThan(5_000);
    expect(total).toBeLessThan(20_000);
  });
});

describe('chunkDocument: one voice per chunk', () => {
  const president = { speakerRole: 'other', speaker: 'President', textKind: 'speech' } as const;
  const reformer = {
    speakerRole: 'reformer',
    speaker: 'Dr. B. R. Ambedkar',
    textKind: 'speech',
  } as const;

  it('closes the chunk where the speaker changes, carrying none of his words over', () => {
    const chunks = chunkDocument(
      doc([
        block(paragraph(1, 6), { attribution: president }),
        block(paragraph(7, 6), { attribution: reformer }),
        block(paragraph(13, 2), { attribution: reformer }),
      ]),
    );
    expect(chunks.map((chunk) => chunk.attribution)).toEqual([president, reformer]);
    expect(chunks[1]?.text.startsWith(sentence(7))).toBe(true);
    expect(chunks[1]?.text).toContain(sentence(14));
  });

  it('without attribution, chunks are as before and unknown', () => {
    const chunks = chunkDocument(doc([block(paragraph(1, 6)), block(paragraph(7, 6))]));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.attribution.speakerRole).toBe('unknown');
  });
});
