/**
 * Issue #30 item 1: Markdown, HTML and text were parsed on the server's thread. A Markdown line of
 * 50,000 `[`, a word and 50,000 `](` blocked it for 13 s (quadratic link patterns); 400,000 nested
 * <div> blocked it for minutes and then overflowed the stack. Every attack file is built here.
 */
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.ts';
import { LoadError } from '../types.ts';
import { loadHtml } from './html.ts';
import { limitsWith } from './limits.ts';
import { MAX_ELEMENT_DEPTH, MAX_PARSE_DEPTH } from './parse-counted.ts';
import { loadText, stripInlineMarkdown } from './text.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** The regular expressions stripInlineMarkdown replaced: the reference for what it must give. */
function byRegularExpressions(line: string): string {
  return line
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[\s*\]\([^)]*\)/g, '')
    .replace(/\[((?:\\.|[^\]\\])+)\]\([^)]*\)/g, '$1')
    .replace(/\[((?:\\.|[^\]\\])+)\]\[[^\]]*\]/g, '$1')
    .replace(/<(https?:[^>\s]+)>/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/`+/g, '')
    .replace(/\*\*|__/g, '')
    .replace(/(^|[\s(["“‘'—-])[*_]+(?=\S)/g, '$1')
    .replace(/(?<=\S)[*_]+(?=$|[\s).,;:!?\]"”’'—-])/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!~|>"'=^])/g, '$1')
    .replace(/\s*\|\s*/g, ' | ')
    .replace(/^\s*\|\s*|\s*\|\s*$/g, '');
}

/** A small deterministic generator (mulberry32), so a failure names a string that reproduces. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('Markdown links, read in linear time', () => {
  it('strips inline syntax exactly as the regular expressions did, on 30,000 generated lines', () => {
    const pieces = ['[', ']', '(', ')', '![', '\\', ' ', '\n', 'a', '|', '<!--', '-->', '*', '\t'];
    const next = random(30);
    for (let n = 0; n < 30_000; n++) {
      let line = '';
      const length = 1 + Math.floor(next() * 24);
      for (let i = 0; i < length; i++) line += pieces[Math.floor(next() * pieces.length)];
      expect.soft(stripInlineMarkdown(line), JSON.stringify(line)).toBe(byRegularExpressions(line));
    }
  });

  it('reads a line of 50,000 "[", a word and 50,000 "](" (13 s on the server thread before)', () => {
    const line = `${'['.repeat(50_000)}word${']('.repeat(50_000)}`;
    // No link closes: the brackets stay, as the regular expressions left them.
    expect(stripInlineMarkdown(line)).toBe(line);
    const unclosed = `${'[a'.repeat(50_000)}${'<!--'.repeat(20_000)}${'![x'.repeat(20_000)}`;
    expect(stripInlineMarkdown(unclosed)).toBe(unclosed);
    const result = loadText(
      encode(`# Brackets\n\n${line}\n\nAnd a [real link](https://x.test).`),
      'markdown',
    );
    expect(result.blocks.at(-1)?.text).toBe('And a real link.');
    expect(result.blocks.at(-2)?.text.length).toBeGreaterThan(100_000);
  });
});

describe('HTML nesting', () => {
  it('refuses 400,000 nested <div> (under the element limit) at once, naming the nesting', () => {
    const depth = 400_000;
    const html = `<html><body>${'<div>'.repeat(depth)}<p>Deep.</p>${'</div>'.repeat(depth)}</body></html>`;
    expect(() => loadHtml(encode(html), limitsWith({ maxElements: depth + 10 }))).toThrow(
      new RegExp(`nests markup elements more than ${MAX_PARSE_DEPTH.toLocaleString('en')} deep`),
    );
  });

  it('reads a page nested just within the parse limit without recursion, its text kept', () => {
    const depth = MAX_PARSE_DEPTH - 10;
    const html = `<html><body>${'<div>'.repeat(depth)}<p>Deep text at the bottom.</p>${'</div>'.repeat(depth)}<p>After it.</p></body></html>`;
    const { blocks } = loadHtml(encode(html));
    expect(blocks.map((block) => block.text)).toEqual(['Deep text at the bottom.', 'After it.']);
  });

  it(`keeps the structure of a page nested up to ${MAX_ELEMENT_DEPTH} deep`, () => {
    const depth = MAX_ELEMENT_DEPTH - 3;
    const html = `<html><body>${'<div>'.repeat(depth)}<p>One.</p><p>Two.</p>${'</div>'.repeat(depth)}</body></html>`;
    const { blocks } = loadHtml(encode(html));
    expect(blocks.map((block) => block.text)).toEqual(['One.', 'Two.']);
  });
});

describe('text formats in the reader process', () => {
  it('reads Markdown, text and HTML off the server thread, as in-process', async () => {
    const markdown = '# Title\n\nSome **bold** [link](x) text.\n';
    const html = '<html><body><h1>Title</h1><p>Some text.</p></body></html>';
    for (const [fileName, text, inProcess] of [
      ['a.md', markdown, loadText(encode(markdown), 'markdown')],
      ['a.txt', markdown, loadText(encode(markdown), 'plain')],
      ['a.html', html, loadHtml(encode(html))],
    ] as const) {
      const loading = loadDocument({ fileName, bytes: encode(text) });
      // The thread is free while the file is read: a parse in-process would finish first.
      const first = await Promise.race([
        new Promise((resolve) => setImmediate(() => resolve('thread free'))),
        loading.then(() => 'read'),
      ]);
      expect(first).toBe('thread free');
      expect((await loading).blocks).toEqual(inProcess.blocks);
    }
  }, 60_000);

  it('stops a Markdown file whose parsing runs past the text-file limit; the thread stays free', async () => {
    // A run of emphasis marks between two words: the emphasis pattern backtracks over all of it
    // from each mark (quadratic: 20,000 took 3 s; 400,000 would take about 20 minutes).
    const hostile = `# Marks\n\na${'*_'.repeat(200_000)}b\n`;
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    try {
      const loading = loadDocument({
        fileName: 'marks.md',
        bytes: encode(hostile),
        limits: limitsWith({ readerTextFileMs: 2000 }),
      });
      const error = await loading.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LoadError);
      expect((error as LoadError).message).toMatch(
        /Reading this Markdown file took longer than 2 s, the limit for one file/,
      );
      // The server's thread ran its timers all along (a parse in-process would have run none).
      expect(ticks).toBeGreaterThan(10);
    } finally {
      clearInterval(ticker);
    }
  }, 60_000);
});
