/**
 * Issue #30 item 7: a 476 KB PDF with 3,000 text-heavy pages held the reader for 5 minutes, and
 * every other upload queued behind it. Each file now has a processor-time budget, and a file that
 * runs slow no longer holds the queue: it moves to the one slow lane, or waits for it
 * (reader-queue.ts). The slow files are built here: Markdown runs of emphasis marks, which the
 * emphasis pattern reads in quadratic time (see hostile-text.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { LoadError } from '../types.ts';
import { readIsolated } from './isolated-reader.ts';
import { limitsWith } from './limits.ts';

const encode = (text: string) => new TextEncoder().encode(text);
/** Minutes of parsing for a few hundred kilobytes. */
const slowMarkdown = () => encode(`# Marks\n\na${'*_'.repeat(200_000)}b\n`);
/** A second or two of parsing: slow, but it ends. */
const slowishMarkdown = () => encode(`# Marks\n\na${'*_'.repeat(8_000)}b\n`);
const SMALL_TEXT = 'A short text about the Mahad satyagraha.';
/** Slow files count as slow after 300 ms here; a small file keeps the default (10 s). */
const slowAfter300ms = (overrides: Parameters<typeof limitsWith>[0] = {}) =>
  limitsWith({ readerSlowFileMs: 300, ...overrides });

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
      // It fails with its limit after 5 s; what matters is that the small file did not wait for it.
      limits: limitsWith({ readerSlowFileMs: 300, readerTextFileMs: 5_000 }),
    }).then(
      () => finished.push('slow'),
      () => finished.push('slow'),
    );
    const small = readIsolated('text', encode(SMALL_TEXT)).then((result) => {
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

  it('reads a small file promptly behind two slow ones, and the slow ones whole after it', async () => {
    // Before, two lanes took any file: these two slow ones held both, and the small file waited
    // for one of them to end. Now the second is moved aside while the first has the slow lane.
    const finished: string[] = [];
    const hopeless = readIsolated('markdown', slowMarkdown(), {
      limits: slowAfter300ms({ readerTextFileMs: 5_000 }),
    }).then(
      () => finished.push('hopeless'),
      (error: unknown) => {
        finished.push('hopeless');
        return error;
      },
    );
    const slowish = readIsolated('markdown', slowishMarkdown(), { limits: slowAfter300ms() }).then(
      (result) => {
        finished.push('slowish');
        return result;
      },
    );
    const small = readIsolated('text', encode(SMALL_TEXT)).then((result) => {
      finished.push('small');
      return result;
    });
    expect((await small).blocks.map((block) => block.text)).toEqual([SMALL_TEXT]);
    // The small file came back while both slow ones were still waiting or being read.
    expect(finished).toEqual(['small']);
    // The one that ran out of time failed with its limit; the one moved aside was read again, whole.
    expect(String(await hopeless)).toMatch(/took longer than 5 s, the limit for one file/);
    const read = await slowish;
    expect(read.blocks.map((block) => block.text)).toEqual(['Marks', expect.stringMatching(/^a/)]);
    expect(finished).toEqual(['small', 'hopeless', 'slowish']);
  }, 120_000);
});
