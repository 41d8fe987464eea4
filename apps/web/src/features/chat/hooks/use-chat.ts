import type { ChatRequest } from '@samvad/contracts/chat';
import { CHAT_HISTORY_MAX_TURNS } from '@samvad/contracts/chat-rules';
import { detectReplyLanguage } from '@samvad/contracts/language';
import { useQueryClient } from '@tanstack/react-query';
import { nanoid } from 'nanoid';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.ts';
import { createConversation } from '../api/create-conversation.ts';
import { conversationKey, getConversation, useConversation } from '../api/get-conversation.ts';
import { CONVERSATIONS_KEY } from '../api/get-conversations.ts';
import { ChatLimitError, streamChat } from '../api/stream-chat.ts';
import {
  type ChatMessage,
  chatApology,
  fromStored,
  NO_RESPONSE_APOLOGY,
  newMessage,
} from '../lib/chat-message.ts';
import {
  createGuestConversation,
  guestConversations,
  guestTitle,
  updateGuestConversation,
} from '../lib/guest-conversations.ts';

/** Spec §9. */
const EMPTY_REPLY_CHECK_MS = 2000;
const TITLE_DELAY_MS = 100;

export type LimitHit = { type: string; used: number; limit: number };

type Options = {
  isMember: boolean;
  conversationId: string | null;
  /** Makes another conversation current: the one the first message of a draft created. */
  onConversationCreated(id: string): void;
  /** Called after each chat request, so usage displays refresh. */
  onRequestSettled?(): void;
  /**
   * A limit refused the question: it is off the screen and saved nowhere (the server keeps
   * nothing of a refused question either), so the page puts its text back in the message box.
   */
  onQuestionRefused?(question: string): void;
};

/**
 * Sending a message, spec §4: the question, an empty assistant placeholder while typing, tokens
 * streamed in, sources at the end; 429 → the limit dialog (question and placeholder removed, the
 * question handed back: onQuestionRefused); other failures → the apology with details; an empty
 * reply after 2 s → the 'no response' apology. Members' messages are saved by the server as they
 * are asked and answered (the apology too); guests' in session storage, each answer with the
 * server's signature of it.
 */
export function useChat({
  isMember,
  conversationId,
  onConversationCreated,
  onRequestSettled,
  onQuestionRefused,
}: Options) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [isTyping, setIsTyping] = useState(false);
  const [limitHit, setLimitHit] = useState<LimitHit | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  // The conversation whose messages are on screen; a send to a brand-new one must not be
  // overwritten by the (empty) server copy arriving after it.
  const shownRef = useRef<string | null>(null);
  const stored = useConversation(isMember ? conversationId : null);
  // A long conversation comes a page at a time: the cursor of the page before those shown.
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);

  useEffect(() => {
    if (shownRef.current === conversationId && abortRef.current) return;
    if (!conversationId) {
      shownRef.current = null;
      setMessages([]);
      setOlderCursor(null);
      return;
    }
    if (!isMember) {
      shownRef.current = conversationId;
      setMessages(guestConversations().find((c) => c.id === conversationId)?.messages ?? []);
      setOlderCursor(null);
      return;
    }
    if (stored.data && stored.data.id === conversationId && !abortRef.current) {
      shownRef.current = conversationId;
      setMessages(fromStored(stored.data.messages));
      setOlderCursor(stored.data.hasMore ? (stored.data.nextCursor ?? null) : null);
    }
  }, [conversationId, isMember, stored.data]);

  /** Puts the page of messages before those shown in front of them. */
  const loadOlder = useCallback(async () => {
    if (!conversationId || !olderCursor || isLoadingOlder) return;
    setIsLoadingOlder(true);
    try {
      const page = await getConversation(conversationId, olderCursor);
      if (shownRef.current !== conversationId) return;
      const older = page.messages.map((message, index) => ({
        ...message,
        key: `older-${olderCursor}-${index}`,
      }));
      setMessages((current) => [...older, ...current]);
      setOlderCursor(page.hasMore ? (page.nextCursor ?? null) : null);
    } catch (error) {
      console.error('Failed to load older messages', error);
    } finally {
      setIsLoadingOlder(false);
    }
  }, [conversationId, olderCursor, isLoadingOlder]);

  // Leaving the screen (or the conversation) stops the answer in flight.
  useEffect(() => () => abortRef.current?.abort(), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: afterAnswer only closes over stable values
  const send = useCallback(
    async (text: string) => {
      const question = text.trim();
      if (!question || abortRef.current) return;
      const history = messages
        .filter((m) => m.content.trim() !== '')
        .slice(-CHAT_HISTORY_MAX_TURNS)
        .map((m) => ({ role: m.role, content: m.content }));
      const userMessage = newMessage('user', question);
      const placeholder = { ...newMessage('assistant'), state: 'streaming' as const };
      const controller = new AbortController();
      abortRef.current = controller;
      setIsTyping(true);
      setMessages((current) => [...current, userMessage, placeholder]);

      const patch = (change: (message: ChatMessage) => ChatMessage | null) =>
        setMessages((current) =>
          current.flatMap((m) => {
            if (m.key !== placeholder.key) return [m];
            const next = change(m);
            return next ? [next] : [];
          }),
        );

      let id = conversationId;
      const open = (created: string) => {
        id = created;
        shownRef.current = created;
        onConversationCreated(created);
      };
      // A conversation exists from its first message on ('New chat' only opens a draft), so an
      // empty one never counts toward the conversation limit. A guest's is kept in this tab only
      // once the server has taken the question under its id: made before, a refused sixth one
      // stayed as a conversation of its own, titled by the refused question and offered for
      // import after sign-in (issue 27). A failure other than a limit keeps it, with the apology.
      const guestDraftId = !id && !isMember ? nanoid() : null;
      const keepGuestDraft = () => {
        if (guestDraftId && !id) open(createGuestConversation(guestDraftId).id);
      };
      let final: ChatMessage = placeholder;
      let refused = false;
      try {
        if (!id && isMember) {
          open((await createConversation()).id);
          void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
        }
        const request: ChatRequest = {
          question,
          chat_history: history,
          detected_language: detectReplyLanguage(question),
          conversation_id: id ?? guestDraftId,
        };
        await streamChat(
          request,
          {
            onAccepted: keepGuestDraft,
            onToken: (token) => {
              final = { ...final, content: final.content + token };
              patch(() => final);
            },
            onSources: (sources, kept, signature) => {
              final = {
                ...final,
                sources,
                ...(kept === undefined ? {} : { content: kept }),
                ...(signature === undefined ? {} : { signature }),
              };
              patch(() => final);
            },
            onError: (message) => {
              const said = final.content.trimEnd();
              final = {
                ...final,
                content: `${said ? `${said}\n\n` : ''}${chatApology(message)}`,
                state: 'failed',
              };
              patch(() => final);
            },
          },
          controller.signal,
        );
        if (final.state === 'streaming') final = { ...final, state: undefined };
      } catch (error) {
        const limit = limitHitOf(error);
        if (controller.signal.aborted) {
          final = { ...final, state: 'stopped' };
        } else if (limit) {
          setLimitHit(limit);
          refused = true;
        } else {
          const details = error instanceof Error ? error.message : String(error);
          final = { ...final, content: chatApology(details), state: 'failed' };
        }
      }
      if (!refused) keepGuestDraft();
      abortRef.current = null;
      setIsTyping(false);
      if (refused) {
        // Nothing answered it: the question leaves the screen with its placeholder, and goes
        // back to the message box (onQuestionRefused) rather than into any conversation.
        setMessages((current) =>
          current.filter((m) => m.key !== userMessage.key && m.key !== placeholder.key),
        );
        onQuestionRefused?.(question);
      } else {
        patch(() => final);
        if (id) afterAnswer(id, userMessage, final);
      }
      onRequestSettled?.();
    },
    [
      messages,
      conversationId,
      isMember,
      onConversationCreated,
      onRequestSettled,
      onQuestionRefused,
    ],
  );

  /** Saves (guests), titles and checks for an empty reply once an answer has ended. */
  function afterAnswer(id: string, userMessage: ChatMessage, reply: ChatMessage) {
    if (isMember) {
      // The server saved both messages; the stored copy is re-read when next shown.
      void queryClient.invalidateQueries({ queryKey: conversationKey(id), refetchType: 'none' });
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      }, TITLE_DELAY_MS);
    } else {
      updateGuestConversation(id, (conversation) => ({
        title:
          conversation.messages.length === 0 ? guestTitle(userMessage.content) : conversation.title,
        messages: [
          ...conversation.messages,
          userMessage,
          ...(reply.content !== '' || reply.state === 'stopped' ? [reply] : []),
        ],
      }));
    }
    setTimeout(() => {
      setMessages((current) => {
        const message = current.find((m) => m.key === reply.key);
        if (message?.content.trim() !== '' || message.state === 'stopped') return current;
        const { signature: _unsigned, ...unsigned } = message;
        const apology = { ...unsigned, content: NO_RESPONSE_APOLOGY, state: 'failed' as const };
        // A member's apology is saved by the server with the empty answer (issue 19).
        if (!isMember) {
          updateGuestConversation(id, (conversation) => ({
            messages: [...conversation.messages.filter((m) => m.key !== reply.key), apology],
          }));
        }
        return current.map((m) => (m.key === reply.key ? apology : m));
      });
    }, EMPTY_REPLY_CHECK_MS);
  }

  const stop = useCallback(() => abortRef.current?.abort(), []);
  const dismissLimit = useCallback(() => setLimitHit(null), []);

  return {
    messages,
    isTyping,
    isLoading: isMember && conversationId !== null && stored.isPending,
    /** The member's chosen conversation is not theirs (deleted, or another account's). */
    notFound: stored.error instanceof ApiError && stored.error.status === 404,
    send,
    stop,
    limitHit,
    dismissLimit,
    older: { hasMore: olderCursor !== null, isLoading: isLoadingOlder, load: loadOlder },
  };
}

/** The limit payload of a refused call (the chat's 429, or another endpoint's), else null. */
export function limitHitOf(error: unknown): LimitHit | null {
  if (error instanceof ChatLimitError) return error.limit;
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const body = error.body as Partial<LimitHit> | undefined;
  return {
    type: String(body?.type ?? ''),
    used: Number(body?.used ?? 0),
    limit: Number(body?.limit ?? 0),
  };
}
