import type { Source } from '@samvad/contracts/sources';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { citedNumbers } from '../lib/source-format.ts';
import { MarkdownContent } from './markdown-content.tsx';
import { POST_AS_QUOTE_PATH } from './source-row.tsx';
import { SourcesList } from './sources-list.tsx';

const sources: Source[] = [
  { file_name: 'speeches.pdf', page: 12, score: 0.42, link: '/api/documents/1/file#page=12' },
  {
    file_name: 'letters.pdf',
    page: 40,
    page_label: 'xl',
    score: 0.905,
    link: 'https://example.org/l.pdf',
  },
  { file_name: 'essays.pdf', score: 0.7, link: 'javascript:alert(1)' },
];

// A clicked marker leaves its #fragment in the URL, which a list checks when it mounts.
afterEach(() => window.history.replaceState(null, '', '/'));

function rows() {
  return within(screen.getByRole('list', { name: 'Sources' })).getAllByRole('listitem');
}

describe('SourcesList', () => {
  it('sorts by score, most relevant first, keeping each citation number and anchor', () => {
    render(<SourcesList sources={sources} messageId="m1" />);
    const items = rows();
    expect(items.map((item) => item.id)).toEqual(['source-m1-2', 'source-m1-3', 'source-m1-1']);
    expect(items[0]?.textContent).toMatch(/^Source 2letters\.pdf/);
    expect(items[2]?.textContent).toMatch(/^Source 1speeches\.pdf/);
  });

  it('marks the rows no marker of the answer points at as "Also read" (issue #29)', () => {
    const answer = 'Ambedkar writes: “Educate, agitate, organise.” [1] … “Be united.” [3]';
    render(<SourcesList sources={sources} messageId="m1" cited={citedNumbers(answer)} />);
    const [letters, essays, speeches] = rows();
    expect(letters?.textContent).toContain('Also read');
    expect(essays?.textContent).not.toContain('Also read');
    expect(speeches?.textContent).not.toContain('Also read');
    // A reply without markers cites its whole list.
    expect(citedNumbers('No markers here.')).toBeNull();
  });

  it('shows scores as whole percents and the printed page label over the page number', () => {
    render(<SourcesList sources={sources} messageId="m1" />);
    const [letters, essays, speeches] = rows();
    expect(letters && within(letters).getByText('91%')).toBeTruthy();
    expect(letters && within(letters).getByText('p. xl')).toBeTruthy();
    expect(letters?.textContent).not.toContain('p. 40');
    expect(speeches && within(speeches).getByText('42%')).toBeTruthy();
    expect(speeches && within(speeches).getByText('p. 12')).toBeTruthy();
    expect(essays?.textContent).not.toMatch(/p\. /);
  });

  it("offers 'View source' in a new tab only for safe links", () => {
    render(<SourcesList sources={sources} messageId="m1" />);
    const [letters, essays, speeches] = rows();
    const external = letters && within(letters).getByRole('link', { name: 'View source' });
    expect(external?.getAttribute('href')).toBe('https://example.org/l.pdf');
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
    // A PDF at its page opens in the reader, which draws the page (issue #29).
    const local = speeches && within(speeches).getByRole('link', { name: 'View source' });
    expect(local?.getAttribute('href')).toBe('/sources/1?page=12');
    expect(essays && within(essays).queryByRole('link')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('shows a file name with markup as text', () => {
    const { container } = render(
      <SourcesList
        sources={[
          { file_name: '<script>alert(1)</script><img src=x onerror=alert(1)>.pdf', score: 0.5 },
        ]}
        messageId="m1"
      />,
    );
    expect(container.querySelector('script, img')).toBeNull();
    expect(
      screen.getByText('<script>alert(1)</script><img src=x onerror=alert(1)>.pdf'),
    ).toBeTruthy();
  });

  it('renders nothing without sources', () => {
    const { container } = render(<SourcesList sources={[]} messageId="m1" />);
    expect(container.innerHTML).toBe('');
  });

  it('collapses a long list behind a keyboard-operable toggle', async () => {
    const many: Source[] = Array.from({ length: 6 }, (_, index) => ({
      file_name: `doc-${index + 1}.pdf`,
      score: (index + 1) / 10,
    }));
    const user = userEvent.setup();
    render(<SourcesList sources={many} messageId="m1" />);
    expect(rows().map((item) => item.id)).toEqual(['source-m1-6', 'source-m1-5', 'source-m1-4']);

    const toggle = screen.getByRole('button', { name: 'Show all 6 sources' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(rows()).toHaveLength(6);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Show fewer');
    await user.keyboard(' ');
    expect(rows()).toHaveLength(3);
  });

  it('does not collapse when that would hide a single source', () => {
    const four = sources.concat({ file_name: 'extra.pdf', score: 0.1 });
    render(<SourcesList sources={four} messageId="m1" />);
    expect(rows()).toHaveLength(4);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('expands to reveal a hidden source when its citation marker is clicked', async () => {
    const many: Source[] = Array.from({ length: 6 }, (_, index) => ({
      file_name: `doc-${index + 1}.pdf`,
      score: (index + 1) / 10,
    }));
    const user = userEvent.setup();
    render(
      <>
        <MarkdownContent content="Least relevant [1]." sources={many} messageId="m1" />
        <SourcesList sources={many} messageId="m1" />
        <SourcesList sources={many} messageId="other" />
      </>,
    );
    expect(document.getElementById('source-m1-1')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Source 1: doc-1.pdf' }));
    expect(document.getElementById('source-m1-1')).not.toBeNull();
    // Only the list of that message opens.
    expect(document.getElementById('source-other-1')).toBeNull();
  });
});

/** Where 'Post as quote' lands in these tests: shows the path and the state it arrived with. */
function Community() {
  const location = useLocation();
  return (
    <output aria-label="arrived">
      {location.pathname + location.search} {JSON.stringify(location.state)}
    </output>
  );
}

describe("'Post as quote'", () => {
  const quoted: Source[] = [
    {
      file_name: 'annihilation.pdf',
      page: 12,
      page_label: 'xii',
      score: 0.8,
      link: '/api/documents/d1/file#page=12',
      excerpt: 'Caste is a state of mind.',
    },
    { file_name: 'letters.pdf', score: 0.5, excerpt: '   ' },
  ];

  it('goes to the community with the excerpt and its source in router state', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/chat']}>
        <Routes>
          <Route path="/chat" element={<SourcesList sources={quoted} messageId="m1" />} />
          <Route path="/community" element={<Community />} />
        </Routes>
      </MemoryRouter>,
    );
    // Only a source with an excerpt can be quoted.
    const [withExcerpt, blank] = rows();
    expect(blank && within(blank).queryByRole('link', { name: 'Post as quote' })).toBeNull();
    const link = withExcerpt && within(withExcerpt).getByRole('link', { name: 'Post as quote' });
    expect(link?.getAttribute('href')).toBe(POST_AS_QUOTE_PATH);
    if (!link) throw new Error('no link');
    await user.click(link);
    const arrived = screen.getByRole('status', { name: 'arrived' }).textContent ?? '';
    expect(arrived.startsWith('/community?quote=1 ')).toBe(true);
    expect(JSON.parse(arrived.slice(arrived.indexOf(' ') + 1))).toEqual({
      quote: {
        excerpt: 'Caste is a state of mind.',
        source: {
          file_name: 'annihilation.pdf',
          page: 12,
          page_label: 'xii',
          link: '/api/documents/d1/file#page=12',
        },
      },
    });
  });
});
