import type { SessionUser } from '@samvad/contracts/auth';
import { LoaderCircle } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { ErrorBoundary } from '../../../shared/ui/error-boundary.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs.tsx';
import { useDashboardParams } from '../hooks/use-dashboard-params.ts';
import { DASHBOARD_TABS, type DashboardTab } from '../lib/dashboard-params.ts';
import type { RenderMessageContent } from './conversation-messages-dialog.tsx';
import { DashboardHeader } from './dashboard-header.tsx';

// Each tab's code loads when the tab is first shown, so /admin's first load stays small.
const UsersTab = lazy(() => import('./users-tab.tsx'));
const ConversationsTab = lazy(() => import('./conversations-tab.tsx'));
const MetricsTab = lazy(() => import('./metrics-tab.tsx'));
const LogsTab = lazy(() => import('./logs-tab.tsx'));
const RateLimitsTab = lazy(() => import('./rate-limits-tab.tsx'));
const KnowledgeBaseTab = lazy(() =>
  import('./knowledge-base-tab.tsx').then((module) => ({ default: module.KnowledgeBaseTab })),
);

/**
 * `/admin` for an admin (spec admin-community §2 "Admin dashboard"): the header, then the tabs.
 * The tab and each tab's filter live in the URL.
 */
export function AdminDashboard({
  user,
  onLoggedOut,
  renderMessageContent,
}: {
  user: SessionUser;
  onLoggedOut(): void;
  /** How the Conversations tab shows an assistant reply (the app's safe markdown). */
  renderMessageContent?: RenderMessageContent;
}) {
  const { params, update } = useDashboardParams();
  const panels: Record<DashboardTab, ReactNode> = {
    users: <UsersTab currentUserId={user.id} />,
    conversations: <ConversationsTab renderMessageContent={renderMessageContent} />,
    metrics: <MetricsTab />,
    logs: <LogsTab />,
    limits: <RateLimitsTab />,
    'knowledge-base': <KnowledgeBaseTab />,
  };

  return (
    <div className="grid w-full min-w-0 animate-fade-up gap-6">
      <DashboardHeader
        user={user}
        query={params.q}
        onSearch={(q) => update({ q, tab: 'users' })}
        onLoggedOut={onLoggedOut}
      />
      <Tabs
        value={params.tab}
        onValueChange={(tab) => update({ tab: tab as DashboardTab })}
        // Arrow keys move between tabs; Enter or Space opens one (each opening loads code and
        // data, and is a history entry).
        activationMode="manual"
        className="grid min-w-0 gap-4"
      >
        <TabsList aria-label="Dashboard sections" className="justify-self-start">
          {DASHBOARD_TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {DASHBOARD_TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <ErrorBoundary key={tab.value} fallback={<TabLoadError />}>
              <Suspense fallback={<TabLoading />}>{panels[tab.value]}</Suspense>
            </ErrorBoundary>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function TabLoading() {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
      <LoaderCircle aria-hidden className="size-4 animate-spin" />
      Loading…
    </p>
  );
}

/** A tab whose code failed to load (e.g. after a deploy): reloading fetches the new code. */
function TabLoadError() {
  return <LoadError onRetry={() => window.location.reload()} className="py-6" />;
}
