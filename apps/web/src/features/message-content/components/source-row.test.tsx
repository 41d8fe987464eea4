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
