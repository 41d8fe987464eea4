/**
 * Issue #30 item 8: labelling an unknown speaker as the reformer passed every test that runs
 * without the shared corpus, in attribution and in the model prompt's speaker line. Both are
 * pinned here with the team's own text, no corpus needed.
 */
import type { Persona } from '@samvad/contracts/persona';
import { describe, expect, it } from 'vitest';
import { testPassage } from '../../test/support/test-passage.ts';
import { answerPrompt } from '../answers/prompt.ts';
import type { Passage } from '../retrieval/passage.ts';
import { attributeDocument } from './attribute.ts';
import { chunkDocument } from './chunker.ts';
import { defaultReformerNames } from './speaker-names.ts';
import type { LoadedBlock, LoadedDocument } from './types.ts';

const paragraph = (text: string): LoadedBlock => ({
  kind: 'paragraph',
  text,
  page: null,
  endPage: null,
  pageLabel: null,
  anchor: null,
});

/** A document that says nothing of whose words it holds. */
const NOBODYS: LoadedDocument = {
  title: 'Notes on wells',
  titleSource: 'declared',
  contentType: 'text/plain',
  language: 'en',
  pageCount: null,
  warnings: [],
  provenance: [],
  blocks: [
    paragraph('The village well was shared by every family until the drought came.'),
    paragraph('Then the council met and decided who might draw water first.'),
  ],
};

describe('a speaker nothing tells', () => {
  it('is unknown in attribution, never the reformer', async () => {
    const chunks = chunkDocument(attributeDocument(NOBODYS, await defaultReformerNames()));
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) {
      expect(chunk.attribution).toMatchObject({ speakerRole: 'unknown', speaker: null });
    }
    // The same text with an author line of his is his: the rule above is about evidence.
    const his = chunkDocument(
      attributeDocument(
        { ...NOBODYS, provenance: ['AUTHOR: Dr. B. R. Ambedkar'] },
        await defaultReformerNames(),
      ),
    );
    expect(his[0]?.attribution.speakerRole).toBe('reformer');
  });

  it('is "not known" in the model prompt’s speaker line, never the reformer’s name', () => {
    const persona = { reformerName: 'Dr. B. R. Ambedkar', productName: 'Samvad' } as Persona;
    const passage = (speakerRole: Passage['speakerRole']): Passage =>
      testPassage('The village well was shared by every family.', {
        id: speakerRole,
        documentId: 'wells',
        fileName: 'wells.txt',
        title: 'Notes on wells',
        link: '/api/documents/wells/file',
        speakerRole,
      });
    const prompt = answerPrompt('Who shared the well?', [passage('unknown')], persona, 'en');
    const line = prompt.split('\n').find((text) => text.startsWith('[1] Speaker:')) ?? '';
    expect(line).toMatch(/^\[1\] Speaker: not known \(do not attribute these words to .+\)\./);
    expect(line.replace(/\(do not attribute[^)]*\)/, '')).not.toContain('Ambedkar');
    const reformer = answerPrompt('Who shared the well?', [passage('reformer')], persona, 'en');
    expect(reformer).toContain('[1] Speaker: Dr. B. R. Ambedkar. Source:');
  });
});
