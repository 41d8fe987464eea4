import { describe, expect, it } from 'vitest';
import type { EmbeddingClient, EmbedOptions } from '../retrieval/embedding-client.ts';
import { cosine, MEANING_GROUP, sentenceMeaning } from './sentence-meaning.ts';

/**
 * A fake model: each text's vector is given; it records every call. It takes `delayMs` for each
 * call from the `slowFrom`-th on (counted from 0, the question's; earlier calls answer at once).
 */
function fakeClient(vectors: Record<string, number[]>, delayMs = 0, slowFrom = 0) {
  const calls: Array<{ texts: string[]; kind: string | undefined }> = [];
  const client: EmbeddingClient = {
    model: 'fake',
    async embed(texts: readonly string[], options: EmbedOptions = {}) {
      const slow = calls.push({ texts: [...texts], kind: options.kind }) > slowFrom;
      if (delayMs > 0 && slow)
        await new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, delayMs);
          options.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(options.signal?.reason);
          });
        });
      return texts.map((text) => Float32Array.from(vectors[text] ?? [0, 0, 1]));
    },
  };
  return { client, calls };
}

const VECTORS = {
  'Why Nagpur?': [1, 0, 0],
  'The Nag people lived in Nagpur.': [0.8, 0.6, 0],
  'Nothing to do with it.': [0, 1, 0],
};

describe('sentenceMeaning', () => {
  it('embeds the question as a query and the sentences as passages', async () => {
    const { client, calls } = fakeClient(VECTORS);
    const meaning = await sentenceMeaning(client, 'Why Nagpur?', [
      'The Nag people lived in Nagpur.',
      'Nothing to do with it.',
      'Nothing to do with it.',
    ]);
    expect(calls).toEqual([
      { texts: ['Why Nagpur?'], kind: 'query' },
      { texts: ['The Nag people lived in Nagpur.', 'Nothing to do with it.'], kind: 'passage' },
    ]);
    expect(meaning?.cosines.get('The Nag people lived in Nagpur.')).toBeCloseTo(0.8);
    expect(meaning?.cosines.get('Nothing to do with it.')).toBeCloseTo(0);
    // Sentences read later (the next chunk) are embedded once, only those not yet known.
    await meaning?.add(['Nothing to do with it.', 'Unknown words here.']);
    expect(calls.at(-1)).toEqual({ texts: ['Unknown words here.'], kind: 'passage' });
    expect(meaning?.cosines.get('Unknown words here.')).toBeCloseTo(0);
  });

  it('gives nothing without a client, when the model fails, or when the question is too slow', async () => {
    expect(await sentenceMeaning(null, 'Why Nagpur?', ['The Nag people lived in Nagpur.'])).toBe(
      null,
    );
    const failing: EmbeddingClient = {
      model: 'fake',
      embed: () => Promise.reject(new Error('The embedding model is still loading')),
    };
    expect(await sentenceMeaning(failing, 'Why Nagpur?', ['Nothing to do with it.'])).toBe(null);
    // While the model loads, the question fails at once and passages wait for it (here for
    // ever, deaf to the deadline): the answer does not wait for them. Were it waited for, this
    // test would time out.
    const loading: EmbeddingClient = {
      model: 'fake',
      embed: (_texts, options) =>
        options?.kind === 'query'
          ? Promise.reject(new Error('The embedding model is still loading'))
          : new Promise(() => {}),
    };
    expect(await sentenceMeaning(loading, 'Why Nagpur?', ['Nothing to do with it.'])).toBe(null);
    const { client } = fakeClient(VECTORS, 5_000);
    // A model that answers in 5 s is given up on after 30 ms: the answer goes on without meaning.
    // Were the timeout ignored, the vectors would arrive and this would not be null.
    const slow = await sentenceMeaning(client, 'Why Nagpur?', ['Nothing to do with it.'], {
      timeoutMs: 30,
    });
    expect(slow).toBe(null);
  });

  it('keeps the sentences embedded by the deadline, a few at a time in their order', async () => {
    const sentences = Array.from({ length: 3 * MEANING_GROUP }, (_, i) => `Sentence ${i}.`);
    // The question and the first two groups answer at once, the third group would take 5 s: it
    // is given up on at 100 ms.
    const { client, calls } = fakeClient(VECTORS, 5_000, 3);
    const meaning = await sentenceMeaning(client, 'Why Nagpur?', sentences, { timeoutMs: 100 });
    expect(calls.filter((call) => call.kind === 'passage').map((call) => call.texts)).toEqual([
      sentences.slice(0, MEANING_GROUP),
      sentences.slice(MEANING_GROUP, 2 * MEANING_GROUP),
      sentences.slice(2 * MEANING_GROUP),
    ]);
    expect([...(meaning?.cosines.keys() ?? [])]).toEqual(sentences.slice(0, 2 * MEANING_GROUP));
    // Past the deadline nothing more is embedded.
    await meaning?.add(['Unknown words here.']);
    expect(calls).toHaveLength(4);
    expect(meaning?.cosines.has('Unknown words here.')).toBe(false);
  });

  it('embeds a long sentence by its first words', async () => {
    const { client, calls } = fakeClient(VECTORS);
    const long = Array.from({ length: 90 }, (_, i) => `word${i}`).join(' ');
    const meaning = await sentenceMeaning(client, 'Why Nagpur?', [long]);
    expect(calls[1]?.texts[0]?.split(' ')).toHaveLength(40);
    expect(meaning?.cosines.has(long)).toBe(true);
  });

  it('measures cosine whatever the vectors’ lengths', () => {
    expect(cosine(Float32Array.from([2, 0]), Float32Array.from([3, 3]))).toBeCloseTo(Math.SQRT1_2);
    expect(cosine(Float32Array.from([0, 0]), Float32Array.from([1, 0]))).toBe(0);
  });
});
