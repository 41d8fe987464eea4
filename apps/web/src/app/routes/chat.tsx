import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { createConversation } from '../../features/chat/api/create-conversation.ts';
import { useConversations } from '../../features/chat/api/get-conversations.ts';
import { ChatLayout } from '../../features/chat/components/chat-layout.tsx';
import { ChatSidebar } from '../../features/chat/components/chat-sidebar.tsx';
import { Composer } from '../../features/chat/components/composer.tsx';
import { MessageList } from '../../features/chat/components/message-list.tsx';
import { WelcomeScreen } from '../../features/chat/components/welcome-screen.tsx';
import { type LimitHit, limitHitOf, useChat } from '../../features/chat/hooks/use-chat.ts';
import { useShareConversation } from '../../features/chat/hooks/use-share-conversation.ts';
import {
  createGuestConversation,
  guestConversations,
  subscribeToGuestConversations,
} from '../../features/chat/lib/guest-conversations.ts';
import { RATE_LIMITS_QUERY_KEY, useRateLimits } from '../../features/limits/api/get-rate-limits.ts';
import { UsageBanner } from '../../features/limits/components/usage-banner.tsx';
import { UsageChips } from '../../features/limits/components/usage-chip.tsx';
import { useUsageState } from '../../features/limits/hooks/use-usage-state.ts';
import { usePersona } from '../../features/persona/api/get-persona.ts';
import { AssistantContent, UserContent } from './chat-message-content.tsx';
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
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [extraLimit, setExtraLimit] = useState<LimitHit | null>(null);
  const persona = usePersona().data;
  const list = useConversations(isMember);
  const guestList = useSyncExternalStore(
    subscribeToGuestConversations,
    guestConversations,
    () => [],
  );
  const rateLimits = useRateLimits();
  const { share, revoke } = useShareConversation();

  const chosen = params.get('c');
  // Spec §4: the first conversation becomes current when none is chosen.
  const conversationId = isMember
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
  });
  const sentInConversation = chat.messages.filter((m) => m.role === 'user').length;
  const usage = useUsageState(rateLimits.data, sentInConversation);

  useEffect(() => {
    if (auth.status === 'loading') return;
    if (!isMember && chosen && !guestList.some((c) => c.id === chosen)) select(null);
  }, [auth.status, isMember, chosen, guestList, select]);

  const newChat = async () => {
    chat.stop();
    if (!isMember) return select(createGuestConversation().id);
    try {
      const created = await createConversation();
      void queryClient.invalidateQueries({ queryKey: ['/api/conversations'] });
      select(created.id);
    } catch (error) {
      const limit = limitHitOf(error);
      if (limit) setExtraLimit(limit);
      else console.error('Failed to create conversation', error);
    }
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
  const limitShown = chat.limitHit ?? extraLimit;

  const composer = (
    <div className="grid gap-2">
      {rateLimits.data && (
        <UsageBanner limits={rateLimits.data} conversationMessageCount={sentInConversation} />
      )}
      <Composer
        onSend={chat.send}
        onStop={chat.stop}
        isTyping={chat.isTyping}
        disabled={usage.inputDisabled}
        {...(usage.disabledPlaceholder ? { placeholder: usage.disabledPlaceholder } : {})}
        autoFocus
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
          onNewChat={() => void newChat()}
          onShare={(id) => void share(id)}
          onRevokeShare={(id) => void revoke(id)}
          onDeleted={(id) => id === conversationId && select(null)}
          signInPrompt={<GuestSignInPrompt />}
          brand={<SidebarBrand />}
        />
      }
      actions={
        <ChatActions
          auth={auth}
          onShare={chat.messages.length > 0 ? shareCurrent : undefined}
          usage={
            rateLimits.data && (
              <UsageChips limits={rateLimits.data} conversationMessageCount={sentInConversation} />
            )
          }
        />
      }
    >
      {isMember && <ImportGuestChatsBanner />}
      {chat.messages.length === 0 && !chat.isLoading && persona ? (
        <WelcomeScreen
          welcome={persona.welcome}
          onAsk={chat.send}
          composer={composer}
          disabled={usage.inputDisabled || chat.isTyping}
        />
      ) : (
        <>
          <MessageList
            messages={chat.messages}
            older={chat.older}
            isTyping={chat.isTyping}
            renderUser={(message) => <UserContent message={message} />}
            renderAssistant={(message) => <AssistantContent message={message} />}
          />
          <div className="mx-auto w-full max-w-3xl px-4 pb-4 sm:px-6">{composer}</div>
        </>
      )}
      {limitShown && (
        <Suspense fallback={null}>
          <LimitDialog
            limit={limitShown}
            onClose={() => {
              chat.dismissLimit();
              setExtraLimit(null);
            }}
          />
        </Suspense>
      )}
    </ChatLayout>
  );
}
