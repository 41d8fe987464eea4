import type { Passage } from '../../src/retrieval/passage.ts';

let next = 0;

/**
 * A retrieved passage for unit tests of the answer rules: its text, and whatever the test needs
 * to differ from a reformer's page-less plain-text writing (ids are unique per call).
 */
export function testPassage(text: string, extra: Partial<Passage> = {}): Passage {
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
    fileName: `doc_${next}.txt`,
    contentType: 'text/plain',
    title: `Doc ${next}`,
    titleOverride: null,
    author: null,
    volume: null,
    year: null,
    text,
    score: 0.5,
    link: `/api/documents/d${next}/file`,
    lexicalScore: null,
    denseScore: null,
    speakerRole: 'reformer',
    speaker: null,
    textKind: 'writing',
    ...extra,
  };
}
