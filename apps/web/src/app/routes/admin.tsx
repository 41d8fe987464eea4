import { LoaderCircle } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard.tsx';
import { AdminLoginForm } from '../../features/admin/components/admin-login-form.tsx';
import type { RenderMessageContent } from '../../features/admin/components/conversation-messages-dialog.tsx';
import { MessageText } from '../../features/admin/components/message-text.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { useSetSessionUser } from '../../features/auth/hooks/use-set-session-user.ts';
import { cn } from '../../shared/lib/cn.ts';

// The chat's safe markdown (the same lazy chunk the chat loads), for replies in View Messages.
const MarkdownContent = lazy(
  () => import('../../features/message-content/components/markdown-content.tsx'),
);

const renderMessageContent: RenderMessageContent = (message) => (
  <Suspense fallback={<MessageText content={message.content} />}>
    <MarkdownContent
      content={message.content}
      sources={message.sources}
      messageId={message.key}
      className="text-sm leading-6"
    />
  </Suspense>
);

/**
 * `/admin`: the login form, or the dashboard once the session user has the admin role
 * (admin-community §4 "Admin gate"). A signed-in member who is not an admin gets the form
 * with a note saying so. The form is a centred card; the dashboard takes the full width.
 */
export default function AdminRoute() {
  const auth = useAuth();
  const setSessionUser = useSetSessionUser();
  const navigate = useNavigate();
  const isAdmin = auth.status === 'authenticated' && auth.user.role === 'admin';

  let content: ReactNode;
  if (auth.status === 'loading') {
    content = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden className="size-4 animate-spin" />
        Loading…
      </p>
    );
  } else if (auth.status === 'authenticated' && auth.user.role === 'admin') {
    content = (
      <AdminDashboard
        user={auth.user}
        renderMessageContent={renderMessageContent}
        onLoggedOut={() => {
          setSessionUser(null);
          // Spec §2: logout sends the browser to /admin (the tab and filters are dropped).
          navigate('/admin', { replace: true });
        }}
      />
    );
  } else {
    const member = auth.status === 'authenticated' ? auth.user : null;
    content = (
      <AdminLoginForm
        signedInAs={member ? (member.email ?? member.name ?? member.username) : null}
        onLoggedIn={setSessionUser}
      />
    );
  }

  return (
    <main
      id="main"
      className={cn(
        'flex min-w-0 flex-1 pb-20 sm:px-8',
        isAdmin ? 'flex-col px-4 pt-4' : 'items-start justify-center px-5 pt-6 sm:items-center',
      )}
    >
      {content}
    </main>
  );
}
