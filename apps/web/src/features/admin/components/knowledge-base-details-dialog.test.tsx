import { type AdminDocument, adminDocumentResponseSchema } from '@samvad/contracts/admin-documents';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { resetToastsForTests } from '../../../shared/toast/toast-store.ts';
import { Toaster } from '../../../shared/toast/toaster.tsx';
import { checkStubbedResponse, stubResponse } from '../../../test/api-contracts.ts';
import { adminDocument } from '../test/admin-fixtures.ts';
import { KnowledgeBaseDocuments } from './knowledge-base-documents.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToastsForTests();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * The list through the contract check; the edit's answers are checked against its schema as
 * they are made (stubResponse), the PATCH being newer than the stubs' route table.
 */
function stubServer(
  patch: (body: Record<string, unknown>) => Response,
  listed: Partial<AdminDocument> = {},
) {
  let current: AdminDocument = adminDocument({
    title: 'Mahad notes',
    extractedTitle: 'Mahad notes',
    fileName: 'mahad.txt',
    ...listed,
  });
  const bodies: Record<string, unknown>[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'PATCH' && url === '/api/admin/documents/d1') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      const res = patch(body);
      if (res.ok) current = adminDocumentResponseSchema.parse(await res.clone().json()).document;
      return res;
    }
    if (url === '/api/admin/documents') {
      return checkStubbedResponse(method, url, json(200, { documents: [current] }));
    }
    return json(404, { error: { code: 'not_found', message: url } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { bodies, current: () => current };
}

function renderTable() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <KnowledgeBaseDocuments />
      <Toaster />
    </AppProviders>,
  );
}

describe('Edit details', () => {
  it('shows the field the server refuses, then saves: toast, and the new title in the table', async () => {
    const server = stubServer((body) => {
      if (body.year === 3500) {
        return json(400, {
          error: { code: 'validation_failed', message: 'body.year: Must be 2999 or earlier' },
        });
      }
      const saved = adminDocument({
        title: String(body.title),
        extractedTitle: 'Mahad notes',
        fileName: 'mahad.txt',
        details: {
          title: String(body.title),
          author: (body.author as string | null) ?? null,
          volume: (body.volume as string | null) ?? null,
          year: (body.year as number | null) ?? null,
        },
      });
      return json(200, stubResponse(adminDocumentResponseSchema, { document: saved }).body);
    });
    const user = userEvent.setup();
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Edit details of mahad.txt' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit details' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect((title as HTMLInputElement).value).toBe('Mahad notes');

    await user.clear(title);
    await user.type(title, 'The Mahad Satyagraha');
    await user.type(within(dialog).getByRole('textbox', { name: 'Author' }), 'B. R. Ambedkar');
    await user.type(within(dialog).getByRole('textbox', { name: 'Volume' }), '17');
    const year = within(dialog).getByRole('textbox', { name: 'Year' });
    await user.type(year, '3500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Must be 2999 or earlier')).toBeTruthy();
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Edit details' })).toBeTruthy();

    await user.clear(year);
    await user.type(year, '1927');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Document details saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.bodies.at(-1)).toEqual({
      title: 'The Mahad Satyagraha',
      author: 'B. R. Ambedkar',
      volume: '17',
      year: 1927,
    });
    expect(await within(screen.getByRole('table')).findByText('The Mahad Satyagraha')).toBeTruthy();
  });

  it('refuses a year that is not a number without asking the server; Cancel changes nothing', async () => {
    const server = stubServer(() => json(500, {}));
    const user = userEvent.setup();
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Edit details of mahad.txt' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit details' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Year' }), 'MCMXXVII');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Must be a year, such as 1936')).toBeTruthy();
    expect(server.bodies).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.current().title).toBe('Mahad notes');
  });

  it('flags a title made from the file name until an admin gives one (issue #29 item 5)', async () => {
    const fromFileName = { title: 'Notes 3', extractedTitle: 'Notes 3', fileName: 'notes_3.txt' };
    stubServer(
      (body) => {
        const saved = adminDocument({
          ...fromFileName,
          titleSource: 'file_name',
          title: String(body.title),
          details: { title: String(body.title), author: null, volume: null, year: null },
        });
        return json(200, stubResponse(adminDocumentResponseSchema, { document: saved }).body);
      },
      { ...fromFileName, titleSource: 'file_name' },
    );
    const user = userEvent.setup();
    renderTable();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Title from file name')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit details of notes_3.txt' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit details' });
    expect(
      within(dialog).getByText(
        'Made from the file name: the file names itself nowhere. Give the work’s title.',
      ),
    ).toBeTruthy();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'The Mahad Satyagraha');
    expect(within(dialog).getByText('Made from the file name: Notes 3.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(table).findByText('The Mahad Satyagraha')).toBeTruthy();
    expect(within(table).queryByText('Title from file name')).toBeNull();
  });
});
