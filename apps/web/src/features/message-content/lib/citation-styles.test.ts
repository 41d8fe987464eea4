import type { Source } from '@samvad/contracts/sources';
import { describe, expect, it } from 'vitest';
import { chicagoNote, citationParts, mlaEntry } from './citation-styles.ts';

const REFORMER = 'Dr. B. R. Ambedkar';

// Sources as the server presents them for the shared corpus.
const pdf: Source = {
  file_name: 'baws_vol01_annihilation_of_caste.pdf',
  page: 45,
  page_label: '67',
  score: 0.57,
  title: 'Annihilation of Caste with a Reply to Mahatma Gandhi',
  volume: '1',
};
const debate: Source = {
  file_name: 'cad_volume_11_25-nov-1949.html',
  score: 0.4,
  title: 'Constituent Assembly Debates, 25 Nov 1949',
  speaker: 'T. T. Krishnamachari',
  volume: '11',
  year: 1949,
};

describe('citation styles', () => {
  it('cites the reformer’s words with the work, volume and printed page', () => {
    const parts = citationParts(pdf, REFORMER);
    expect(chicagoNote(parts)).toBe(
      'B. R. Ambedkar, Annihilation of Caste with a Reply to Mahatma Gandhi, vol. 1, 67.',
    );
    expect(mlaEntry(parts)).toBe(
      'Ambedkar, B. R. Annihilation of Caste with a Reply to Mahatma Gandhi. Vol. 1, p. 67.',
    );
  });

  it('falls back to the PDF page, saying so, when no printed page is known', () => {
    const parts = citationParts({ ...pdf, page_label: null }, REFORMER);
    expect(chicagoNote(parts)).toMatch(/, PDF p\. 45\.$/);
    expect(mlaEntry(parts)).toMatch(/, PDF p\. 45\.$/);
  });

  it('names another speaker as the author, with the year of the sitting', () => {
    const parts = citationParts(debate, REFORMER);
    expect(chicagoNote(parts)).toBe(
      'T. T. Krishnamachari, Constituent Assembly Debates, 25 Nov 1949, vol. 11 (1949).',
    );
    expect(mlaEntry(parts)).toBe(
      'Krishnamachari, T. T. Constituent Assembly Debates, 25 Nov 1949. Vol. 11, 1949.',
    );
  });

  it('names the document’s author an admin set for its own words, never over a speaker', () => {
    const edited = { ...pdf, author: 'Dr. Bhimrao Ramji Ambedkar', year: 1936 };
    expect(chicagoNote(citationParts(edited, REFORMER))).toBe(
      'Bhimrao Ramji Ambedkar, Annihilation of Caste with a Reply to Mahatma Gandhi, vol. 1 (1936), 67.',
    );
    const parts = citationParts({ ...debate, author: 'Lok Sabha Secretariat' }, REFORMER);
    expect(parts.author).toBe('T. T. Krishnamachari');
  });

  it('gives no author when the speaker is not known', () => {
    const parts = citationParts({ ...debate, speaker: 'Unknown speaker' }, REFORMER);
    expect(chicagoNote(parts).startsWith('Constituent Assembly Debates')).toBe(true);
  });
});
