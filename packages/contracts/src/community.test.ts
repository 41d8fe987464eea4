import { describe, expect, it } from 'vitest';
import {
  createCollectionRequestSchema,
  createPostRequestSchema,
  createProfileRequestSchema,
  quoteSourceSchema,
  updateCollectionRequestSchema,
  updateProfileRequestSchema,
} from './community.ts';
import { BIDI_CONTROL_MESSAGE, STORABLE_TEXT_MESSAGE } from './storable-text.ts';

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

describe('names other members see', () => {
  const override = 'evil\u202Egnp.exe';

  it.each([
    [
      'a display name',
      () => createProfileRequestSchema.safeParse({ username: 'abc', displayName: override }),
    ],
    ['a new display name', () => updateProfileRequestSchema.safeParse({ displayName: override })],
    ['a collection title', () => createCollectionRequestSchema.safeParse({ title: override })],
    ['a new collection title', () => updateCollectionRequestSchema.safeParse({ title: override })],
    [
      'a quote source file name',
      () => quoteSourceSchema.safeParse({ ...quoteSource, fileName: override }),
    ],
  ])('refuse a text-direction control in %s', (_, parse) => {
    const result = parse();
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(BIDI_CONTROL_MESSAGE);
  });

  const controls = ['202A', '202B', '202C', '202D', '2066', '2067', '2068', '2069', '200E', '200F'];
  it.each([...controls, '061C'])('refuse U+%s in a display name', (hex) => {
    const control = String.fromCodePoint(Number.parseInt(hex, 16));
    const parsed = updateProfileRequestSchema.safeParse({ displayName: `a${control}b` });
    expect(parsed.success).toBe(false);
  });

  it('accept right-to-left scripts themselves, and direction controls in free text', () => {
    expect(updateProfileRequestSchema.safeParse({ displayName: 'بابا صاحب' }).success).toBe(true);
    expect(createCollectionRequestSchema.safeParse({ title: 'אמבדקר' }).success).toBe(true);
    expect(updateProfileRequestSchema.safeParse({ bio: `note \u200F here` }).success).toBe(true);
  });

  it('refuse a username with a direction control (usernames are letters, digits, _ and -)', () => {
    expect(createProfileRequestSchema.safeParse({ username: 'ab\u202Ec' }).success).toBe(false);
  });
});

describe('collection descriptions', () => {
  it('refuse half of a surrogate pair, like every other stored text', () => {
    for (const schema of [createCollectionRequestSchema, updateCollectionRequestSchema]) {
      const result = schema.safeParse({ title: 'Quotes', description: 'ok \uD800 no' });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(STORABLE_TEXT_MESSAGE);
    }
    const nul = createCollectionRequestSchema.safeParse({
      title: 'Quotes',
      description: 'a\u0000',
    });
    expect(nul.success).toBe(false);
  });

  it('keep whole surrogate pairs (emoji)', () => {
    const parsed = createCollectionRequestSchema.parse({ title: 'Quotes', description: 'fav 📚' });
    expect(parsed.description).toBe('fav 📚');
  });
});
