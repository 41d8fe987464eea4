import type { AdminConversation } from '@samvad/contracts/admin';
import type { Message } from '@samvad/contracts/conversations';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Badge } from '../../../shared/ui/badge.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { useConversationMessages } from '../api/get-conversation-messages.ts';
import { formatDateTime } from '../lib/format-date.ts';
import { MessageText } from './message-text.tsx';

/** An assistant reply's rendering (the app passes the chat's safe markdown). */
export type RenderMessageContent = (message: Message & { key: string }) => ReactNode;

/** Spec admin-community §8. */
export const MESSAGES_FAILED = 'Failed to load conversation messages. Try refreshing the page.';

/**
 * View Messages (spec admin-community §2): each message's role, time and content. Members'
 * questions show as typed (as in the chat); replies through `renderMessageContent`. A long
 * conversation comes a page at a time, newest first: 'Load older messages' adds the one before.
 */
export default function ConversationMessagesDialog({
  conversation,
  onClose,
  renderMessageContent,
}: {
  conversation: AdminConversation;
  onClose(): void;
  renderMessageContent?: RenderMessageContent | undefined;
}) {
  const query = useConversationMessages(conversation.id);
  // Pages come newest first; each page is oldest first within itself.
  const messages = [...(query.data?.pages ?? [])].reverse().flatMap((page) => page.messages);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={conversation.title}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <span>{conversation.userEmail ?? conversation.userName ?? conversation.userId}</span>
          {conversation.deletedAt && <Badge variant="destructive">Deleted</Badge>}
        </span>
      }
      // `sm:` so it wins over the modal's own max-w-md (both set max-width; variants come later).
      className="max-h-[85dvh] grid-rows-[auto_auto_minmax(0,1fr)] sm:max-w-3xl"
    >
      <div className="-mx-2 min-h-0 overflow-y-auto px-2">
        {query.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
            Loading messages…
          </p>
        )}
        {query.isError && <Alert variant="destructive">{MESSAGES_FAILED}</Alert>}
        {query.isSuccess && messages.length === 0 && (
          <p className="text-sm text-muted-foreground">This conversation has no messages.</p>
        )}
        {query.hasNextPage && (
          <div className="mb-3 flex justify-center">
            <Button
              variant="outline"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? 'Loading older messages…' : 'Load older messages'}
            </Button>
          </div>
        )}
        {messages.length > 0 && (
          <ol className="grid gap-3" aria-label="Messages">
            {messages.map((message, index) => {
              // Counted from the newest, so keys stay put when older pages come in front.
              const key = `${conversation.id}-${messages.length - index}`;
              const isUser = message.role === 'user';
              return (
                <li
                  key={key}
                  className={cn(
                    'grid gap-1.5 rounded-xl border border-border p-3',
                    isUser ? 'bg-muted/60' : 'bg-card',
                  )}
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs">
                    <span className="font-semibold">{isUser ? 'User' : 'Assistant'}</span>
                    <time dateTime={message.timestamp} className="text-muted-foreground">
                      {formatDateTime(message.timestamp)}
                    </time>
                  </div>
                  {isUser || !renderMessageContent ? (
                    <MessageText content={message.content} />
                  ) : (
                    renderMessageContent({ ...message, key })
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </Modal>
  );
}
