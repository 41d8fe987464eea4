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
    expect(chooseTitle(null, blocks, 'ta_castes_in_india_tamil.txt')).toBe('இந்தியாவில் சாதிகள்');
  });

  it('does not take a salutation, a sentence or a lone line for a title', () => {
    const body = paragraph('I am really sorry for the members of the Mandal who invited me.');
    expect(openingTitleLine([paragraph('Friends,'), body])).toBeNull();
    expect(openingTitleLine([paragraph('It was a hot day in the city.'), body])).toBeNull();
    expect(openingTitleLine([paragraph('Preface'), body])).toBeNull();
    expect(openingTitleLine([paragraph('Waiting for a Visa')])).toBeNull();
    expect(chooseTitle(null, [body], 'baws_data8.txt')).toBe('Baws Data8');
  });

  it('keeps a declared title and a heading first', () => {
    const blocks = [paragraph('Short Line Title'), paragraph('Body text of the document here.')];
    expect(chooseTitle('Annihilation of Caste', blocks, 'a.txt')).toBe('Annihilation of Caste');
    expect(chooseTitle(null, blocks, 'a.txt', 'From the SOURCE header')).toBe(
      'From the SOURCE header',
    );
  });
});
