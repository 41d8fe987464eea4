import { describe, expect, it } from 'vitest';
import { createPostRequestSchema, quoteSourceSchema } from './community.ts';

const quoteSource = { fileName: 'cad_volume_11.html', page: 12 };

describe('quoteSourceSchema speaker', () => {
  it('reads a quote source without a speaker, as posted before speakers were known', () => {
    expect(quoteSourceSchema.parse(quoteSource)).toEqual(quoteSource);
    expect(quoteSourceSchema.parse({ ...quoteSource, speaker: null }).speaker).toBeNull();
  });

  it("carries the speaker of a quote that is not the reformer's words", () => {
    const request = createPostRequestSchema.parse({
      content: 'We have to look at the question from the point of view of the States.',
      isQuote: true,
      quoteSource: { ...quoteSource, speaker: 'T. T. Krishnamachari' },
    });
    expect(request.quoteSource?.speaker).toBe('T. T. Krishnamachari');
  });

  it('refuses an empty or unstorable speaker', () => {
    expect(quoteSourceSchema.safeParse({ ...quoteSource, speaker: '' }).success).toBe(false);
    expect(quoteSourceSchema.safeParse({ ...quoteSource, speaker: '\uD800' }).success).toBe(false);
  });
});
