import type { ConversationList } from '@samvad/contracts/conversations';
import { SquarePen } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { ConversationItem } from './conversation-item.tsx';

type ChatSidebarProps = {
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
        <Tabs.Root defaultValue="active" className="flex min-h-0 flex-1 flex-col gap-2">
          <Tabs.List
            aria-label="Conversation lists"
            className="grid grid-cols-2 rounded-xl bg-muted p-1 text-sm"
          >
            {(['active', 'archived'] as const).map((tab) => (
              <Tabs.Trigger
                key={tab}
                value={tab}
                className="cursor-pointer rounded-lg px-3 py-1.5 font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-xs"
              >
                {tab === 'active' ? 'Active' : 'Archived'}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {(['active', 'archived'] as const).map((tab) => (
            <Tabs.Content key={tab} value={tab} className="min-h-0 flex-1 overflow-y-auto">
              <ConversationEntries
                {...props}
                list={conversations[tab]}
                archived={tab === 'archived'}
              />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        <div className="flex-1">{signInPrompt}</div>
      )}
      {footer}
    </nav>
  );
}

function ConversationEntries({
  list,
  archived,
  isLoading,
  currentId,
  onSelect,
  onShare,
  onRevokeShare,
  onDeleted,
}: ChatSidebarProps & { list: ConversationList['active']; archived: boolean }) {
  if (isLoading) {
    return (
      <ul aria-label="Loading conversations" className="grid gap-2 px-1 pt-1">
        {[0, 1, 2].map((i) => (
          <li key={i} className="h-11 animate-pulse rounded-xl bg-muted" />
        ))}
      </ul>
    );
  }
  if (list.length === 0) {
    return (
      <p className="px-3 py-6 text-center text-sm text-muted-foreground">
        {archived ? 'No archived conversations.' : 'No conversations yet.'}
      </p>
    );
  }
  return (
    <ul className="grid gap-0.5">
      {list.map((conversation) => (
        <ConversationItem
          key={conversation.id}
          conversation={conversation}
          current={conversation.id === currentId}
          onSelect={() => onSelect(conversation.id)}
          onShare={() => onShare(conversation.id)}
          onRevokeShare={() => onRevokeShare(conversation.id)}
          onDeleted={() => onDeleted(conversation.id)}
        />
      ))}
    </ul>
  );
}
