import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { SignInButton } from '../../features/auth/components/sign-in-button.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { useConversations } from '../../features/chat/api/get-conversations.ts';
import { ChatLayout } from '../../features/chat/components/chat-layout.tsx';
import { ChatSidebar } from '../../features/chat/components/chat-sidebar.tsx';
import { Composer } from '../../features/chat/components/composer.tsx';
import { MessageList } from '../../features/chat/components/message-list.tsx';
import { WelcomeScreen } from '../../features/chat/components/welcome-screen.tsx';
import { useChat } from '../../features/chat/hooks/use-chat.ts';
import { useShareConversation } from '../../features/chat/hooks/use-share-conversation.ts';
import {
  guestConversations,
  subscribeToGuestConversations,
} from '../../features/chat/lib/guest-conversations.ts';
import { welcomeForViewer } from '../../features/chat/lib/welcome-for-viewer.ts';
import { RATE_LIMITS_QUERY_KEY, useRateLimits } from '../../features/limits/api/get-rate-limits.ts';
import { UsageBanner } from '../../features/limits/components/usage-banner.tsx';
import { UsageChips } from '../../features/limits/components/usage-chip.tsx';
import { useUsageState } from '../../features/limits/hooks/use-usage-state.ts';
import { usePersona } from '../../features/persona/api/get-persona.ts';
import { RatedAssistantContent, UserContent } from './chat-message-content.tsx';
import {
  ChatActions,
  GuestSignInPrompt,
  ImportGuestChatsBanner,
  SidebarBrand,
} from './chat-parts.tsx';

// Not needed for the first paint: loaded when a limit is first hit.
const LimitDialog = lazy(() => import('../../features/limits/components/limit-dialog.tsx'));

/** `/chat`: the conversation screen (spec §2, §4) for guests and members. */
export default function ChatRoute() {
  const auth = useAuth();
  const isMember = auth.status === 'authenticated';
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // What is typed in the message box, kept here so it survives the box moving (see Composer).
  const [draft, setDraft] = useState('');
  const persona = usePersona().data;
  const list = useConversations(isMember);
  const guestList = useSyncExternalStore(
    subscribeToGuestConversations,
    guestConversations,
    () => [],
  );
  const rateLimits = useRateLimits();
  const { share, revoke } = useShareConversation();

  const fromUrl = params.get('c');
  // A guest's conversation lives in this tab, not in the account: after signing in, the URL may
  // still name one (sign-in returns to the page it started from). A member never opens it on the
  // server (issue 27: every question then failed with a 404); the offer to import it shows instead.
  const namesGuestChat = fromUrl !== null && guestList.some((c) => c.id === fromUrl);
  const chosen = isMember && namesGuestChat ? null : fromUrl;
  // 'New chat' opens a draft: an empty screen with no conversation behind it until the first
  // message creates one, so empty conversations never count toward the limit. It lives in the
  // history entry, so Back returns to the conversation before it.
  const isDraft = !chosen && isDraftState(location.state);
  // Until the session is known the viewer may be a member who was a guest in this tab: nothing
  // of the tab's guest conversations is shown, and nothing can be sent. A question sent in that
  // moment went out as a guest's, under the guest conversation's id, and the server refused the
  // member's cookie with it (404: the question was lost; seen by CI after a reload).
  const viewerKnown = auth.status !== 'loading';
  // Spec §4: the first conversation becomes current when none is chosen.
  const conversationId =
    isDraft || !viewerKnown
      ? null
      : isMember
        ? (chosen ?? list.data?.active[0]?.id ?? null)
        : chosen && guestList.some((c) => c.id === chosen)
          ? chosen
          : (guestList[0]?.id ?? null);

  const select = useCallback(
    (id: string | null) => {
      setParams(id ? { c: id } : {}, { replace: false });
      setDrawerOpen(false);
    },
    [setParams],
  );
  const chat = useChat({
    isMember,
    conversationId,
    onConversationCreated: select,
    onRequestSettled: () => void queryClient.invalidateQueries({ queryKey: RATE_LIMITS_QUERY_KEY }),
    // A refused question is in no conversation: its words go back in the box, before anything
    // typed while it was being sent, so closing the limit dialog loses nothing (issue 27).
    onQuestionRefused: (question) =>
      setDraft((typed) => (typed.trim() ? `${question}\n\n${typed}` : question)),
  });
  const sentInConversation = chat.messages.filter((m) => m.role === 'user').length;
  const usage = useUsageState(rateLimits.data, sentInConversation);

  // The guest conversation the URL named when the member arrived: Import opens its new copy.
  const [arrivedFrom, setArrivedFrom] = useState<string | null>(null);
  useEffect(() => {
    if (auth.status === 'loading' || !fromUrl) return;
    if (isMember ? namesGuestChat || chat.notFound : !namesGuestChat) {
      if (isMember && namesGuestChat) setArrivedFrom(fromUrl);
      setParams({}, { replace: true });
    }
  }, [auth.status, isMember, fromUrl, namesGuestChat, chat.notFound, setParams]);

  const openImported = (moved: ReadonlyMap<string, string>) => {
    const first = [...moved.values()].at(-1);
    const target = (arrivedFrom && moved.get(arrivedFrom)) ?? first;
    setArrivedFrom(null);
    if (target) select(target);
  };

  const newChat = () => {
    setDrawerOpen(false);
    // Already on an empty screen (the draft, or a conversation with nothing in it): stay there.
    if (conversationId === null || (chat.messages.length === 0 && !chat.isLoading)) {
      if (fromUrl) setParams({}, { replace: false, state: DRAFT_STATE });
      return;
    }
    chat.stop();
    setParams({}, { replace: false, state: DRAFT_STATE });
  };

  const current = isMember
    ? [...(list.data?.active ?? []), ...(list.data?.archived ?? [])].find(
        (c) => c.id === conversationId,
      )
    : guestList.find((c) => c.id === conversationId);
  const title = current?.title ?? persona?.productName ?? '';
  const shareCurrent = conversationId
    ? () => {
        if (isMember) return void share(conversationId);
        const messages = chat.messages
          .filter((m) => m.content.trim() !== '')
          .map(({ role, content, sources, timestamp }) => ({ role, content, sources, timestamp }));
        if (messages.length > 0) void share(conversationId, { title, messages });
      }
    : undefined;

  const composer = (
    <div className="grid gap-2">
      {rateLimits.data && (
        <UsageBanner limits={rateLimits.data} conversationMessageCount={sentInConversation} />
      )}
      <Composer
        onSend={chat.send}
        onStop={chat.stop}
        isTyping={chat.isTyping}
        disabled={usage.inputDisabled || !viewerKnown}
        {...(usage.disabledPlaceholder ? { placeholder: usage.disabledPlaceholder } : {})}
        autoFocus
        draft={{ text: draft, setText: setDraft }}
      />
    </div>
  );

  return (
    <ChatLayout
      title={title}
      drawerOpen={drawerOpen}
      onDrawerOpenChange={setDrawerOpen}
      sidebar={
        <ChatSidebar
          conversations={isMember ? (list.data ?? { active: [], archived: [] }) : null}
          isLoading={isMember && list.isPending}
          currentId={conversationId}
          onSelect={select}
          onNewChat={newChat}
          onShare={(id) => void share(id)}
          onRevokeShare={(id) => void revoke(id)}
          onDeleted={(id) => id === conversationId && select(null)}
          signInPrompt={<GuestSignInPrompt />}
          brand={<SidebarBrand />}
        />
      }
      usage={
        rateLimits.data && (
          <UsageChips limits={rateLimits.data} conversationMessageCount={sentInConversation} />
        )
      }
      actions={
        <ChatActions auth={auth} onShare={chat.messages.length > 0 ? shareCurrent : undefined} />
      }
    >
      {isMember && <ImportGuestChatsBanner onImported={openImported} />}
      {chat.messages.length === 0 && !chat.isLoading && persona ? (
        <WelcomeScreen
          welcome={welcomeForViewer(persona.welcome, isMember)}
          onAsk={chat.send}
          composer={composer}
          disabled={usage.inputDisabled || chat.isTyping || !viewerKnown}
        />
      ) : (
        <>
          <MessageList
            messages={chat.messages}
            older={chat.older}
            isTyping={chat.isTyping}
            renderUser={(message) => <UserContent message={message} />}
            renderAssistant={(message) => (
              <RatedAssistantContent message={message} messages={chat.messages} />
            )}
          />
          <div className="mx-auto w-full max-w-3xl px-4 pb-4 sm:px-6">{composer}</div>
        </>
      )}
      {chat.limitHit && (
        <Suspense fallback={null}>
          <LimitDialog
            limit={chat.limitHit}
            onClose={chat.dismissLimit}
            guestSignIn={isMember ? undefined : <SignInButton size="lg" className="w-full" />}
          />
        </Suspense>
      )}
    </ChatLayout>
  );
}

/** The history entry's state of a 'New chat' draft. */
const DRAFT_STATE = { draft: true } as const;

function isDraftState(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { draft?: unknown }).draft === true
  );
}
