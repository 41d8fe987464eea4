import type { Source } from '@samvad/contracts/sources';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../lib/xss-payloads.ts';
import { MarkdownContent } from './markdown-content.tsx';
import { PlainContent } from './plain-content.tsx';

const sources: Source[] = [
  { file_name: 'speeches-vol-1.pdf', page: 12, score: 0.82, link: '/api/documents/1/file#page=12' },
  { file_name: 'letters.pdf', page: 40, page_label: 'xl', score: 0.91 },
  { file_name: 'essays.pdf', score: 0.4 },
];

function renderMarkdown(content: string, messageSources: Source[] = sources) {
  return render(<MarkdownContent content={content} sources={messageSources} messageId="m1" />);
}

const FORBIDDEN_ELEMENTS =
  'script, iframe, frame, frameset, img, svg, math, object, embed, style, link, meta, base, form, video, audio, source, picture, details, textarea, select';
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcset'];

/** http(s) absolute, an app path (not protocol-relative) or an in-page fragment. */
function isAllowedUrl(value: string): boolean {
  return /^https?:\/\/[^\s]/i.test(value) || /^\/(?![/\\])/.test(value) || value.startsWith('#');
}

function expectInert(container: HTMLElement) {
  expect(container.querySelectorAll(FORBIDDEN_ELEMENTS)).toHaveLength(0);
  for (const input of container.querySelectorAll('input')) {
    expect(input.type).toBe('checkbox');
    expect(input.disabled).toBe(true);
  }
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(
        attribute.name.toLowerCase().startsWith('on'),
        `${attribute.name} on <${element.localName}>`,
      ).toBe(false);
      if (URL_ATTRIBUTES.includes(attribute.name.toLowerCase())) {
        expect(isAllowedUrl(attribute.value), `${attribute.name}="${attribute.value}"`).toBe(true);
      }
      expect(attribute.value).not.toMatch(/^\s*(javascript|vbscript|data|file):/i);
    }
  }
}

describe('MarkdownContent XSS corpus', () => {
  it.each(XSS_PAYLOADS.map((payload) => [payload]))('renders %j inert', (payload) => {
    const { container } = renderMarkdown(payload);
    expectInert(container);
  });

  it('checks itself: the assertion catches a live payload', () => {
    const live = document.createElement('div');
    live.innerHTML = '<a href="javascript:alert(1)">x</a>';
    expect(() => expectInert(live)).toThrow();
    live.innerHTML = '<span onclick="x">x</span>';
    expect(() => expectInert(live)).toThrow();
  });

  it('shows raw HTML as text instead of parsing it', () => {
    const { container } = renderMarkdown('Before <script>alert(1)</script> <b>bold</b> after');
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.querySelector('b')).toBeNull();
  });

  it('keeps the words of a refused link without making it a link', () => {
    const { container } = renderMarkdown(
      '[click me](javascript:alert(1)) and [ok](https://example.org)',
    );
    expect(screen.queryByRole('link', { name: 'click me' })).toBeNull();
    expect(container.textContent).toContain('click me');
    expect(screen.getByRole('link', { name: 'ok' }).getAttribute('href')).toBe(
      'https://example.org',
    );
  });

  it('opens external links in a new tab without opener or referrer, app paths in place', () => {
    renderMarkdown('[site](https://example.org/x) and [doc](/api/documents/1/file)');
    const external = screen.getByRole('link', { name: 'site' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    const internal = screen.getByRole('link', { name: 'doc' });
    expect(internal.getAttribute('href')).toBe('/api/documents/1/file');
    expect(internal.getAttribute('target')).toBeNull();
  });

  it('never renders an image: alt text, or a plain link for a safe web address', () => {
    const { container } = renderMarkdown(
      '![A portrait](https://example.org/p.png) ![evil](javascript:alert(1)) ![](data:image/png;base64,AA)',
    );
    expect(container.querySelector('img')).toBeNull();
    const link = screen.getByRole('link', { name: 'A portrait' });
    expect(link.getAttribute('href')).toBe('https://example.org/p.png');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.queryByRole('link', { name: 'evil' })).toBeNull();
    expect(container.textContent).toContain('evil');
  });
});

describe('MarkdownContent citations', () => {
  it('links [1] to its source with an accessible label', () => {
    renderMarkdown('Non-violence is a creed [1].');
    const marker = screen.getByRole('link', { name: 'Source 1: speeches-vol-1.pdf, page 12' });
    expect(marker.getAttribute('href')).toBe('#source-m1-1');
    expect(marker.textContent).toBe('1');
  });

  it('prefers the printed page label and omits a missing page', () => {
    renderMarkdown('Both [2, 3].');
    expect(
      screen.getByRole('link', { name: 'Source 2: letters.pdf, page xl' }).getAttribute('href'),
    ).toBe('#source-m1-2');
    expect(screen.getByRole('link', { name: 'Source 3: essays.pdf' }).getAttribute('href')).toBe(
      '#source-m1-3',
    );
  });

  it('handles adjacent markers', () => {
    renderMarkdown('Adjacent [1][3].');
    const markers = screen.getAllByRole('link');
    expect(markers.map((marker) => marker.getAttribute('href'))).toEqual([
      '#source-m1-1',
      '#source-m1-3',
    ]);
  });

  it('leaves a number without a source as text', () => {
    const { container } = renderMarkdown('Unknown [9] and mixed [2, 9].', sources.slice(0, 2));
    expect(container.textContent).toContain('Unknown [9] and');
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('#source-m1-2');
    expect(container.textContent).toContain('[9]');
  });

  it('leaves markers in code, inside links and in a reply without sources alone', () => {
    const { container } = renderMarkdown(
      'Code `arr[1]` and\n\n```\nlist[2]\n```\n\n[see [1] here](https://example.org)',
    );
    expect(container.querySelector('code')?.textContent).toBe('arr[1]');
    expect(container.querySelector('pre')?.textContent).toContain('list[2]');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /^Source/ })).toBeNull();

    const bare = renderMarkdown('Plain [1].', []);
    expect(within(bare.container).queryByRole('link')).toBeNull();
    expect(bare.container.textContent).toBe('Plain [1].');
  });

  it('finds markers in the quoted passages the offline answerer writes', () => {
    renderMarkdown('> “Truth is God.” [1] (speeches-vol-1.pdf, p. 12)');
    const quote = document.querySelector('blockquote');
    expect(quote && within(quote).getByRole('link', { name: /^Source 1:/ })).toBeTruthy();
  });
});

describe('MarkdownContent typography', () => {
  it('renders GFM tables, lists and headings one level under the page', () => {
    const { container } = renderMarkdown(
      '# Title\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Title' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(container.querySelectorAll('td')).toHaveLength(2);
  });

  it('keeps footnote ids unique across messages', () => {
    const note = 'Claim[^1]\n\n[^1]: Detail.';
    const { container } = render(
      <>
        <MarkdownContent content={note} sources={[]} messageId="a" />
        <MarkdownContent content={note} sources={[]} messageId="b" />
      </>,
    );
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ids).size).toBe(ids.length);
    for (const element of container.querySelectorAll('[aria-describedby]')) {
      expect(
        document.getElementById(element.getAttribute('aria-describedby') ?? ''),
      ).not.toBeNull();
    }
  });

  it('copies a code block', async () => {
    const user = userEvent.setup();
    renderMarkdown('```ts\nconst a = [1];\n```');
    expect(screen.getByText('ts')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('const a = [1];\n');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });
});

describe('MarkdownContent loading', () => {
  it('loads lazily from its default export, showing the plain text meanwhile', async () => {
    const LazyMarkdown = lazy(() => import('./markdown-content.tsx'));
    const content = '**Bold** claim [1]';
    const { container } = render(
      <Suspense fallback={<PlainContent content={content} />}>
        <LazyMarkdown content={content} sources={sources} messageId="m1" />
      </Suspense>,
    );
    expect(container.textContent).toBe(content);
    expect(await screen.findByRole('link', { name: /^Source 1:/ })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('Bold');
  });

  it('keeps whitespace in the plain fallback and renders no markup', () => {
    const { container } = render(<PlainContent content={'line one\n  <b>two</b>'} />);
    expect(container.textContent).toBe('line one\n  <b>two</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(container.firstElementChild?.className).toContain('whitespace-pre-wrap');
  });
});
