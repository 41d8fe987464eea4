import type { DocumentTextChunk, DocumentTextResponse } from '@samvad/contracts/source-reader';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOURCE_NOT_FOUND } from '../../features/source-reader/components/source-reader.tsx';
import { renderApp, requestsTo, stubApi, visitorApi } from '../../test/render-app.tsx';

// Issue 20, item 7: 'View source' opens the document in the app at the cited passage.

const chunk = (ordinal: number, extra: Partial<DocumentTextChunk> = {}): DocumentTextChunk => ({
  id: `d1-${ordinal}`,
  ordinal,
  text: `Passage ${ordinal} opens here. It goes on for a while.\n\nA second paragraph of ${ordinal}.`,
  page: null,
  pageLabel: null,
  paragraphId: null,
  heading: null,
  repeatsPrevious: 0,
  ...extra,
});

const windowOf = (
  ordinals: number[],
  cursors: { before: number | null; after: number | null },
  extra: (ordinal: number) => Partial<DocumentTextChunk> = () => ({}),
): DocumentTextResponse => ({
  id: 'd1',
  title: 'Constituent Assembly Debates, 25 Nov 1949',
  fileName: 'cad_volume_11_25-nov-1949.html',
  format: 'html',
  chunks: ordinals.map((ordinal) => chunk(ordinal, extra(ordinal))),
  ...cursors,
});

const AROUND = '/api/documents/d1/text?limit=20&around=d1-5';

let scrolled: Element[];
beforeEach(() => {
  scrolled = [];
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/sources/:documentId', () => {
  it('shows the title and text, and opens at the cited passage: highlighted, in view, focused', async () => {
    stubApi({
      ...visitorApi(),
      [AROUND]: {
        status: 200,
        body: windowOf([3, 4, 5, 6], { before: 3, after: 6 }, (ordinal) =>
          ordinal === 5 ? { paragraphId: '11.165.2' } : {},
        ),
      },
    });
    renderApp('/sources/d1?chunk=d1-5');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Constituent Assembly Debates, 25 Nov 1949',
      }),
    ).toBeTruthy();
    expect(screen.getByText('cad_volume_11_25-nov-1949.html')).toBeTruthy();

    const cited = document.querySelector('[aria-current="true"]');
    expect(cited?.getAttribute('data-passage-id')).toBe('d1-5');
    expect(cited && within(cited as HTMLElement).getByText('Cited passage')).toBeTruthy();
    expect(cited?.textContent).toContain('Passage 5 opens here.');
    await waitFor(() => expect(document.activeElement).toBe(cited));
    expect(scrolled).toEqual([cited]);
    // Only the cited passage is marked.
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(1);

    // The debate paragraph's id: shown, and an anchor of its own.
    const paragraph = screen.getByRole('link', { name: '¶ 11.165.2' });
    expect(paragraph.id).toBe('p-11.165.2');
    expect(paragraph.getAttribute('href')).toBe('#p-11.165.2');

    const download = screen.getByRole('link', { name: 'Download the original' });
    expect(download.getAttribute('href')).toBe('/api/documents/d1/file');
    expect(download.getAttribute('download')).toBe('cad_volume_11_25-nov-1949.html');
  });

  it('reads on in both directions, a window at a time, without moving the reader', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      ...visitorApi(),
      [AROUND]: { status: 200, body: windowOf([3, 4, 5, 6], { before: 3, after: 6 }) },
      '/api/documents/d1/text?limit=20&after=6': {
        status: 200,
        body: windowOf([7, 8], { before: 7, after: null }),
      },
      '/api/documents/d1/text?limit=20&before=3': {
        status: 200,
        body: windowOf([0, 1, 2], { before: null, after: 2 }),
      },
    });
    renderApp('/sources/d1?chunk=d1-5');
    await user.click(await screen.findByRole('button', { name: 'Show more text' }));
    expect(await screen.findByText(/Passage 8 opens here/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more text' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show earlier text' }));
    expect(await screen.findByText(/Passage 0 opens here/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show earlier text' })).toBeNull();
    expect(requestsTo(fetchMock, '/api/documents/d1/text?limit=20&before=3')).toHaveLength(1);
    // The page scrolled to the cited passage once, not again as text arrived.
    expect(scrolled).toHaveLength(1);
  });

  it('says so when the source is no longer in the knowledge base', async () => {
    stubApi({
      ...visitorApi(),
      [AROUND]: { status: 404, body: { error: { code: 'not_found', message: 'No document' } } },
    });
    renderApp('/sources/d1?chunk=d1-5');
    expect(await screen.findByText(SOURCE_NOT_FOUND)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the chat' }).getAttribute('href')).toBe(
      '/chat',
    );
  });
});
