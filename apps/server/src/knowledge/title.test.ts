import { describe, expect, it } from 'vitest';
import { chooseTitle, openingTitleLine } from './title.ts';
import type { LoadedBlock } from './types.ts';

const paragraph = (text: string): LoadedBlock => ({
  kind: 'paragraph',
  text,
  page: null,
  endPage: null,
  pageLabel: null,
  anchor: null,
});

// Issue 20, item 8: sources show titles, so a title should not be the file name when the text
// names itself.
describe('chooseTitle', () => {
  it("takes a plain text's opening title line over its file name", () => {
    const blocks = [
      paragraph('இந்தியாவில் சாதிகள்-'),
      paragraph('- டாக்டர் பாபாசாகேப் அம்பேத்கர்'),
      paragraph('The text proper starts here and runs on for a long while.'),
    ];
    expect(chooseTitle(null, blocks, 'ta_castes_in_india_tamil.txt')).toEqual({
      title: 'இந்தியாவில் சாதிகள்',
      source: 'opening_line',
    });
  });

  it('does not take a salutation, a sentence or a lone line for a title', () => {
    const body = paragraph('I am really sorry for the members of the Mandal who invited me.');
    expect(openingTitleLine([paragraph('Friends,'), body])).toBeNull();
    expect(openingTitleLine([paragraph('It was a hot day in the city.'), body])).toBeNull();
    expect(openingTitleLine([paragraph('Preface'), body])).toBeNull();
    expect(openingTitleLine([paragraph('Waiting for a Visa')])).toBeNull();
    // Nothing names it: the file name, said to be one.
    expect(chooseTitle(null, [body], 'baws_data8.txt')).toEqual({
      title: 'Baws Data8',
      source: 'file_name',
    });
  });

  it('keeps a declared title and a heading first', () => {
    const blocks = [paragraph('Short Line Title'), paragraph('Body text of the document here.')];
    expect(chooseTitle('Annihilation of Caste', blocks, 'a.txt')).toEqual({
      title: 'Annihilation of Caste',
      source: 'declared',
    });
    expect(chooseTitle(null, blocks, 'a.txt', 'From the SOURCE header')).toEqual({
      title: 'From the SOURCE header',
      source: 'header',
    });
  });
});

describe('a title set in capitals at the top of a text', () => {
  const intro = { ...paragraph('Intro'), kind: 'heading' as const, level: 1 };
  const body = paragraph('The speech prepared by me for the Jat-Pat-Todak Mandal of Lahore.');

  it('is read across its lines, under a heading that names no work', () => {
    // The Markdown e-text of Annihilation of Caste opens so.
    const blocks = [
      intro,
      paragraph('ANNIHILATION OF CASTE'),
      paragraph('WITH'),
      paragraph('A REPLY TO MAHATMA GANDHI'),
      paragraph('"Know Truth as Truth and Untruth as Untruth"'),
      body,
    ];
    expect(chooseTitle(null, blocks, 'annihilation_of_caste.md')).toEqual({
      title: 'Annihilation of Caste with a Reply to Mahatma Gandhi',
      source: 'opening_line',
    });
  });

  it('is not a heading every book has, nor a text that is all capitals', () => {
    // The Buddha and His Dhamma's e-text opens with its editor's introduction.
    const editors = [
      { ...paragraph("EDITOR'S INTRODUCTION"), kind: 'heading' as const, level: 1 },
      paragraph("EDITOR'S INTRODUCTION"),
      paragraph('by Frances W. Pritchett, Columbia University'),
      body,
    ];
    expect(chooseTitle(null, editors, 'the_buddha_and_his_dhamma.md').source).toBe('file_name');
    expect(openingTitleLine([intro, paragraph('ALL THAT THERE IS')])).toBeNull();
  });
});
