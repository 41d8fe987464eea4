import type { AdminConversation } from '@samvad/contracts/admin';
import { Eye, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Badge } from '../../../shared/ui/badge.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { SortableHeader } from '../../../shared/ui/sortable-header.tsx';
import { useAdminConversations } from '../api/get-admin-conversations.ts';
import { useDashboardParams } from '../hooks/use-dashboard-params.ts';
import { useSortedRows } from '../hooks/use-sorted-rows.ts';
import { formatDateTime } from '../lib/format-date.ts';
import { timeValue } from '../lib/sort-rows.ts';
import type { RenderMessageContent } from './conversation-messages-dialog.tsx';
import { bodyRowClass, EmailText, headRowClass, ListState, TableFrame, Td } from './data-table.tsx';
import { Pagination } from './pagination.tsx';
import { TabSection } from './tab-section.tsx';

const ConversationMessagesDialog = lazy(() => import('./conversation-messages-dialog.tsx'));

const PAGE_SIZE = 20;

const columns = {
  title: (c: AdminConversation) => c.title,
  email: (c: AdminConversation) => c.userEmail,
  created: (c: AdminConversation) => timeValue(c.createdAt),
  updated: (c: AdminConversation) => timeValue(c.updatedAt),
  messages: (c: AdminConversation) => c.messageCount,
};

/**
 * Conversations tab (spec admin-community §2): everyone's conversations, or one user's, deleted
 * ones included and marked; View Messages opens the conversation.
 */
export default function ConversationsTab({
  renderMessageContent,
}: {
  renderMessageContent?: RenderMessageContent;
}) {
  const { params, update } = useDashboardParams();
  const userId = params.chatsOf;
  const [paging, setPaging] = useState({ userId, page: 1 });
  const page = paging.userId === userId ? paging.page : 1;
  const list = useAdminConversations({ userId, page, pageSize: PAGE_SIZE });
  const { rows, headerProps } = useSortedRows(list.data?.conversations, columns);
  const [open, setOpen] = useState<AdminConversation | null>(null);

  const owner = list.data?.conversations[0];
  const ownerName = owner ? (owner.userEmail ?? owner.userName ?? userId) : userId;
  const description = userId ? (
    <span className="flex flex-wrap items-center gap-2">
      <span>
        Conversations of <span className="font-medium text-foreground">{ownerName}</span>
      </span>
      <Button
        variant="ghost"
        className="h-8 px-2.5 text-xs"
        onClick={() => update({ chatsOf: '' })}
      >
        <X aria-hidden />
        Clear Filter
      </Button>
    </span>
  ) : (
    "Every member's conversations, newest first, including those they deleted."
  );

  return (
    <TabSection title="Conversations" description={description}>
      <ListState
        isPending={list.isPending}
        error={list.error}
        isEmpty={rows.length === 0}
        empty={userId ? 'This user has no conversations.' : 'No conversations yet.'}
        onRetry={() => void list.refetch()}
      />
      {rows.length > 0 && (
        <TableFrame label="Conversations" className="min-w-[820px]">
          <thead>
            <tr className={headRowClass}>
              <SortableHeader {...headerProps('title')}>Title</SortableHeader>
              <SortableHeader {...headerProps('email')}>User Email</SortableHeader>
              <SortableHeader {...headerProps('created')}>Created</SortableHeader>
              <SortableHeader {...headerProps('updated')}>Updated</SortableHeader>
              <SortableHeader {...headerProps('messages')}>Messages</SortableHeader>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((conversation) => (
              <tr key={conversation.id} className={bodyRowClass}>
                <Td>
                  <div className="flex flex-wrap items-center gap-1.5">
                    <span className="font-medium break-words">{conversation.title}</span>
                    {conversation.deletedAt && <Badge variant="destructive">Deleted</Badge>}
                    {conversation.archived && <Badge variant="outline">Archived</Badge>}
                  </div>
                </Td>
                <Td>
                  <EmailText text={conversation.userEmail ?? '—'} />
                </Td>
                <Td className="whitespace-nowrap">{formatDateTime(conversation.createdAt)}</Td>
                <Td className="whitespace-nowrap">{formatDateTime(conversation.updatedAt)}</Td>
                <Td className="tabular-nums">{conversation.messageCount}</Td>
                <Td>
                  <Button
                    variant="outline"
                    className="h-8 px-3 text-xs"
                    onClick={() => setOpen(conversation)}
                  >
                    <Eye aria-hidden />
                    View Messages
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
      {list.data && (
        <Pagination
          label="Conversations"
          page={page}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          onPage={(next) => setPaging({ userId, page: next })}
        />
      )}
      {open && (
        <Suspense fallback={null}>
          <ConversationMessagesDialog
            conversation={open}
            onClose={() => setOpen(null)}
            renderMessageContent={renderMessageContent}
          />
        </Suspense>
      )}
    </TabSection>
  );
}
