import { describe, expect, it } from 'vitest';
import { attributeDocument } from './attribute.ts';
import { chunkOffThread, INLINE_TEXT_CHARS, textCharsOf } from './chunk-off-thread.ts';
import { chunkDocument } from './chunker.ts';
import type { ReformerNames } from './speaker-names.ts';
import { LoadError, type LoadedBlock, type LoadedDocument } from './types.ts';

const names: ReformerNames = { reformerName: 'B. R. Ambedkar', reformerAliases: ['Ambedkar'] };

/** A document of `paragraphs` numbered paragraphs on numbered pages, ~560 characters each. */
function documentOf(paragraphs: number): LoadedDocument {
  const blocks: LoadedBlock[] = Array.from({ length: paragraphs }, (_, p) => ({
    kind: 'paragraph',
    text: Array.from(
      { length: 8 },
      (_, s) => `Paragraph ${p} sentence ${s} says that caste is a state of mind, not a wall.`,
    ).join(' '),
    page: 1 + Math.floor(p / 4),
    endPage: 1 + Math.floor(p / 4),
    pageLabel: null,
    anchor: null,
  }));
  return {
    title: 'T',
    titleSource: 'declared',
    contentType: 'application/pdf',
    language: 'en',
    pageCount: Math.ceil(paragraphs / 4),
    blocks,
    warnings: [],
  };
}

describe('chunkOffThread', () => {
  const large = documentOf(1_000);

  it('gives the inline chunker’s passages, from a thread when the text is large', async () => {
    expect(textCharsOf(large)).toBeGreaterThan(INLINE_TEXT_CHARS);
    const inline = chunkDocument(attributeDocument(large, names));
    expect(inline.length).toBeGreaterThan(50);
    expect(await chunkOffThread(large, names)).toEqual(inline);
  });

  it('leaves the event loop turning while a large document is chunked', async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 1);
    try {
      const chunking = chunkOffThread(large, names);
      // Inline chunking would finish inside the call, before any timer could fire.
      await chunking;
      expect(turns).toBeGreaterThan(0);
    } finally {
      clearInterval(ticker);
    }
  });

  it('chunks a small document inline, with the same result', async () => {
    const small = documentOf(10);
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const drafts = await chunkOffThread(small, names);
    clearInterval(ticker);
    expect(turns).toBe(0);
    expect(drafts).toEqual(chunkDocument(attributeDocument(small, names)));
  });

  it('stops a thread past its time limit with a reason the uploader is shown', async () => {
    const failure = await chunkOffThread(large, names, { timeLimitMs: 1 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(LoadError);
    expect(failure).toMatchObject({ reason: 'too_large' });
    expect((failure as Error).message).toMatch(/took over [\d.]+ s/);
  });
});
