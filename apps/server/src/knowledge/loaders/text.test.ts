import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, corpusFile } from '../../../test/support/corpus.ts';
import { loadText } from './text.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const texts = (bytes: Uint8Array, format: 'plain' | 'markdown') =>
  loadText(bytes, format).blocks.map((block) =>
    block.kind === 'heading' ? `h${block.level}: ${block.text}` : block.text,
  );

describe('loadText, plain text', () => {
  it('splits paragraphs on blank lines and joins wrapped lines', () => {
    expect(texts(encode('One line\nwrapped here.\n\n\nSecond para-\ngraph.\n'), 'plain')).toEqual([
      'One line wrapped here.',
      'Second paragraph.',
    ]);
  });

  it('reads UTF-8 with a BOM and CRLF or CR line endings', () => {
    const bom = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...encode('First\r\nline.\r\n\r\nSecond.\rStill.'),
    ]);
    expect(texts(bom, 'plain')).toEqual(['First line.', 'Second. Still.']);
  });

  it('falls back to Windows-1252 for text that is not UTF-8, with a warning', () => {
    const result = loadText(new Uint8Array([0x93, 0x43, 0x61, 0x73, 0x74, 0x65, 0x94]), 'plain');
    expect(result.blocks[0]?.text).toBe('“Caste”');
    expect(result.warnings).toEqual([expect.stringMatching(/Windows-1252/)]);
  });

  it('takes the title and section from an excerpt header and drops the header', () => {
    const result = loadText(
      encode(
        'SOURCE: BAWS Vol. 1\nTITLE: Annihilation of Caste\nSECTION: Prologue\nTYPE: Essay\nThe text.',
      ),
      'plain',
    );
    expect(result.title).toBe('Annihilation of Caste');
    expect(texts(encode('SOURCE: X\nSPEECH TITLE: Y\nBody.'), 'plain')).toEqual(['Body.']);
    expect(result.blocks.map((block) => [block.kind, block.text])).toEqual([
      ['heading', 'Prologue'],
      ['paragraph', 'The text.'],
    ]);
    // Without a TITLE, the source and kind of text name the document (not the file name).
    const untitled = loadText(
      encode('data25.txt   SOURCE: BAWS Vol. 1\nTYPE: Political Essay\nThe text.'),
      'plain',
    );
    expect(untitled).toMatchObject({ title: null, fallbackTitle: 'BAWS Vol. 1: Political Essay' });
    expect(untitled.blocks.map((block) => block.text)).toEqual(['The text.']);
    // One "WORD:" line is text, not a header.
    expect(texts(encode('NOTE: this is the text.'), 'plain')).toEqual(['NOTE: this is the text.']);
  });
});

describe('loadText, Markdown', () => {
  it('turns # headings into heading blocks and strips Markdown syntax', () => {
    const markdown = [
      '# Book',
      '## **PREFACE**',
      'The *speech* prepared by me for the [Mandal](#m01) has had a __warm__ reception.',
      '',
      '[![](graphics/cover.jpg)](graphics/cover.jpg)',
      '',
      '> Quoted from the `Harijan`,',
      '> 1936\\.',
      '',
      '_\\_\\_\\_\\_\\__',
      '<!-- an editorial comment -->',
      '| a | b |',
      '|---|---|',
    ].join('\n');
    expect(texts(encode(markdown), 'markdown')).toEqual([
      'h1: Book',
      'h2: PREFACE',
      'The speech prepared by me for the Mandal has had a warm reception.',
      'Quoted from the Harijan, 1936.',
      'a | b',
    ]);
  });

  it('makes chapter comments of the joined corpus files top-level headings', () => {
    const markdown = [
      '<!-- Concatenated, unedited … -->',
      '<!-- source file: a/01_Intro.md | front-matter title: 01 Intro -->',
      '## Contents',
      'Text one.',
      '<!-- source file: b.md | front-matter title: 03 BOOK ONE:xa0 SIDDHARTH\\nGAUTAMA â€” PART I -->',
      'Text two.',
    ].join('\n');
    expect(texts(encode(markdown), 'markdown')).toEqual([
      'h1: Intro',
      'h3: Contents',
      'Text one.',
      'h1: BOOK ONE: SIDDHARTH GAUTAMA — PART I',
      'Text two.',
    ]);
  });
});

describe.skipIf(!corpusAvailable)('loadText on the corpus', () => {
  it('reads the Tamil text despite its BOM and CRLF line endings', () => {
    const path = corpusFile('indic', 'ta_castes_in_india_tamil.txt');
    const raw = readFileSync(path);
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(raw.includes('\r\n')).toBe(true);
    const { blocks } = loadText(new Uint8Array(raw), 'plain');
    const all = blocks.map((block) => block.text).join('\n');
    expect(all).not.toMatch(/[\uFEFF\r]/);
    expect(blocks[0]?.text).toBe('இந்தியாவில் சாதிகள்-');
    // One paragraph per line in this unwrapped file.
    expect(blocks.length).toBeGreaterThan(80);
    expect(all).toContain('இந்தியாவில் சாதிகள் - அவற்றின் அமைப்பியக்கம், தோற்றம், வளர்ச்சி');
  });

  it('reads the chapters and headings of a joined Markdown book', () => {
    const path = corpusFile('ambedkar', 'text', 'annihilation_of_caste.md');
    const { blocks } = loadText(new Uint8Array(readFileSync(path)), 'markdown');
    const chapters = blocks.filter((block) => block.kind === 'heading' && block.level === 1);
    expect(chapters.map((block) => block.text)).toEqual([
      'Intro',
      'PROLOGUE',
      'Text',
      'APPENDIX I A VINDICATION OF CASTE BY MAHATMA GANDHI',
      'APPENDIX II A REPLY TO THE MAHATMA BY DR B R AMBEDKAR',
    ]);
    const all = blocks.map((block) => block.text).join('\n');
    expect(all).not.toMatch(/\]\(|!\[|<!--|^>|\*\*/m);
    expect(all).toContain('The speech prepared by me for the Jat-Pat-Todak Mandal of Lahore');
  });
});
