import type { SessionUser } from '@samvad/contracts/auth';
import { LoaderCircle } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useId } from 'react';
import { ErrorBoundary } from '../../../shared/ui/error-boundary.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs.tsx';
import { useDashboardParams } from '../hooks/use-dashboard-params.ts';
import { useOpeningTab } from '../hooks/use-opening-tab.ts';
import { DASHBOARD_TABS, type DashboardTab } from '../lib/dashboard-params.ts';
import type { RenderMessageContent } from './conversation-messages-dialog.tsx';
import { DashboardHeader } from './dashboard-header.tsx';

// Each tab's code loads when the tab is first shown, so /admin's first load stays small.
const UsersTab = lazy(() => import('./users-tab.tsx'));
const ConversationsTab = lazy(() => import('./conversations-tab.tsx'));
const MetricsTab = lazy(() => import('./metrics-tab.tsx'));
const LogsTab = lazy(() => import('./logs-tab.tsx'));
const RateLimitsTab = lazy(() => import('./rate-limits-tab.tsx'));
const QualityTab = lazy(() => import('./quality-tab.tsx'));
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
  const { params, update, isBare } = useDashboardParams();
  const openTab = useCallback(
    (tab: DashboardTab, options?: { replace?: boolean }) => update({ tab }, options),
    [update],
  );
  const deciding = useOpeningTab(isBare, openTab);
  const tabSelectId = useId();
  const panels: Record<DashboardTab, ReactNode> = {
    users: <UsersTab currentUserId={user.id} />,
    conversations: <ConversationsTab renderMessageContent={renderMessageContent} />,
    metrics: <MetricsTab />,
    logs: <LogsTab />,
    limits: <RateLimitsTab />,
    'knowledge-base': <KnowledgeBaseTab />,
    quality: <QualityTab />,
  };

  return (
    <div className="grid w-full min-w-0 animate-fade-up gap-6">
      <DashboardHeader
        user={user}
        // The search is the Users tab's filter: other tabs list everyone, so their box is empty
        // (issue 27); the URL keeps it, and the Users tab shows it again.
        query={params.tab === 'users' ? params.q : ''}
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
        {/* Phones: one select instead of a row of six tabs that would need sideways scrolling. */}
        <div className="flex items-center gap-2 sm:hidden">
          <label htmlFor={tabSelectId} className="text-sm font-medium">
            Section
          </label>
          <select
            id={tabSelectId}
            value={params.tab}
            onChange={(event) => openTab(event.target.value as DashboardTab)}
            className="h-10 min-w-0 flex-1 cursor-pointer rounded-xl border border-input bg-card px-3 text-sm font-medium shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25"
          >
            {DASHBOARD_TABS.map((tab) => (
              <option key={tab.value} value={tab.value}>
                {tab.label}
              </option>
            ))}
          </select>
        </div>
        <TabsList aria-label="Dashboard sections" className="hidden justify-self-start sm:flex">
          {DASHBOARD_TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {DASHBOARD_TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <ErrorBoundary key={tab.value} fallback={<TabLoadError />}>
              <Suspense fallback={<TabLoading />}>
                {deciding ? <TabLoading /> : panels[tab.value]}
              </Suspense>
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
