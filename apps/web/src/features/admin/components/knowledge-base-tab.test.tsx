import {
  type AdminDocument,
  type UploadEvent,
  uploadEventSchema,
} from '@samvad/contracts/admin-documents';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { resetToastsForTests } from '../../../shared/toast/toast-store.ts';
import { Toaster } from '../../../shared/toast/toaster.tsx';
import { checkStubbedResponse, stubResponse } from '../../../test/api-contracts.ts';
import { adminDocument } from '../test/admin-fixtures.ts';
import { KnowledgeBaseTab } from './knowledge-base-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

const document = (overrides: Partial<AdminDocument>): AdminDocument =>
  adminDocument({ title: 'A title', fileName: 'a.pdf', ...overrides });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** An NDJSON answer whose lines the test writes one at a time. */
function ndjsonStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'application/x-ndjson' } }),
    send: (event: UploadEvent) => {
      const checked = stubResponse(uploadEventSchema, event).body;
      controller?.enqueue(encoder.encode(`${JSON.stringify(checked)}\n`));
    },
    end: () => controller?.close(),
  };
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

function stubFetch(routes: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = routes[key];
    if (!handler) return json(404, { error: { code: 'not_found', message: key } });
    // Every JSON answer must be one the server could send (api-contracts.ts).
    return checkStubbedResponse(init?.method ?? 'GET', String(input), await handler(init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const callsTo = (fetchMock: ReturnType<typeof stubFetch>, key: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key,
  );

function renderTab() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <KnowledgeBaseTab />
      <Toaster />
    </AppProviders>,
  );
}

const rowTexts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('Knowledge Base tab', () => {
  it('lists documents newest first, and sorts by a header: ascending, then descending', async () => {
    stubFetch({
      'GET /api/admin/documents': () =>
        json(200, {
          documents: [
            document({ id: 'b', title: 'Beta', createdAt: '2026-01-03T00:00:00.000Z' }),
            document({ id: 'c', title: 'Gamma', pageCount: null, chunkCount: 1 }),
            document({ id: 'a', title: 'Alpha', warning: 'Page 2 could not be read.' }),
          ],
        }),
    });
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText('3 documents that answers can cite.')).toBeTruthy();
    expect(rowTexts()).toEqual(['Beta', 'Gamma', 'AlphaWarning: Page 2 could not be read.']);

    const title = screen.getByRole('columnheader', { name: 'Title' });
    await user.click(within(title).getByRole('button'));
    expect(title.getAttribute('aria-sort')).toBe('ascending');
    expect(rowTexts()[0]).toMatch(/^Alpha/);
    await user.click(within(title).getByRole('button'));
    expect(title.getAttribute('aria-sort')).toBe('descending');
    expect(rowTexts()[0]).toBe('Gamma');

    const pages = screen.getByRole('columnheader', { name: 'Pages' });
    await user.click(within(pages).getByRole('button'));
    expect(pages.getAttribute('aria-sort')).toBe('ascending');
    expect(title.getAttribute('aria-sort')).toBeNull();
  });

  it('a document waiting for vectors reads Embedding while a run goes on, Words only when the model is unavailable', async () => {
    const status = (state: 'ready' | 'failed', running: boolean) => ({
      source: 'local',
      model: 'multilingual-e5-small-q4',
      state,
      message: state === 'failed' ? 'pip download failed' : null,
      chunks: { total: 4, embedded: 2 },
      run: { running, done: 2, total: 4, error: null },
    });
    let model = status('ready', true);
    let listed = 0;
    stubFetch({
      'GET /api/admin/documents': () => {
        listed++;
        return json(200, { documents: [document({ id: 'w', status: 'embedding' })] });
      },
      'GET /api/admin/embeddings': () => json(200, model),
    });
    renderTab();
    const badge = async (text: string) =>
      within(await screen.findByRole('table')).findByText(text, {}, { timeout: 5000 });
    expect(await badge('Embedding')).toBeTruthy();
    const listedWhileBusy = listed;

    // The model fails: nothing will embed the document; it is searchable by its words.
    model = status('failed', false);
    expect(await badge('Words only')).toBeTruthy();
    // The run's end re-reads the list (finished documents would turn Ready).
    await waitFor(() => expect(listed).toBeGreaterThan(listedWhileBusy));
  });

  it('uploads the chosen files and follows each one from the stream to its result', async () => {
    const stream = ndjsonStream();
    let listed = 0;
    const fetchMock = stubFetch({
      'GET /api/admin/documents': () => json(200, { documents: listed++ ? [document({})] : [] }),
      'POST /api/admin/documents': () => stream.response,
    });
    const user = userEvent.setup();
    renderTab();
    await screen.findByText('No documents yet: upload some above.');
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toHaveProperty('disabled', true);

    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['%PDF-1.7 book'], 'book.pdf', { type: 'application/pdf' }),
      new File(['a note'], 'note.txt', { type: 'text/plain' }),
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Selected files' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['book.pdf13 bytes', 'note.txt6 bytes']);
    await user.click(screen.getByLabelText('Replace same-named documents'));
    await user.click(upload);

    const [[, init]] = callsTo(fetchMock, 'POST /api/admin/documents') as [[unknown, RequestInit]];
    const form = init.body as FormData;
    expect(form.get('replace')).toBe('true');
    expect((form.getAll('files') as File[]).map((file) => file.name)).toEqual([
      'book.pdf',
      'note.txt',
    ]);
    expect(init.credentials).toBe('include');

    const book = await screen.findByRole('progressbar', { name: 'book.pdf: progress' });
    expect(book.getAttribute('aria-valuetext')).toBe('Uploading 13 bytes…');
    expect(book.hasAttribute('aria-valuenow')).toBe(false);

    stream.send({ type: 'received', file: 'book.pdf', bytes: 13 });
    stream.send({
      type: 'progress',
      file: 'book.pdf',
      pagesDone: 11,
      pageCount: 40,
      chunksDone: 0,
    });
    await waitFor(() => expect(book.getAttribute('aria-valuenow')).toBe('25'));
    expect(book.getAttribute('aria-valuetext')).toBe('Reading page 12 of 40');
    const note = screen.getByRole('progressbar', { name: 'note.txt: progress' });
    expect(note.getAttribute('aria-valuetext')).toBe('Waiting for the files before it…');

    stream.send({
      type: 'progress',
      file: 'book.pdf',
      pagesDone: 40,
      pageCount: 40,
      chunksDone: 42,
    });
    await waitFor(() =>
      expect(book.getAttribute('aria-valuetext')).toBe('40 pages · 42 chunks, saving…'),
    );
    stream.send({
      type: 'result',
      file: 'book.pdf',
      status: 'ingested',
      message: 'Ingested: 40 pages, 42 chunks.',
      documentId: 'd1',
      pages: 40,
      chunks: 42,
      warnings: ['1 page(s) could not be read and were skipped.'],
    });
    stream.send({ type: 'received', file: 'note.txt', bytes: 6 });
    stream.send({
      type: 'result',
      file: 'note.txt',
      status: 'failed',
      message: 'File is empty.',
      documentId: null,
      pages: null,
      chunks: null,
      warnings: [],
    });
    stream.send({ type: 'done', ingested: 1, failed: 1 });
    stream.end();

    const progress = screen.getByRole('list', { name: 'Upload progress' });
    await waitFor(() => expect(within(progress).getByText('Ingested')).toBeTruthy());
    expect(book.getAttribute('aria-valuenow')).toBe('100');
    expect(within(progress).getByText('Ingested: 40 pages, 42 chunks.')).toBeTruthy();
    expect(
      within(progress).getByText('1 page(s) could not be read and were skipped.'),
    ).toBeTruthy();
    expect(within(progress).getByText('Failed')).toBeTruthy();
    expect(within(progress).getByText('File is empty.')).toBeTruthy();
    expect(await screen.findByText('1 document added, 1 file failed.')).toBeTruthy();
    // The list is fetched again once the upload has settled.
    expect(await screen.findByText('A title')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/admin/documents').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a refused upload on every file, with the server message', async () => {
    stubFetch({
      'GET /api/admin/documents': () => json(200, { documents: [] }),
      'POST /api/admin/documents': () =>
        json(413, {
          error: { code: 'payload_too_large', message: 'Too many files: upload at most 20.' },
        }),
    });
    const user = userEvent.setup();
    renderTab();
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['x'], 'x.md', { type: 'text/markdown' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const progress = await screen.findByRole('list', { name: 'Upload progress' });
    await waitFor(() => expect(within(progress).getByText('Failed')).toBeTruthy());
    expect(within(progress).getByText('Too many files: upload at most 20.')).toBeTruthy();
    expect(await screen.findByText('Upload failed')).toBeTruthy();
  });

  it('removes a document after confirmation and says so', async () => {
    let removed = false;
    const fetchMock = stubFetch({
      'GET /api/admin/documents': () =>
        json(200, { documents: removed ? [] : [document({ id: 'd 1', fileName: 'a.pdf' })] }),
      'DELETE /api/admin/documents/d%201': () => {
        removed = true;
        return json(200, { removed: { id: 'd 1', fileName: 'a.pdf' } });
      },
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Remove a.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove document' });
    expect(dialog.textContent).toContain('Answers will no longer cite it.');
    expect(callsTo(fetchMock, 'DELETE /api/admin/documents/d%201')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Document removed')).toBeTruthy();
    expect(screen.getByText('a.pdf is no longer in the knowledge base.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('No documents yet: upload some above.')).toBeTruthy();
  });

  it('keeps the document when removal fails, with the reason in a toast', async () => {
    stubFetch({
      'GET /api/admin/documents': () => json(200, { documents: [document({})] }),
      'DELETE /api/admin/documents/d1': () =>
        json(404, { error: { code: 'not_found', message: 'No document has the id d1' } }),
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Remove a.pdf' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove document')).toBeTruthy();
    expect(screen.getByText('No document has the id d1')).toBeTruthy();
  });
});
