/**
 * A guest's conversations live in this browser tab's session storage (spec §3 "anonymous
 * conversation"): 21-character local ids, userId 'anonymous', titles from the first message.
 */
import { cutTitle, DEFAULT_CONVERSATION_TITLE } from '@samvad/contracts/conversation-rules';
import { nanoid } from 'nanoid';
import type { ChatMessage } from './chat-message.ts';

export const GUEST_STORAGE_KEY = 'samvad.guestConversations';
/** The guest conversations whose import a member put off ('Not now'), for this tab's session. */
export const DECLINED_IMPORT_KEY = 'samvad.guestImportDeclined';

export type GuestConversation = {
  id: string;
  title: string;
  userId: 'anonymous';
  archived: false;
  createdAt: string;
  updatedAt: string;
  isShared: boolean;
  shareableId: string | null;
  messages: ChatMessage[];
};

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: GuestConversation[] | null = null;

export function guestConversations(): GuestConversation[] {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(GUEST_STORAGE_KEY) ?? '[]');
    cache = Array.isArray(parsed) ? (parsed as GuestConversation[]) : [];
  } catch {
    cache = [];
  }
  return cache;
}

export function subscribeToGuestConversations(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function save(next: GuestConversation[]) {
  cache = next;
  try {
    sessionStorage.setItem(GUEST_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the conversation still lives in memory for this visit.
  }
  for (const listener of listeners) listener();
}

/** The first message cut as the server titles a member's conversation (whole words, '…'). */
export function guestTitle(firstMessage: string | undefined): string {
  return cutTitle(firstMessage ?? '') || DEFAULT_CONVERSATION_TITLE;
}

/** A new guest conversation under `id` (one the chat already sent the server, or a new one). */
export function createGuestConversation(id: string = nanoid()): GuestConversation {
  const now = new Date().toISOString();
  const conversation: GuestConversation = {
    id,
    title: DEFAULT_CONVERSATION_TITLE,
    userId: 'anonymous',
    archived: false,
    createdAt: now,
    updatedAt: now,
    isShared: false,
    shareableId: null,
    messages: [],
  };
  save([conversation, ...guestConversations()]);
  return conversation;
}

export function updateGuestConversation(
  id: string,
  change: (conversation: GuestConversation) => Partial<GuestConversation>,
) {
  save(
    guestConversations().map((conversation) =>
      conversation.id === id
        ? { ...conversation, ...change(conversation), updatedAt: new Date().toISOString() }
        : conversation,
    ),
  );
}

export function removeGuestConversation(id: string) {
  save(guestConversations().filter((conversation) => conversation.id !== id));
}

export function clearGuestConversations() {
  save([]);
}

/** The ids of guest conversations whose import was declined in this tab. */
export function declinedImports(): ReadonlySet<string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(DECLINED_IMPORT_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id) => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/** 'Not now': these conversations are not offered again in this tab (a new one would be). */
export function declineImports(ids: readonly string[]) {
  try {
    sessionStorage.setItem(
      DECLINED_IMPORT_KEY,
      JSON.stringify([...new Set([...declinedImports(), ...ids])]),
    );
  } catch {
    // Storage refused: the offer is hidden for this visit only.
  }
}
