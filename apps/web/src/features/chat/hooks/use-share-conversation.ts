import type { ConversationList, MessageInput } from '@samvad/contracts/conversations';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../shared/toast/toast-store.ts';
import { conversationKey } from '../api/get-conversation.ts';
import { CONVERSATIONS_KEY } from '../api/get-conversations.ts';
import { revokeShare, shareConversation } from '../api/share-conversation.ts';
import { guestConversations } from '../lib/guest-conversations.ts';

export function shareLink(shareableId: string): string {
  return `${window.location.origin}/share/${shareableId}`;
}

/**
 * Spec §4 "Sharing": build origin + /share/{shareableId} and copy it; if copying fails, show the
 * link in an alert. Then the list and the conversation are refreshed.
 */
export function useShareConversation() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (id: string, shareableId: string | null) => {
      // The list shows the new state at once (its menu offers "Revoke link" right away), then is
      // re-read from the server.
      queryClient.setQueryData<ConversationList>(
        CONVERSATIONS_KEY,
        (list) => list && markShared(list, id, shareableId),
      );
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: conversationKey(id) });
    },
    [queryClient],
  );

  const share = useCallback(
    async (id: string, guestSnapshot?: { title: string; messages: MessageInput[] }) => {
      let link: string;
      let shareableId: string;
      try {
        const snapshot = guestSnapshot && withSignatures(id, guestSnapshot);
        shareableId = await shareConversation(id, snapshot);
        link = shareLink(shareableId);
      } catch (error) {
        console.error(error);
        window.alert('Error sharing conversation. Please try again.');
        return null;
      }
      if (!guestSnapshot) refresh(id, shareableId);
      try {
        await navigator.clipboard.writeText(link);
        toast({
          title: 'Link copied',
          description: 'Anyone with the link can read this conversation.',
        });
      } catch {
        window.alert(`Share this link: ${link}`);
      }
      return link;
    },
    [refresh],
  );

  const revoke = useCallback(
    async (id: string) => {
      try {
        await revokeShare(id);
        toast({ title: 'Link revoked', description: 'The shared link no longer works.' });
        refresh(id, null);
      } catch (error) {
        toast({
          title: 'Failed to update conversation',
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        });
        void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      }
    },
    [refresh, queryClient],
  );

  return { share, revoke };
}

function markShared(list: ConversationList, id: string, shareableId: string | null) {
  const mark = (summaries: ConversationList['active']) =>
    summaries.map((summary) =>
      summary.id === id ? { ...summary, isShared: shareableId !== null, shareableId } : summary,
    );
  return { active: mark(list.active), archived: mark(list.archived) };
}

/**
 * The guest's snapshot with each answer's signature, taken from the conversation as this browser
 * keeps it: the server shows an answer as its own only with it (issue 19).
 */
export function withSignatures(
  id: string,
  snapshot: { title: string; messages: MessageInput[] },
): { title: string; messages: MessageInput[] } {
  const kept = guestConversations().find((conversation) => conversation.id === id)?.messages ?? [];
  const signatures = new Map<string, string>();
  for (const message of kept) {
    if (message.role === 'assistant' && message.signature)
      signatures.set(`${message.timestamp}\u0000${message.content}`, message.signature);
  }
  return {
    ...snapshot,
    messages: snapshot.messages.map((message) => {
      if (message.signature || message.role === 'user') return message;
      const signature = signatures.get(`${message.timestamp}\u0000${message.content}`);
      return signature ? { ...message, signature } : message;
    }),
  };
}
