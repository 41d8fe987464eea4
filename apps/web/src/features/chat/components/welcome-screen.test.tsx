import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  renderApp,
  requestsTo,
  stubApi,
  testPersona,
  visitorApi,
} from '../../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const KNOWLEDGE_STATUS = '/api/knowledge/status';
const donation = {
  upiId: 'reader.fund@okbank',
  payeeName: 'Reader Fund',
  paymentUrl: 'https://pay.example.org/give',
  message: 'Gifts pay for the server.',
};

/** Waits until the status has been asked for and its answer handled. */
async function statusAnswered(fetchMock: ReturnType<typeof stubApi>) {
  await waitFor(() => expect(requestsTo(fetchMock, KNOWLEDGE_STATUS)).toHaveLength(1));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** The welcome screen once the chat has rendered it (the examples are its first buttons). */
async function welcomeScreen() {
  await screen.findByRole('heading', { level: 1, name: testPersona.welcome.title });
  return screen.getByRole('region', { name: 'What this assistant can do' });
}

describe('welcome screen on an empty knowledge base', () => {
  it('says no documents have been added yet and how to add them, promising no cited answers', async () => {
    stubApi({ ...visitorApi(), [KNOWLEDGE_STATUS]: { status: 200, body: { documents: 0 } } });
    renderApp('/chat');
    const notice = await screen.findByRole('status');
    expect(within(notice).getByText('No documents have been added yet.')).toBeTruthy();
    expect(
      within(notice).getByRole('link', { name: 'Admin → Knowledge Base' }).getAttribute('href'),
    ).toBe('/admin?tab=knowledge-base');
    expect(within(notice).getByText('npm run ingest <folder>')).toBeTruthy();
    // The persona's promise of quoted, cited answers is not made, nor the knowledge base card.
    expect(screen.queryByText(testPersona.welcome.description)).toBeNull();
    const capabilities = await welcomeScreen();
    expect(within(capabilities).queryByText('Knowledge Base')).toBeNull();
    expect(within(capabilities).getByText('Conversation Memory')).toBeTruthy();
  });

  it('keeps the usual welcome once documents are in', async () => {
    const fetchMock = stubApi({
      ...visitorApi(),
      [KNOWLEDGE_STATUS]: { status: 200, body: { documents: 12 } },
    });
    renderApp('/chat');
    const capabilities = await welcomeScreen();
    await statusAnswered(fetchMock);
    expect(await screen.findByText(testPersona.welcome.description)).toBeTruthy();
    expect(within(capabilities).getByText('Knowledge Base')).toBeTruthy();
    expect(screen.queryByText('No documents have been added yet.')).toBeNull();
  });

  it('keeps the usual welcome when the status cannot be loaded', async () => {
    const fetchMock = stubApi({
      ...visitorApi(),
      [KNOWLEDGE_STATUS]: {
        status: 500,
        body: { error: { code: 'internal', message: 'Internal server error' } },
      },
    });
    renderApp('/chat');
    await welcomeScreen();
    await statusAnswered(fetchMock);
    expect(screen.getByText(testPersona.welcome.description)).toBeTruthy();
    expect(screen.queryByText('No documents have been added yet.')).toBeNull();
  });
});

describe('welcome screen: the Donate link', () => {
  it('is hidden until the persona sets donation details', async () => {
    stubApi(visitorApi());
    renderApp('/chat');
    await welcomeScreen();
    expect(screen.getByRole('link', { name: 'Join the community' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Support this project' })).toBeNull();
  });

  it('goes to /donate once they are set', async () => {
    stubApi({
      ...visitorApi(),
      '/api/persona': { status: 200, body: { ...testPersona, donation } },
    });
    renderApp('/chat');
    await welcomeScreen();
    const link = screen.getByRole('link', { name: 'Support this project' });
    expect(link.getAttribute('href')).toBe('/donate');
  });
});
