/**
 * Issue #30 item 7: a 476 KB PDF with 3,000 text-heavy pages held the reader for 5 minutes, and
 * every other upload queued behind it. Each file now has a processor-time budget, and a file that
 * runs slow no longer holds the queue. The slow file is built here: a Markdown run of emphasis
 * marks, which the emphasis pattern reads in quadratic time (see hostile-text.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { LoadError } from '../types.ts';
import { readIsolated } from './isolated-reader.ts';
import { limitsWith } from './limits.ts';

const encode = (text: string) => new TextEncoder().encode(text);
/** Minutes of parsing for a few hundred kilobytes. */
const slowMarkdown = () => encode(`# Marks\n\na${'*_'.repeat(200_000)}b\n`);

describe('the reader queue and budget', () => {
  it('stops a file that uses up its processor time', async () => {
    const limits = limitsWith({
      readerCpuMs: 1500,
      readerTextFileMs: 10 * 60_000,
      readerFileMs: 10 * 60_000,
    });
    const error = await readIsolated('markdown', slowMarkdown(), { limits }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(LoadError);
    expect((error as LoadError).message).toMatch(
      /took more than 1.5 s of processor time, the limit for one file/,
    );
  }, 120_000);

  it('reads a small file beside a slow one instead of after it', async () => {
    const finished: string[] = [];
    const slow = readIsolated('markdown', slowMarkdown(), {
      limits: limitsWith({ readerSlowFileMs: 300, readerTextFileMs: 40_000 }),
    }).then(
      () => finished.push('slow'),
      () => finished.push('slow'),
    );
    const small = readIsolated('text', encode('A short text about the Mahad satyagraha.'), {
      limits: limitsWith({ readerSlowFileMs: 300 }),
    }).then((result) => {
      finished.push('small');
      return result;
    });
    const read = await small;
    expect(read.blocks.map((block) => block.text)).toEqual([
      'A short text about the Mahad satyagraha.',
    ]);
    // The small file came back while the slow one was still being read.
    expect(finished).toEqual(['small']);
    await slow;
    expect(finished).toEqual(['small', 'slow']);
  }, 120_000);
});
