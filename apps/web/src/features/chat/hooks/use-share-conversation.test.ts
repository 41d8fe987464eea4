import { afterEach, describe, expect, it } from 'vitest';
import { type ChatMessage, newMessage } from '../lib/chat-message.ts';
import {
  clearGuestConversations,
  createGuestConversation,
  updateGuestConversation,
} from '../lib/guest-conversations.ts';
import { withSignatures } from './use-share-conversation.ts';

afterEach(() => clearGuestConversations());

describe('withSignatures', () => {
  it("sends each answer's signature as this browser keeps it, and none for other text", () => {
    const { id } = createGuestConversation();
    const question = newMessage('user', 'Q');
    const answer = { ...newMessage('assistant', 'A'), signature: 's'.repeat(43) };
    const apology = newMessage('assistant', 'Sorry');
    updateGuestConversation(id, () => ({ messages: [question, answer, apology] }));

    const strip = ({ role, content, sources, timestamp }: ChatMessage) => ({
      role,
      content,
      sources,
      timestamp,
    });
    const sent = withSignatures(id, {
      title: 'T',
      messages: [strip(question), strip(answer), strip(apology)],
    });
    expect(sent.messages.map((m) => m.signature)).toEqual([undefined, 's'.repeat(43), undefined]);
    // An answer edited on its way out no longer matches what the browser kept.
    const edited = withSignatures(id, {
      title: 'T',
      messages: [strip(question), { ...strip(answer), content: 'A, edited' }],
    });
    expect(edited.messages[1]?.signature).toBeUndefined();
  });
});
