import { SHARE_TRUNCATED_NOTICE } from '@samvad/contracts/conversation-rules';
import { MessageSquarePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { useSharedConversation } from '../../features/chat/api/get-shared-conversation.ts';
import { ChatLayout } from '../../features/chat/components/chat-layout.tsx';
import { MessageList } from '../../features/chat/components/message-list.tsx';
import { fromStored } from '../../features/chat/lib/chat-message.ts';
import { Button } from '../../shared/ui/button.tsx';
import { AssistantContent, UserContent } from './chat-message-content.tsx';
import { ChatActions, SidebarBrand } from './chat-parts.tsx';

export const SHARED_VIEW_NOTICE =
  'This is a shared view-only conversation. You cannot send messages here.';
export const SHARED_LOAD_FAILED =
  'This shared conversation could not be loaded. It may have been deleted or made private.';

/** `/share/{shareableId}`: the chat screen, read-only (spec §2). */
export default function SharedConversationRoute() {
  const { shareableId = '' } = useParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const shared = useSharedConversation(shareableId);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    if (!shared.isError) return;
    window.alert(SHARED_LOAD_FAILED);
    navigate('/', { replace: true });
  }, [shared.isError, navigate]);

  const conversation = shared.data;
  return (
    <ChatLayout
      // The page's own heading carries the title; a phone's header repeating it (cut twice over)
      // only says what this page is.
      title="Shared conversation"
      drawerOpen={drawerOpen}
      onDrawerOpenChange={setDrawerOpen}
      sidebar={
        <div className="flex h-full flex-col gap-4 p-3">
          <div className="px-1 pt-1">
            <SidebarBrand />
          </div>
          <Button asChild variant="outline" className="justify-start rounded-xl">
            <Link to="/chat">
              <MessageSquarePlus aria-hidden />
              Start your own chat
            </Link>
          </Button>
        </div>
      }
      actions={<ChatActions auth={auth} onShare={undefined} />}
    >
      {conversation ? (
        <>
          <h1 className="mx-auto w-full max-w-3xl px-4 pt-6 font-serif text-2xl font-semibold tracking-tight sm:px-6">
            {conversation.title}
          </h1>
          <MessageList
            messages={fromStored(conversation.messages)}
            isTyping={false}
            renderUser={(message) => <UserContent message={message} />}
            renderAssistant={(message) => <AssistantContent message={message} />}
          />
          {conversation.truncated && (
            <p
              role="note"
              className="mx-auto mb-2 w-[calc(100%-2rem)] max-w-3xl rounded-2xl border border-border bg-muted/60 px-4 py-3 text-center text-sm text-muted-foreground"
            >
              {SHARE_TRUNCATED_NOTICE}
            </p>
          )}
          <p
            role="note"
            className="mx-auto mb-4 w-[calc(100%-2rem)] max-w-3xl rounded-2xl border border-border bg-muted/60 px-4 py-3 text-center text-sm text-muted-foreground"
          >
            {SHARED_VIEW_NOTICE}
          </p>
        </>
      ) : (
        <div className="flex flex-1 items-center justify-center" aria-busy="true">
          <span className="sr-only">Loading the shared conversation…</span>
          <span className="size-6 animate-spin rounded-full border-2 border-muted border-t-primary" />
        </div>
      )}
    </ChatLayout>
  );
}
