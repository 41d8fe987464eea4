import { describe, expect, it } from 'vitest';
import { volumeOf, yearOf } from './citation-facts.ts';

// Titles and file names of the shared corpus, as ingestion names them.
describe('citation facts', () => {
  it.each([
    [
      'Annihilation of Caste with a Reply to Mahatma Gandhi',
      'baws_vol01_annihilation_of_caste.pdf',
      '1',
    ],
    ['Constituent Assembly Debates, 25 Nov 1949', 'cad_volume_11_25-nov-1949.html', '11'],
    ['Hi Baws Hindi Volume17', 'hi_baws_hindi_volume17.pdf', '17'],
    [
      'Dr. Babasaheb Ambedkar Writings and Speeches Vol. 2: Legislative Speech',
      'baws_speech1.txt',
      '2',
    ],
    ['Annihilation of Caste', 'annihilation_of_caste.md', undefined],
  ])('%s (%s): volume %s', (title, fileName, volume) => {
    expect(volumeOf(title, fileName)).toBe(volume);
  });

  it('reads the year a title or file name records, and none where neither does', () => {
    expect(
      yearOf('Constituent Assembly Debates, 25 Nov 1949', 'cad_volume_11_25-nov-1949.html'),
    ).toBe(1949);
    expect(yearOf('Constituent Assembly Debates', 'cad_volume_01_17-dec-1946.html')).toBe(1946);
    expect(yearOf('Annihilation of Caste', 'annihilation_of_caste.md')).toBeUndefined();
    // A volume or page number is not a year.
    expect(yearOf('Hi Baws Hindi Volume17', 'hi_baws_hindi_volume17.pdf')).toBeUndefined();
  });
});
