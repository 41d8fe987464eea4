import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { toast } from '../../../shared/toast/toast-store.ts';
import { addMessage } from '../api/add-message.ts';
import { createConversation } from '../api/create-conversation.ts';
import { CONVERSATIONS_KEY } from '../api/get-conversations.ts';
import {
  declinedImports,
  declineImports,
  guestConversations,
  removeGuestConversation,
  subscribeToGuestConversations,
} from '../lib/guest-conversations.ts';

/**
 * After a guest signs in, their conversations in this browser can move into the account. Each
 * becomes a server conversation (counted against the member's limits: each question is one
 * message); answers move with the server's signature of them. A refusal stops the import and
 * keeps what was not imported. The oldest is imported first, so the account's list (newest
 * first) keeps the order the guest saw. Resolves to each imported guest id's new server id.
 */
export function useImportGuestChats() {
  const queryClient = useQueryClient();
  const all = useSyncExternalStore(subscribeToGuestConversations, guestConversations, () => []);
  const pending = all.filter((conversation) => conversation.messages.length > 0);
  const [declined, setDeclined] = useState(declinedImports);
  const offered = pending.filter((conversation) => !declined.has(conversation.id));
  const [isImporting, setIsImporting] = useState(false);

  /** 'Not now': the offer is hidden for these conversations for the rest of this tab's session. */
  const decline = () => {
    declineImports(offered.map((conversation) => conversation.id));
    setDeclined(declinedImports());
  };

  const importAll = async (): Promise<Map<string, string>> => {
    setIsImporting(true);
    const moved = new Map<string, string>();
    let imported = 0;
    try {
      for (const conversation of [...offered].reverse()) {
        const created = await createConversation(conversation.title.replace(/\.\.\.$/, ''));
        for (const message of conversation.messages) {
          // Only the server's own answers can be saved as answers: those it signed. Apologies and
          // stopped answers carry no signature and stay behind (issue 19).
          if (message.role === 'assistant' && (!message.signature || !message.content.trim()))
            continue;
          await addMessage(created.id, {
            role: message.role,
            content: message.content,
            sources: message.role === 'user' ? [] : message.sources,
            timestamp: message.timestamp,
            ...(message.signature ? { signature: message.signature } : {}),
          });
        }
        removeGuestConversation(conversation.id);
        moved.set(conversation.id, created.id);
        imported++;
      }
      toast({
        title: 'Conversations imported',
        description: `${imported} moved into your account.`,
      });
    } catch (error) {
      toast({
        title: 'Import stopped',
        description: `${imported} imported. ${error instanceof Error ? error.message : String(error)}`,
        variant: 'destructive',
      });
    } finally {
      setIsImporting(false);
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    }
    return moved;
  };

  return { count: offered.length, isImporting, importAll, decline };
}
