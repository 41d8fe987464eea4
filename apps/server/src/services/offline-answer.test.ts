import type { Persona } from '@samvad/contracts/persona';
import { describe, expect, it } from 'vitest';
import { testPassage } from '../../test/support/test-passage.ts';
import { REPLY_TEXTS } from '../answers/reply-texts.ts';
import type { EmbeddingClient } from '../retrieval/embedding-client.ts';
import type { KnowledgeIndex } from '../retrieval/knowledge-index.ts';
import { offlineAnswer } from './offline-answer.ts';

const persona = { reformerName: 'Dr. B. R. Ambedkar', productName: 'Samvad' } as Persona;
const index = { following: async () => null } as unknown as KnowledgeIndex;
const REMEDY = testPassage(
  'The real remedy is to destroy the belief in the sanctity of the shastras. Caste will not ' +
    'fall while people hold the shastras to be sacred. Reform must reach the roots of belief.',
  { title: 'Remedy' },
);

/** A model that answers only when told to: how long the sentences' embedding takes. */
function heldModel() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const calls: string[][] = [];
  const client: EmbeddingClient = {
    model: 'held',
    async embed(texts) {
      calls.push([...texts]);
      await released;
      return texts.map((_, i) => Float32Array.from([1, i / 10]));
    },
  };
  return { client, release, calls };
}

describe('offlineAnswer', () => {
  it('streams the opening line while the sentences are still being embedded', async () => {
    const model = heldModel();
    const stream = offlineAnswer(
      { index, persona, embeddings: model.client },
      'What is the real remedy?',
      [REMEDY],
      'en',
    );
    const tokens = stream.tokens[Symbol.asyncIterator]();
    const first = await tokens.next();
    expect(first.value).toBe('Here ');
    // The question and the candidate sentences were sent to the model, which has not answered.
    expect(model.calls.flat()).toContain(
      'Caste will not fall while people hold the shastras to be sacred.',
    );
    expect(stream.sources()).toEqual([]);
    model.release();
    let answer = first.value as string;
    for (let next = await tokens.next(); !next.done; next = await tokens.next())
      answer += next.value;
    expect(
      answer.startsWith(
        `${REPLY_TEXTS.en.opening}\n\nIn *Remedy*, Ambedkar writes: “The real remedy`,
      ),
    ).toBe(true);
    expect(answer.match(new RegExp(REPLY_TEXTS.en.opening, 'g'))).toHaveLength(1);
    expect(stream.sources().map((source) => source.file_name)).toEqual([REMEDY.fileName]);
  });

  it('says "not covered" without the opening when nothing is quotable', async () => {
    const stream = offlineAnswer(
      { index, persona, embeddings: null },
      'What is the real remedy?',
      [testPassage('1948', { title: 'Numbers' })],
      'en',
    );
    let answer = '';
    for await (const token of stream.tokens) answer += token;
    expect(answer).toBe(REPLY_TEXTS.en.notCovered);
    expect(stream.sources()).toEqual([]);
  });
});
