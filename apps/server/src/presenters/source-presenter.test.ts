import { SOURCE_EXCERPT_MAX_LENGTH, sourceSchema } from '@samvad/contracts/sources';
import { describe, expect, it } from 'vitest';
import type { Attribution } from '../knowledge/attribution.ts';
import type { Passage } from '../retrieval/passage.ts';
import {
  excerptOf,
  ownDocumentLink,
  presentSource,
  speakerOf,
  withOwnLink,
} from './source-presenter.ts';

function passage(attribution: Partial<Attribution> & Partial<Passage>): Passage {
  return {
    id: 'c1',
    documentId: 'd1',
    ordinal: 3,
    page: 12,
    startPage: 12,
    endPage: 12,
    pageLabel: null,
    anchor: null,
    headingPath: [],
    fileName: 'cad_volume_11.html',
    contentType: 'text/html',
    title: 'Constituent Assembly Debates, vol. 11',
    titleOverride: null,
    author: null,
    volume: null,
    year: null,
    text: 'Sir, I rise to support the motion.',
    score: 0.8,
    link: '/api/documents/d1/file#page=12',
    lexicalScore: 0.5,
    denseScore: null,
    speakerRole: 'unknown',
    speaker: null,
    textKind: 'speech',
    ...attribution,
  };
}

describe('presentSource', () => {
  it('cites what an admin set before what the title and file name say (ADR 034)', () => {
    const edited = passage({
      titleOverride: 'Constituent Assembly Debates (Proceedings)',
      author: 'Lok Sabha Secretariat',
      volume: '7',
      year: 1948,
    });
    expect(presentSource(edited)).toMatchObject({
      title: 'Constituent Assembly Debates (Proceedings)',
      author: 'Lok Sabha Secretariat',
      volume: '7',
      year: 1948,
    });
    // Unset, the volume is read from the admin's title or the file name as before.
    expect(presentSource(passage({ titleOverride: 'Debates' }))).toMatchObject({
      title: 'Debates',
      volume: '11',
    });
    expect(presentSource(passage({})).author).toBeUndefined();
    // A part of a bound volume is still named by its own title.
    const part = passage({
      titleOverride: 'Writings and Speeches',
      headingPath: ['Annihilation of Caste with a Reply to Mahatma Gandhi'],
    });
    expect(presentSource(part).title).toBe('Annihilation of Caste with a Reply to Mahatma Gandhi');
  });

  it("names no speaker for the reformer's own words", () => {
    const source = presentSource(passage({ speakerRole: 'reformer', speaker: 'B. R. Ambedkar' }));
    expect('speaker' in source).toBe(false);
    expect(sourceSchema.parse(source)).toEqual(source);
  });

  it("names the speaker of another member's words", () => {
    const source = presentSource(
      passage({ speakerRole: 'other', speaker: 'T. T. Krishnamachari' }),
    );
    expect(source.speaker).toBe('T. T. Krishnamachari');
    expect(sourceSchema.parse(source)).toEqual(source);
  });

  it('says when the speaker is not known, so the words are never taken for his', () => {
    expect(presentSource(passage({ speakerRole: 'unknown', speaker: null })).speaker).toBe(
      'Unknown speaker',
    );
  });

  it('links a PDF to its page, and every other format to the reader at the passage', () => {
    const pdf = presentSource(passage({ contentType: 'application/pdf', fileName: 'a.pdf' }));
    expect(pdf.link).toBe('/api/documents/d1/file#page=12');
    const html = presentSource(passage({}));
    expect(html.link).toBe('/sources/d1?chunk=c1');
    const markdown = presentSource(passage({ contentType: 'text/markdown', page: null }));
    expect(markdown.link).toBe('/sources/d1?chunk=c1');
  });

  it('gives a debate passage its paragraph id, in the link and on its own', () => {
    const source = presentSource(passage({ anchor: '11.165.2' }));
    expect(source.link).toBe('/sources/d1?chunk=c1#p-11.165.2');
    expect(source.paragraph_id).toBe('11.165.2');
    // An HTML element id is no debate paragraph: not shown, not linked.
    const other = presentSource(passage({ anchor: 'section-3' }));
    expect(other.link).toBe('/sources/d1?chunk=c1');
    expect('paragraph_id' in other).toBe(false);
    expect(sourceSchema.parse(source)).toEqual(source);
  });

  it("names the document by its title, keeping the spec's file name", () => {
    const source = presentSource(passage({}));
    expect(source.title).toBe('Constituent Assembly Debates, vol. 11');
    expect(source.file_name).toBe('cad_volume_11.html');
    // A title that is only the file name adds nothing.
    expect('title' in presentSource(passage({ title: 'cad_volume_11.html' }))).toBe(false);
  });

  it('names the work of the page in a PDF that binds several (issue #29)', () => {
    // Ambedkar_book.pdf of the shared corpus is titled after its first work, Castes in India;
    // its page 37 is in Annihilation of Caste, which the chunker gives as the first heading.
    const book = {
      fileName: 'Ambedkar_book.pdf',
      contentType: 'application/pdf',
      title: 'Castes in India Their Mechanism, Genesis and Development',
      page: 37,
    };
    const inPart = presentSource(
      passage({ ...book, headingPath: ['Annihilation of Caste with a Reply to Mahatma Gandhi'] }),
    );
    expect(inPart.title).toBe('Annihilation of Caste with a Reply to Mahatma Gandhi');
    // A running head in capitals, or a short label, is not a work's title.
    expect(presentSource(passage({ ...book, headingPath: ['ANNIHILATION OF CASTE'] })).title).toBe(
      book.title,
    );
    expect(presentSource(passage({ ...book, headingPath: ['Chapter IV'] })).title).toBe(book.title);
  });
});

describe('speakerOf', () => {
  it('maps each role to what the reader is told', () => {
    expect(speakerOf({ speakerRole: 'reformer', speaker: null })).toBeUndefined();
    expect(speakerOf({ speakerRole: 'other', speaker: 'M. K. Gandhi' })).toBe('M. K. Gandhi');
    expect(speakerOf({ speakerRole: 'other', speaker: null })).toBe('Unknown speaker');
    expect(speakerOf({ speakerRole: 'other', speaker: '  ' })).toBe('Unknown speaker');
    expect(speakerOf({ speakerRole: 'editor', speaker: null })).toBe('Editor');
    expect(speakerOf({ speakerRole: 'editor', speaker: 'Vasant Moon' })).toBe(
      'Vasant Moon (editor)',
    );
    expect(speakerOf({ speakerRole: 'unknown', speaker: 'Someone' })).toBe('Unknown speaker');
  });

  it('collapses whitespace and bounds a long name in code points', () => {
    expect(speakerOf({ speakerRole: 'other', speaker: ' T. T.\n Krishnamachari ' })).toBe(
      'T. T. Krishnamachari',
    );
    const long = speakerOf({ speakerRole: 'other', speaker: '😀'.repeat(500) }) ?? '';
    expect([...long]).toHaveLength(120);
    const editor = speakerOf({ speakerRole: 'editor', speaker: 'x'.repeat(500) }) ?? '';
    expect([...editor]).toHaveLength(120);
    expect(editor.endsWith(' (editor)')).toBe(true);
  });
});

describe('excerptOf', () => {
  it('keeps a short passage whole, with its whitespace collapsed', () => {
    expect(excerptOf('  Educate,\n\n agitate,  organise. ')).toBe('Educate, agitate, organise.');
  });

  it('cuts a long passage after the last whole sentence that fits', () => {
    const sentence = 'Caste is a state of mind and a disease of the mind. ';
    const excerpt = excerptOf(sentence.repeat(20));
    expect([...excerpt].length).toBeLessThanOrEqual(SOURCE_EXCERPT_MAX_LENGTH);
    expect(excerpt.endsWith('mind.')).toBe(true);
    expect(excerpt.startsWith('Caste is')).toBe(true);
  });

  it('cuts at a word with an ellipsis when no sentence ends in reach, counting code points', () => {
    const excerpt = excerptOf(`${'जाति '.repeat(150)}😀`);
    expect([...excerpt].length).toBeLessThanOrEqual(SOURCE_EXCERPT_MAX_LENGTH);
    expect(excerpt.endsWith('जाति…')).toBe(true);
  });
});

describe('ownDocumentLink (issue 19: shared sources link only to this server)', () => {
  it("keeps this server's document links, rebuilt from their parts", () => {
    expect(ownDocumentLink('/api/documents/Ab_9-x/file#page=12')).toBe(
      '/api/documents/Ab_9-x/file#page=12',
    );
    expect(ownDocumentLink('/api/documents/Ab_9-x/file')).toBe('/api/documents/Ab_9-x/file');
  });

  it('drops every other link', () => {
    for (const link of [
      undefined,
      'https://evil.example/api/documents/x/file',
      '//evil.example/api/documents/x/file',
      'javascript:alert(1)',
      '/api/documents/x/file#page=1" onmouseover="x',
      '/api/documents/../admin/file',
      '/api/documents/x/file?download=1',
      '/api/documents/x/file#page=0',
      '/api/other/x',
    ]) {
      expect(ownDocumentLink(link), String(link)).toBeUndefined();
    }
  });

  it("keeps the source reader's links, rebuilt from their parts (issue 20)", () => {
    expect(ownDocumentLink('/sources/Ab_9-x?chunk=Ab_9-x-12')).toBe(
      '/sources/Ab_9-x?chunk=Ab_9-x-12',
    );
    expect(ownDocumentLink('/sources/Ab?chunk=Ab-3#p-11.165.2')).toBe(
      '/sources/Ab?chunk=Ab-3#p-11.165.2',
    );
    for (const link of [
      '/sources/Ab?chunk=Ab-3#p-x" onclick="y',
      '/sources/../admin?chunk=1',
      '/sources/Ab?chunk=Ab-3&next=https://evil.example',
      'https://evil.example/sources/Ab?chunk=Ab-3',
    ]) {
      expect(ownDocumentLink(link), link).toBeUndefined();
    }
  });

  it('withOwnLink keeps the source and drops only a foreign link', () => {
    const source = { file_name: 'a.pdf', score: 0.5, link: 'https://evil.example/' };
    expect(withOwnLink(source)).toEqual({ file_name: 'a.pdf', score: 0.5 });
  });
});
