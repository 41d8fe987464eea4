import type { ConversationList } from '@samvad/contracts/conversations';
import { SquarePen } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { ConversationsLoading } from './conversations-loading.tsx';

// Members only: guests (every first visit) never load the tabs' code (Radix Tabs).
const ConversationTabs = lazy(() =>
  import('./conversation-tabs.tsx').then((module) => ({ default: module.ConversationTabs })),
);

export type ChatSidebarProps = {
  /** Null for guests: they see `signInPrompt` instead of the tabs. */
  conversations: ConversationList | null;
  isLoading: boolean;
  currentId: string | null;
  onSelect(id: string): void;
  onNewChat(): void;
  onShare(id: string): void;
  onRevokeShare(id: string): void;
  onDeleted(id: string): void;
  signInPrompt: ReactNode;
  brand: ReactNode;
  footer?: ReactNode;
};

/** Spec §2: new chat, then Active (default) and Archived tabs, or a sign-in prompt for guests. */
export function ChatSidebar(props: ChatSidebarProps) {
  const { conversations, onNewChat, signInPrompt, brand, footer } = props;
  return (
    <nav aria-label="Conversations" className="flex h-full flex-col gap-3 p-3">
      <div className="flex items-center justify-between gap-2 px-1 pt-1">{brand}</div>
      <Button variant="outline" className="justify-start rounded-xl" onClick={onNewChat}>
        <SquarePen aria-hidden />
        New chat
      </Button>
      {conversations ? (
        <Suspense
          fallback={
            <div className="flex min-h-0 flex-1 flex-col gap-2">
              <div aria-hidden="true" className="h-9 rounded-xl bg-muted" />
              <ConversationsLoading />
            </div>
          }
        >
          <ConversationTabs {...props} conversations={conversations} />
        </Suspense>
      ) : (
        <div className="flex-1">{signInPrompt}</div>
      )}
      {footer}
    </nav>
  );
}
