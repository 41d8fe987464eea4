import type { UserMetrics } from '@samvad/contracts/admin';
import { useState } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { Badge } from '../../../shared/ui/badge.tsx';
import { SortableHeader } from '../../../shared/ui/sortable-header.tsx';
import { useUserMetrics } from '../api/get-user-metrics.ts';
import { useDashboardParams } from '../hooks/use-dashboard-params.ts';
import { useSortedRows } from '../hooks/use-sorted-rows.ts';
import { formatDateTime } from '../lib/format-date.ts';
import { conversationsCreated, messagesCreated, metricsStatus } from '../lib/metrics.ts';
import { timeValue } from '../lib/sort-rows.ts';
import { userLabel } from '../lib/user-label.ts';
import { bodyRowClass, headRowClass, ListState, TableFrame, Td } from './data-table.tsx';
import { Pagination } from './pagination.tsx';
import { TabSection } from './tab-section.tsx';
import { UsageChart } from './usage-chart.tsx';

const PAGE_SIZE = 20;

const columns = {
  user: (m: UserMetrics) => userLabel(m),
  status: (m: UserMetrics) => metricsStatus(m),
  created: conversationsCreated,
  active: (m: UserMetrics) => m.totalActiveConversations,
  archived: (m: UserMetrics) => m.totalArchivedConversations,
  deleted: (m: UserMetrics) => m.totalDeletedConversations,
  messages: messagesCreated,
  activeMessages: (m: UserMetrics) => m.totalMessagesInActiveConversations,
  requests: (m: UserMetrics) => m.totalRequestsMade,
  today: (m: UserMetrics) => m.requestsMadeToday,
  month: (m: UserMetrics) => m.requestsMadeThisMonth,
  lastActive: (m: UserMetrics) => timeValue(m.lastActiveAt),
};

const HEADERS: Array<[keyof typeof columns, string]> = [
  ['user', 'User'],
  ['status', 'Status'],
  ['created', 'Chats created'],
  ['active', 'Active chats'],
  ['archived', 'Archived chats'],
  ['deleted', 'Deleted chats'],
  ['messages', 'Messages'],
  ['activeMessages', 'In active chats'],
  ['requests', 'API requests'],
  ['today', 'Requests today'],
  ['month', 'This month'],
  ['lastActive', 'Last active'],
];

/**
 * User Metrics tab (spec admin-community §2): each user's counts, status and last activity, and
 * the daily requests chart, for everyone or for the user picked in the table.
 */
export default function MetricsTab() {
  const { params, update } = useDashboardParams();
  const [page, setPage] = useState(1);
  const metrics = useUserMetrics({ page, pageSize: PAGE_SIZE });
  const { rows, headerProps } = useSortedRows(metrics.data?.metrics, columns);
  const selected = params.metricsOf;
  const selectedRow = metrics.data?.metrics.find((m) => m.userId === selected);
  const select = (userId: string) => update({ metricsOf: userId === selected ? '' : userId });

  return (
    <div className="grid gap-6">
      <UsageChart
        userId={selected}
        userName={selectedRow ? userLabel(selectedRow) : selected}
        onShowAll={() => update({ metricsOf: '' })}
      />
      <TabSection
        title="User Metrics"
        description="Pick a user to chart their requests. Active: the user has made requests; New: not yet."
      >
        <ListState
          isPending={metrics.isPending}
          error={metrics.error}
          isEmpty={rows.length === 0}
          empty="No users yet."
          onRetry={() => void metrics.refetch()}
        />
        {rows.length > 0 && (
          <TableFrame label="User Metrics" className="min-w-[1100px]">
            <thead>
              <tr className={headRowClass}>
                {HEADERS.map(([key, label]) => (
                  <SortableHeader key={key} {...headerProps(key)}>
                    {label}
                  </SortableHeader>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => {
                const isSelected = m.userId === selected;
                return (
                  // The row is a large target for the mouse; the name's button is the keyboard's.
                  <tr
                    key={m.userId}
                    onClick={() => select(m.userId)}
                    className={cn(
                      bodyRowClass,
                      'cursor-pointer hover:bg-muted/50',
                      isSelected && 'bg-accent-soft/60',
                    )}
                  >
                    <Td>
                      <button
                        type="button"
                        aria-pressed={isSelected}
                        onClick={(event) => {
                          event.stopPropagation();
                          select(m.userId);
                        }}
                        className="grid cursor-pointer text-left"
                      >
                        <span className="font-medium underline-offset-2 hover:underline">
                          {userLabel(m)}
                        </span>
                        {m.email && m.name && (
                          <span className="text-xs text-muted-foreground">{m.email}</span>
                        )}
                      </button>
                    </Td>
                    <Td>
                      <Badge variant={metricsStatus(m) === 'Active' ? 'primary' : 'neutral'}>
                        {metricsStatus(m)}
                      </Badge>
                    </Td>
                    <Td className="tabular-nums">{conversationsCreated(m)}</Td>
                    <Td className="tabular-nums">{m.totalActiveConversations}</Td>
                    <Td className="tabular-nums">{m.totalArchivedConversations}</Td>
                    <Td className="tabular-nums">{m.totalDeletedConversations}</Td>
                    <Td className="tabular-nums">{messagesCreated(m)}</Td>
                    <Td className="tabular-nums">{m.totalMessagesInActiveConversations}</Td>
                    <Td className="tabular-nums">{m.totalRequestsMade}</Td>
                    <Td className="tabular-nums">{m.requestsMadeToday}</Td>
                    <Td className="tabular-nums">{m.requestsMadeThisMonth}</Td>
                    <Td className="whitespace-nowrap">{formatDateTime(m.lastActiveAt, 'Never')}</Td>
                  </tr>
                );
              })}
            </tbody>
          </TableFrame>
        )}
        {metrics.data && (
          <Pagination
            label="User Metrics"
            page={page}
            pageSize={PAGE_SIZE}
            total={metrics.data.total}
            onPage={setPage}
          />
        )}
      </TabSection>
    </div>
  );
}
