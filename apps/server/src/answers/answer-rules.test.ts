import type { Persona } from '@samvad/contracts/persona';
import { describe, expect, it } from 'vitest';
import type { Passage } from '../retrieval/passage.ts';
import { answerExtractively } from './extractive-answerer.ts';

// Issue #29: the rules of the offline answer on real sentences of the shared corpus. Each
// passage is the text of a chunk as the knowledge base holds it.

const persona = {
  reformerName: 'Dr. B. R. Ambedkar',
  reformerAliases: ['Ambedkar', 'Babasaheb'],
  productName: 'Samvad',
} as unknown as Persona;
const en = { persona, language: 'en' };

let next = 0;
function passage(text: string, extra: Partial<Passage> = {}): Passage {
  next++;
  return {
    id: `c${next}`,
    documentId: `d${next}`,
    ordinal: 0,
    page: null,
    startPage: null,
    endPage: null,
    pageLabel: null,
    anchor: null,
    headingPath: [],
    fileName: `doc_${next}.html`,
    contentType: 'text/html',
    title: 'Constituent Assembly Debates, 25 Nov 1949',
    text,
    score: 0.5,
    link: `/api/documents/d${next}/file`,
    lexicalScore: null,
    denseScore: null,
    speakerRole: 'reformer',
    speaker: null,
    textKind: 'speech',
    ...extra,
  };
}

/** The quoted passages, in the order they appear. */
function quotes(answer: string): string[] {
  return [...answer.matchAll(/“([^”]+)”/g)].map((match) => match[1] ?? '');
}

// Constituent Assembly Debates, 25 November 1949, paragraphs 11.165.248–249: two turns of one
// member, the second only "Thank you very much." (cad_volume_11_25-nov-1949.html).
const KRISHNAMACHARI = passage(
  'T. T. Krishnamachari: On final word before I sit down and it is this. Let honourable Members ' +
    'realise that even those of us in the Drafting Committee had notions of our own, had bias of ' +
    'our own; but we approached this work purely without any bias, and the result is what is ' +
    'before the House. It may be good in parts like the Curate’s egg, or it may be very good ' +
    'taken as a whole, but I would only say this in conclusion that people worked on this ' +
    'Constitution only for the purpose of giving the common man of this country a Constitution ' +
    'which will make his life worth living.\n\nT. T. Krishnamachari: Thank you very much.',
  { speakerRole: 'other', speaker: 'T. T. Krishnamachari' },
);

describe('a quote never crosses a speaker’s turn', () => {
  it('leaves out the next turn, even its last line, and never quotes a speaker’s label', () => {
    const result = answerExtractively(
      'What did T. T. Krishnamachari say about the Drafting Committee and the Curate’s egg?',
      [KRISHNAMACHARI],
      en,
    );
    const quoted = quotes(result.answer);
    expect(quoted.length).toBeGreaterThan(0);
    expect(quoted.join(' ')).toContain('Curate’s egg');
    for (const text of quoted) {
      expect(text).not.toMatch(/Thank you very much/);
      expect(text).not.toMatch(/Krishnamachari:/);
    }
    expect(result.answer).toMatch(/T\. T\. Krishnamachari/);
  });
});
