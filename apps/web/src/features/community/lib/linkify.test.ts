import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

const joined = (text: string) =>
  linkify(text)
    .map((segment) => segment.text)
    .join('');

describe('linkify', () => {
  it('finds http and https links in plain text', () => {
    expect(linkify('Read https://example.org/a?b=1 and http://x.in today')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.in', href: 'http://x.in/' },
      { kind: 'text', text: ' today' },
    ]);
  });

  it('leaves sentence punctuation and unmatched brackets out of the link', () => {
    expect(linkify('See https://example.org/x.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/x', href: 'https://example.org/x' },
      { kind: 'text', text: '.' },
    ]);
    const wiki = linkify('(see https://en.wikipedia.org/wiki/Mahad_(1927)).');
    expect(wiki[1]).toMatchObject({ text: 'https://en.wikipedia.org/wiki/Mahad_(1927)' });
    expect(joined('(see https://en.wikipedia.org/wiki/Mahad_(1927)).')).toBe(
      '(see https://en.wikipedia.org/wiki/Mahad_(1927)).',
    );
  });

  it('never links other schemes or markup', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '<a href="https://evil.example">x</a>',
      'www.example.org',
      'mailto:a@b.org',
    ]) {
      const links = linkify(text).filter((segment) => segment.kind === 'link');
      expect(links.every((link) => /^https?:\/\//.test(link.href))).toBe(true);
      expect(joined(text)).toBe(text);
    }
    expect(linkify('<a href="javascript:alert(1)">x</a>')).toEqual([
      { kind: 'text', text: '<a href="javascript:alert(1)">x</a>' },
    ]);
  });

  it('keeps text without links as one run, and nothing for nothing', () => {
    expect(linkify('No links here.')).toEqual([{ kind: 'text', text: 'No links here.' }]);
    expect(linkify('')).toEqual([]);
    expect(linkify('https://')).toEqual([{ kind: 'text', text: 'https://' }]);
  });
});
