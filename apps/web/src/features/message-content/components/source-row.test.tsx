import type { Source } from '@samvad/contracts/sources';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SourceRow } from './source-row.tsx';

const base: Source = {
  file_name: 'cad_volume_11_25-nov-1949.html',
  page: 4,
  score: 0.8,
  link: '/api/documents/d1/file#page=4',
  excerpt: 'Sir, the States have to be brought into line.',
};

/** Where 'Post as quote' lands here: the state it arrived with, as text. */
function Arrived() {
  return <output aria-label="arrived">{JSON.stringify(useLocation().state)}</output>;
}

function renderRow(source: Source) {
  render(
    <MemoryRouter initialEntries={['/chat']}>
      <Routes>
        <Route
          path="/chat"
          element={
            <ul>
              <SourceRow source={source} citation={1} messageId="m1" />
            </ul>
          }
        />
        <Route path="/community" element={<Arrived />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('listitem');
}

describe('SourceRow speaker', () => {
  it("shows whose words they are when they are not the reformer's", () => {
    const row = renderRow({ ...base, speaker: 'T. T. Krishnamachari' });
    const speaker = within(row).getByText('Words of T. T. Krishnamachari');
    expect(speaker.closest('p')?.id).toBe('source-m1-1-speaker');
    // The actions say whose words they would open or quote.
    const quote = within(row).getByRole('link', { name: 'Post as quote' });
    expect(quote.getAttribute('aria-describedby')).toBe('source-m1-1-name source-m1-1-speaker');
  });

  it('says plainly when the speaker is not known, and names the editor', () => {
    const unknown = renderRow({ ...base, speaker: 'Unknown speaker' });
    expect(within(unknown).getByText('Speaker not known')).toBeTruthy();
    cleanup();
    const editor = renderRow({ ...base, speaker: 'Editor' });
    expect(within(editor).getByText('Words of the editor')).toBeTruthy();
  });

  it("shows no speaker for the reformer's own words (and old messages)", () => {
    const row = renderRow(base);
    expect(row.textContent).not.toMatch(/Words of|Speaker/);
    expect(
      within(row).getByRole('link', { name: 'Post as quote' }).getAttribute('aria-describedby'),
    ).toBe('source-m1-1-name');
  });

  it("passes the speaker to 'Post as quote'", async () => {
    const row = renderRow({ ...base, speaker: 'T. T. Krishnamachari' });
    await userEvent.setup().click(within(row).getByRole('link', { name: 'Post as quote' }));
    const arrived = JSON.parse(screen.getByRole('status', { name: 'arrived' }).textContent ?? '');
    expect(arrived.quote.source).toEqual({
      file_name: 'cad_volume_11_25-nov-1949.html',
      page: 4,
      link: '/api/documents/d1/file#page=4',
      speaker: 'T. T. Krishnamachari',
    });
  });
});

// Issue 20: titles before file names, the reader's links, and the cited sentence quoted.
describe('SourceRow title, link and quote', () => {
  const reader: Source = {
    file_name: 'annihilation_of_caste.md',
    title: 'Annihilation of Caste',
    score: 0.7,
    link: '/sources/d2?chunk=d2-93',
    excerpt: 'On the contrary, it may happen that the process may stop with the abolition.',
    quote: 'The real remedy for breaking Caste is inter-marriage.',
  };

  it('names the source by its title, with the file name under it', () => {
    const row = renderRow(reader);
    expect(within(row).getByText('Annihilation of Caste').id).toBe('source-m1-1-name');
    expect(within(row).getByText('annihilation_of_caste.md')).toBeTruthy();
    cleanup();
    // Messages saved before titles: the file name alone, once.
    const old = renderRow(base);
    expect(within(old).getAllByText(base.file_name)).toHaveLength(1);
  });

  it('opens a non-PDF source in the reader, and shows a debate paragraph id', () => {
    const row = renderRow({ ...reader, page: null, paragraph_id: '11.165.2' });
    const view = within(row).getByRole('link', { name: /View source/ });
    expect(view.getAttribute('href')).toBe('/sources/d2?chunk=d2-93');
    expect(within(row).getByText('¶ 11.165.2')).toBeTruthy();
  });

  it('opens a PDF at its page in the reader, with the cited sentence to highlight', async () => {
    const pdf: Source = {
      ...reader,
      file_name: 'baws_vol01_annihilation_of_caste.pdf',
      page: 45,
      page_label: '67',
      link: '/api/documents/d3/file#page=45',
    };
    const row = renderRow(pdf);
    const view = within(row).getByRole('link', { name: /View source/ });
    expect(view.getAttribute('href')).toBe(
      '/sources/d3?page=45&label=67&q=The+real+remedy+for+breaking+Caste+is+inter-marriage.',
    );
    // A quote posted from it still cites the file at its page, as the API gave it.
    await userEvent.setup().click(within(row).getByRole('link', { name: 'Post as quote' }));
    const arrived = JSON.parse(screen.getByRole('status', { name: 'arrived' }).textContent ?? '');
    expect(arrived.quote.source.link).toBe('/api/documents/d3/file#page=45');
  });

  it("quotes the sentence the answer cites, else (older messages) the passage's opening", async () => {
    const row = renderRow(reader);
    await userEvent.setup().click(within(row).getByRole('link', { name: 'Post as quote' }));
    const arrived = JSON.parse(screen.getByRole('status', { name: 'arrived' }).textContent ?? '');
    expect(arrived.quote.excerpt).toBe('The real remedy for breaking Caste is inter-marriage.');
    cleanup();
    const { quote: _quote, ...old } = reader;
    await userEvent
      .setup()
      .click(within(renderRow(old)).getByRole('link', { name: 'Post as quote' }));
    const before = JSON.parse(screen.getByRole('status', { name: 'arrived' }).textContent ?? '');
    expect(before.quote.excerpt).toBe(reader.excerpt);
  });
});
