import type { ConversationList } from '@samvad/contracts/conversations';
import { Tabs } from 'radix-ui';
import type { ChatSidebarProps } from './chat-sidebar.tsx';
import { ConversationItem } from './conversation-item.tsx';
import { ConversationsLoading } from './conversations-loading.tsx';

type ConversationTabsProps = ChatSidebarProps & { conversations: ConversationList };

/** A member's Active (default) and Archived tabs (spec §2), loaded with the sidebar on demand. */
export function ConversationTabs(props: ConversationTabsProps) {
  const { conversations } = props;
  return (
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
          <ConversationEntries {...props} list={conversations[tab]} archived={tab === 'archived'} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
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
  if (isLoading) return <ConversationsLoading />;
  if (list.length === 0) {
    return (
      <p className="px-3 py-6 text-center text-sm text-muted-foreground">
        {archived ? 'No archived conversations.' : 'No conversations yet.'}
      </p>
    );
  }
  return (
    // One column no wider than the sidebar: an auto column grew to the longest title, so
    // rows never cut theirs with an ellipsis (issue 27).
    <ul className="grid grid-cols-1 gap-0.5">
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
