import { describe, expect, it } from 'vitest';
import type { CopyCandidateRow } from '../repositories/copy-title-repository.ts';
import { type TitleProbe, titleFromCopies, titleProbes } from './copy-titles-service.ts';

// Sentences of baws_data8.txt, an excerpt of Annihilation of Caste that names itself nowhere.
const EXCERPT = [
  'I am really sorry for the members of the Jat-Pat-Todak Mandal who have so very kindly invited me to preside over this Conference.',
  'I am sure they will be asked many questions for having selected me as the President.',
  'The Mandal will be asked to explain as to why it has imported a man from Bombay to preside over a function which is held in Lahore.',
  'I believe the Mandal could easily have found some one better qualified than myself to preside on the occasion.',
].join(' ');

const probes = titleProbes([EXCERPT]);

/** A chunk of another document, holding `text`. */
const candidate = (overrides: Partial<CopyCandidateRow>): CopyCandidateRow => ({
  documentId: 'pdf',
  page: 30,
  headingPath: [],
  text: EXCERPT,
  fileName: 'baws_vol01_annihilation_of_caste.pdf',
  title: 'Annihilation of Caste with a Reply to Mahatma Gandhi',
  titleSource: 'heading',
  titleOverride: null,
  ...overrides,
});

describe('titleProbes', () => {
  it('takes the long sentences, each with a run of five words as typed', () => {
    expect(probes).toHaveLength(4);
    for (const probe of probes) {
      expect(probe.key.split(' ')).toHaveLength(5);
      expect(probe.sentence).toContain(probe.key);
    }
    // "Jat-Pat-Todak" breaks a run: no key spans its hyphens.
    expect(probes[0]?.key).not.toContain('-');
  });

  it('spreads its probes over the text when there are more sentences than probes', () => {
    const many = Array.from(
      { length: 20 },
      (_, n) => `Sentence number ${n} of the text runs on for well over ten words in all.`,
    );
    const spread = titleProbes([many.join(' ')], 5).map((probe) => probe.sentence);
    expect(spread).toHaveLength(5);
    expect(spread[0]).toContain('number 0 ');
    expect(spread[4]).toContain('number 19 ');
  });

  it('takes no short sentence: those are too common to tell a work', () => {
    expect(titleProbes(['I do not agree. Nor does he. We must act now.'])).toEqual([]);
  });
});

describe('titleFromCopies', () => {
  it("takes the title of the copy holding the excerpt's words, punctuation aside", () => {
    // The PDF's copy prints the sentences with other punctuation.
    const reprinted = candidate({ text: EXCERPT.replace(/,/g, ' ;').replace(/\./g, ':') });
    expect(titleFromCopies(probes, [reprinted])).toEqual({
      documentId: 'pdf',
      title: 'Annihilation of Caste with a Reply to Mahatma Gandhi',
    });
  });

  it('needs at least half of the sentences, and two: a shared quotation is not a copy', () => {
    const one = candidate({ text: probes[0]?.sentence ?? '' });
    expect(titleFromCopies(probes, [one])).toBeNull();
    const lone: TitleProbe[] = probes.slice(0, 1);
    expect(titleFromCopies(lone, [candidate({})])).toBeNull();
  });

  it('never takes a title that is itself a file name', () => {
    const untitled = candidate({ titleSource: 'file_name', title: 'Baws Data7' });
    expect(titleFromCopies(probes, [untitled])).toBeNull();
    // Unless an admin has given that copy a title: then it is the work's.
    const named = { ...untitled, titleOverride: 'Annihilation of Caste (excerpt)' };
    expect(titleFromCopies(probes, [named])?.title).toBe('Annihilation of Caste (excerpt)');
    // Ingested before title sources were kept: judged by whether it is its tidied file name.
    const legacy = candidate({ titleSource: null, fileName: 'notes_3.txt', title: 'Notes 3' });
    expect(titleFromCopies(probes, [legacy])).toBeNull();
    const legacyTitled = candidate({ titleSource: null, fileName: 'notes_3.txt' });
    expect(titleFromCopies(probes, [legacyTitled])?.title).toBe(
      'Annihilation of Caste with a Reply to Mahatma Gandhi',
    );
  });

  it('names the part of a bound volume the words are in, not the volume', () => {
    // Ambedkar_book.pdf is titled after its first work; the chunker heads the later part's
    // chunks with that part's title.
    const book = candidate({
      documentId: 'book',
      fileName: 'Ambedkar_book.pdf',
      title: 'Castes in India Their Mechanism, Genesis and Development',
      headingPath: ['Annihilation of Caste with a Reply to Mahatma Gandhi', 'PROLOGUE'],
    });
    expect(titleFromCopies(probes, [book])?.title).toBe(
      'Annihilation of Caste with a Reply to Mahatma Gandhi',
    );
  });

  it("prefers the copy holding more, then the better title source, then pages; an admin's title first", () => {
    const markdown = candidate({
      documentId: 'md',
      page: null,
      fileName: 'annihilation_of_caste.md',
      title: 'Annihilation of Caste',
      titleSource: 'declared',
    });
    expect(titleFromCopies(probes, [candidate({}), markdown])?.documentId).toBe('md');
    const sameSource = { ...markdown, titleSource: 'heading' as const };
    expect(titleFromCopies(probes, [sameSource, candidate({})])?.documentId).toBe('pdf');
    const partial = candidate({
      documentId: 'partial',
      titleSource: 'declared',
      text: EXCERPT.slice(0, 280),
    });
    expect(titleFromCopies(probes, [partial, candidate({})])?.documentId).toBe('pdf');
    const corrected = candidate({ titleOverride: 'Annihilation of Caste (1936)' });
    expect(titleFromCopies(probes, [corrected])?.title).toBe('Annihilation of Caste (1936)');
  });
});
