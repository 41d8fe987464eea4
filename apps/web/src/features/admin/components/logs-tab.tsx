import type { AdminLog } from '@samvad/contracts/admin';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { SortableHeader } from '../../../shared/ui/sortable-header.tsx';
import { adminLogsCsvUrl, useAdminLogs } from '../api/get-admin-logs.ts';
import { useDashboardParams } from '../hooks/use-dashboard-params.ts';
import { useSortedRows } from '../hooks/use-sorted-rows.ts';
import { ACTION_LABELS, ADMIN_ACTIONS, isAdminAction } from '../lib/admin-actions.ts';
import { formatDateTime } from '../lib/format-date.ts';
import { formatLogDetails } from '../lib/log-details.ts';
import { timeValue } from '../lib/sort-rows.ts';
import { adminLabel } from '../lib/user-label.ts';
import { bodyRowClass, EmailText, headRowClass, ListState, TableFrame, Td } from './data-table.tsx';
import { Pagination } from './pagination.tsx';
import { TabSection } from './tab-section.tsx';

const PAGE_SIZE = 50;

const columns = {
  admin: (log: AdminLog) => adminLabel(log),
  action: (log: AdminLog) => ACTION_LABELS[log.action] ?? log.action,
  details: (log: AdminLog) => formatLogDetails(log.details).join(' '),
  target: (log: AdminLog) => log.targetUserEmail ?? log.targetUserId,
  time: (log: AdminLog) => timeValue(log.timestamp),
  ip: (log: AdminLog) => log.ipAddress,
};

/**
 * Admin Logs tab (spec admin-community §2): every admin action, newest first, filtered by
 * action; the same filter downloads as CSV.
 */
export default function LogsTab() {
  const { params, update } = useDashboardParams();
  const action = params.action;
  const [paging, setPaging] = useState({ action, page: 1 });
  const page = paging.action === action ? paging.page : 1;
  const logs = useAdminLogs({ action, page, pageSize: PAGE_SIZE });
  const { rows, headerProps } = useSortedRows(logs.data?.logs, columns);
  const selectId = useId();

  return (
    <TabSection
      title="Admin Logs"
      description="Every action taken in this dashboard, with what changed."
      tools={
        <>
          <div className="flex items-center gap-2">
            <label htmlFor={selectId} className="text-sm font-medium">
              Action
            </label>
            <select
              id={selectId}
              value={action}
              onChange={(event) => {
                const value = event.target.value;
                update({ action: isAdminAction(value) ? value : '' });
              }}
              className="h-9 cursor-pointer rounded-xl border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25"
            >
              <option value="">All actions</option>
              {ADMIN_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {ACTION_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <Button asChild variant="outline" className="h-9">
            <a href={adminLogsCsvUrl({ action })} download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
        </>
      }
    >
      <ListState
        isPending={logs.isPending}
        error={logs.error}
        isEmpty={rows.length === 0}
        empty={action ? 'No actions of this kind yet.' : 'No actions yet.'}
        onRetry={() => void logs.refetch()}
      />
      {rows.length > 0 && (
        <TableFrame label="Admin Logs" className="min-w-[960px]">
          <thead>
            <tr className={headRowClass}>
              <SortableHeader {...headerProps('admin')}>Admin</SortableHeader>
              <SortableHeader {...headerProps('action')}>Action</SortableHeader>
              <SortableHeader {...headerProps('details')}>Details</SortableHeader>
              <SortableHeader {...headerProps('target')}>Target user</SortableHeader>
              <SortableHeader {...headerProps('time')}>Time</SortableHeader>
              <SortableHeader {...headerProps('ip')}>IP address</SortableHeader>
            </tr>
          </thead>
          <tbody>
            {rows.map((log) => (
              <tr key={log.id} className={bodyRowClass}>
                <Td>
                  <EmailText text={adminLabel(log)} />
                </Td>
                <Td className="whitespace-nowrap">{ACTION_LABELS[log.action] ?? log.action}</Td>
                <Td>
                  <LogDetails details={log.details} />
                </Td>
                <Td>
                  <EmailText text={log.targetUserEmail ?? log.targetUserId ?? '—'} />
                </Td>
                <Td className="whitespace-nowrap">{formatDateTime(log.timestamp)}</Td>
                <Td className="font-mono text-xs whitespace-nowrap">{log.ipAddress ?? '—'}</Td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
      {logs.data && (
        <Pagination
          label="Admin Logs"
          page={page}
          pageSize={PAGE_SIZE}
          total={logs.data.total}
          onPage={(next) => setPaging({ action, page: next })}
        />
      )}
    </TabSection>
  );
}

/** The before/after as short text lines (never HTML). */
function LogDetails({ details }: { details: AdminLog['details'] }) {
  const lines = formatLogDetails(details);
  if (lines.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid max-w-md gap-0.5 font-mono text-xs break-words">
      {lines.map((line, index) => (
        // Lines can repeat; their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once per row
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}
