import { describe, expect, it } from 'vitest';
import { SOURCE_SPEAKER_MAX_LENGTH, UNKNOWN_SPEAKER } from './source-rules.ts';
import { sourceSchema } from './sources.ts';

const source = { file_name: 'cad_volume_11.html', page: 12, score: 0.8 };

describe('sourceSchema speaker', () => {
  it('still reads a source saved before speakers were known', () => {
    const parsed = sourceSchema.parse(source);
    expect(parsed).toEqual(source);
    expect('speaker' in parsed).toBe(false);
  });

  it("keeps another person's name and the unknown-speaker label", () => {
    expect(sourceSchema.parse({ ...source, speaker: 'T. T. Krishnamachari' }).speaker).toBe(
      'T. T. Krishnamachari',
    );
    expect(sourceSchema.parse({ ...source, speaker: UNKNOWN_SPEAKER }).speaker).toBe(
      'Unknown speaker',
    );
  });

  it('refuses an empty, over-long or unstorable speaker', () => {
    expect(sourceSchema.safeParse({ ...source, speaker: '' }).success).toBe(false);
    const long = 'a'.repeat(SOURCE_SPEAKER_MAX_LENGTH * 2 + 1);
    expect(sourceSchema.safeParse({ ...source, speaker: long }).success).toBe(false);
    expect(sourceSchema.safeParse({ ...source, speaker: 'Gandhi\u0000' }).success).toBe(false);
  });
});

describe('sourceSchema title, quote and paragraph id (issue 20)', () => {
  it('keeps them when present, and reads sources saved without them', () => {
    const full = {
      ...source,
      title: 'Constituent Assembly Debates, 25 Nov 1949',
      quote: 'The real remedy for breaking Caste is inter-marriage.',
      paragraph_id: '11.165.2',
    };
    expect(sourceSchema.parse(full)).toEqual(full);
    expect(sourceSchema.parse(source)).toEqual(source);
  });

  it('refuses an empty title or quote, an unstorable one, and a paragraph id that is not one', () => {
    expect(sourceSchema.safeParse({ ...source, title: '' }).success).toBe(false);
    expect(sourceSchema.safeParse({ ...source, quote: 'a\u0000b' }).success).toBe(false);
    expect(sourceSchema.safeParse({ ...source, quote: 'q'.repeat(801) }).success).toBe(false);
    expect(sourceSchema.safeParse({ ...source, paragraph_id: 'p-1" onclick' }).success).toBe(false);
  });
});
