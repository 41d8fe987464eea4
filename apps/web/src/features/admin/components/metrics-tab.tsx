import type { UserMetrics } from '@samvad/contracts/admin';
import { useState } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { Badge } from '../../../shared/ui/badge.tsx';
import { SortableHeader } from '../../../shared/ui/sortable-header.tsx';
import { useUserMetrics } from '../api/get-user-metrics.ts';
import { useDashboardParams } from '../hooks/use-dashboard-params.ts';
import { useSortedRows } from '../hooks/use-sorted-rows.ts';
import { formatDate, formatTime } from '../lib/format-date.ts';
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
 * The user column stays in view while the table scrolls sideways (a narrow window, a phone). A
 * sticky cell must paint its own background: the row's tint is laid over the card's colour as a
 * flat gradient, so the cell matches the row (header, hover, picked) and hides what passes under.
 */
const STICKY =
  'sticky left-0 z-10 bg-card bg-linear-to-r px-3 shadow-[inset_-1px_0_0_var(--color-border)]';
const HEAD_TINT = 'from-muted/50 to-muted/50';
const ROW_TINT =
  'group-hover:from-muted/50 group-hover:to-muted/50 group-data-[selected=true]:from-accent-soft/60 group-data-[selected=true]:to-accent-soft/60';

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
          <TableFrame label="User Metrics">
            <thead>
              <tr className={headRowClass}>
                {HEADERS.map(([key, label]) => (
                  <SortableHeader
                    key={key}
                    {...headerProps(key)}
                    wrap
                    className={key === 'user' ? cn(STICKY, HEAD_TINT) : 'px-2'}
                  >
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
                    data-selected={isSelected}
                    className={cn(
                      bodyRowClass,
                      'group cursor-pointer hover:bg-muted/50',
                      isSelected && 'bg-accent-soft/60',
                    )}
                  >
                    <Td className={cn(STICKY, ROW_TINT)}>
                      <UserCell
                        metrics={m}
                        isSelected={isSelected}
                        onSelect={() => select(m.userId)}
                      />
                    </Td>
                    <Td className="px-2">
                      <Badge variant={metricsStatus(m) === 'Active' ? 'primary' : 'neutral'}>
                        {metricsStatus(m)}
                      </Badge>
                    </Td>
                    <Count value={conversationsCreated(m)} />
                    <Count value={m.totalActiveConversations} />
                    <Count value={m.totalArchivedConversations} />
                    <Count value={m.totalDeletedConversations} />
                    <Count value={messagesCreated(m)} />
                    <Count value={m.totalMessagesInActiveConversations} />
                    <Count value={m.totalRequestsMade} />
                    <Count value={m.requestsMadeToday} />
                    <Count value={m.requestsMadeThisMonth} />
                    <Td className="px-2">
                      {m.lastActiveAt ? (
                        // Date and time each whole: the time takes a line of its own when the
                        // column is narrow, never half a date.
                        <>
                          <span className="whitespace-nowrap">{formatDate(m.lastActiveAt)}</span>{' '}
                          <span className="whitespace-nowrap">{formatTime(m.lastActiveAt)}</span>
                        </>
                      ) : (
                        'Never'
                      )}
                    </Td>
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

/**
 * The user's name, and their email under it, each on one line cut with '…' (the whole of it in
 * the title): in a column of a fixed width, where names wrapped onto three lines and emails
 * broke mid-word (issue 27).
 */
function UserCell({
  metrics,
  isSelected,
  onSelect,
}: {
  metrics: UserMetrics;
  isSelected: boolean;
  onSelect(): void;
}) {
  const label = userLabel(metrics);
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      onClick={(event) => {
        event.stopPropagation();
        onSelect();
      }}
      className="grid w-40 cursor-pointer text-left lg:w-48"
    >
      <span title={label} className="truncate font-medium underline-offset-2 hover:underline">
        {label}
      </span>
      {metrics.email && metrics.name && (
        <span title={metrics.email} className="truncate text-xs text-muted-foreground">
          {metrics.email}
        </span>
      )}
    </button>
  );
}

/** A count: compact, in figures of one width so a column's numbers line up. */
function Count({ value }: { value: number }) {
  return <Td className="px-2 tabular-nums">{value}</Td>;
}
