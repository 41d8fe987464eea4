import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newMessage } from '../../features/chat/lib/chat-message.ts';
import {
  clearGuestConversations,
  createGuestConversation,
  updateGuestConversation,
} from '../../features/chat/lib/guest-conversations.ts';
import { limitsRecord } from '../../features/limits/test/limits-record.ts';
import { installMatchMedia } from '../../test/match-media.ts';
import { renderApp, requestsTo, stubApi, visitorApi } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearGuestConversations();
  sessionStorage.clear();
});

/** This tab was a guest's: one conversation with a question and its answer. */
function guestConversationInThisTab() {
  const { id } = createGuestConversation('guest-1');
  updateGuestConversation(id, () => ({
    title: 'A guest question?',
    messages: [newMessage('user', 'A guest question?'), newMessage('assistant', 'A guest answer.')],
  }));
}

describe('/chat while the session is not yet known', () => {
  it("shows nothing of the tab's guest conversations and lets nothing be sent", async () => {
    // After signing in and reloading, a question sent before the session arrived went out as a
    // guest's, under the guest conversation's id, with the member's cookie: a 404, lost.
    installMatchMedia({ '(min-width: 768px)': true });
    guestConversationInThisTab();
    const fetchMock = stubApi({
      ...visitorApi(),
      '/api/auth/session': 'never',
      '/api/user/rate-limits': { status: 200, body: limitsRecord() },
    });
    renderApp('/chat');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box).toHaveProperty('disabled', true);
    for (const example of await screen.findAllByRole('button', { name: /\?$/ })) {
      expect(example).toHaveProperty('disabled', true);
    }
    expect(screen.queryByText('A guest answer.')).toBeNull();
    expect(requestsTo(fetchMock, '/api/chat', 'POST')).toEqual([]);
  });

  it("shows a guest's conversation once the session says the viewer is a guest", async () => {
    installMatchMedia({ '(min-width: 768px)': true });
    guestConversationInThisTab();
    stubApi({
      ...visitorApi(),
      '/api/user/rate-limits': { status: 200, body: limitsRecord() },
    });
    renderApp('/chat');
    expect(await screen.findByText('A guest answer.', undefined, { timeout: 5000 })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('disabled', false),
    );
  });
});
