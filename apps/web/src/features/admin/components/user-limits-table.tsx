import type { UserRateLimit } from '@samvad/contracts/admin';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { Badge } from '../../../shared/ui/badge.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { SortableHeader } from '../../../shared/ui/sortable-header.tsx';
import { useSortedRows } from '../hooks/use-sorted-rows.ts';
import { formatDateTime } from '../lib/format-date.ts';
import { formatLimit } from '../lib/limit-values.ts';
import { timeValue } from '../lib/sort-rows.ts';
import { userLabel } from '../lib/user-label.ts';
import { bodyRowClass, headRowClass, TableFrame, Td } from './data-table.tsx';
import { ResetLimitsDialog } from './reset-limits-dialog.tsx';

const labelOf = (limit: UserRateLimit) =>
  userLabel({ id: limit.userId, name: limit.userName, email: limit.userEmail });

const columns = {
  user: labelOf,
  requests: (limit: UserRateLimit) => limit.maxRequestsPerDay,
  messages: (limit: UserRateLimit) => limit.maxMessagesPerConversation,
  conversations: (limit: UserRateLimit) => limit.maxConversations,
  restricted: (limit: UserRateLimit) => limit.isRestricted,
  today: (limit: UserRateLimit) => limit.currentUsage.requestsToday,
  updated: (limit: UserRateLimit) => timeValue(limit.updatedAt),
};

/** The users with custom limits: a row loads into the form; Reset to Global asks first. */
export function UserLimitsTable({
  limits,
  selectedUserId,
  onLoad,
}: {
  limits: UserRateLimit[];
  selectedUserId: string | undefined;
  onLoad(limit: UserRateLimit): void;
}) {
  const { rows, headerProps } = useSortedRows(limits, columns);
  const [resetting, setResetting] = useState<UserRateLimit | null>(null);

  return (
    <>
      <TableFrame label="User limits" className="min-w-[900px]">
        <thead>
          <tr className={headRowClass}>
            <SortableHeader {...headerProps('user')}>User</SortableHeader>
            <SortableHeader {...headerProps('requests')}>Requests/day</SortableHeader>
            <SortableHeader {...headerProps('messages')}>Messages/chat</SortableHeader>
            <SortableHeader {...headerProps('conversations')}>Chats</SortableHeader>
            <SortableHeader {...headerProps('restricted')}>Restricted</SortableHeader>
            <SortableHeader {...headerProps('today')}>Used today</SortableHeader>
            <SortableHeader {...headerProps('updated')}>Updated</SortableHeader>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((limit) => {
            const selected = limit.userId === selectedUserId;
            return (
              // The row is a large target for the mouse; the name's button is the keyboard's.
              <tr
                key={limit.id}
                onClick={() => onLoad(limit)}
                className={cn(
                  bodyRowClass,
                  'cursor-pointer hover:bg-muted/50',
                  selected && 'bg-accent-soft/60',
                )}
              >
                <Td>
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={(event) => {
                      event.stopPropagation();
                      onLoad(limit);
                    }}
                    className="grid cursor-pointer text-left"
                  >
                    <span className="font-medium underline-offset-2 hover:underline">
                      {labelOf(limit)}
                    </span>
                    {limit.userEmail && limit.userName && (
                      <span className="text-xs text-muted-foreground">{limit.userEmail}</span>
                    )}
                  </button>
                </Td>
                <Td className="tabular-nums">{formatLimit(limit.maxRequestsPerDay)}</Td>
                <Td className="tabular-nums">{formatLimit(limit.maxMessagesPerConversation)}</Td>
                <Td className="tabular-nums">{formatLimit(limit.maxConversations)}</Td>
                <Td>
                  {limit.isRestricted ? (
                    <div className="grid max-w-56 gap-1 text-xs">
                      <Badge variant="destructive" className="justify-self-start">
                        Restricted
                      </Badge>
                      {limit.banReason && <span className="break-words">{limit.banReason}</span>}
                      {limit.bannedUntil && (
                        <span className="text-muted-foreground">
                          until {formatDateTime(limit.bannedUntil)}
                        </span>
                      )}
                    </div>
                  ) : (
                    <span className="text-muted-foreground">No</span>
                  )}
                </Td>
                <Td className="tabular-nums">{limit.currentUsage.requestsToday}</Td>
                <Td className="whitespace-nowrap">{formatDateTime(limit.updatedAt)}</Td>
                <Td>
                  <Button
                    variant="outline"
                    className="h-8 px-3 text-xs"
                    onClick={(event) => {
                      event.stopPropagation();
                      setResetting(limit);
                    }}
                  >
                    <RotateCcw aria-hidden />
                    Reset to Global
                  </Button>
                </Td>
              </tr>
            );
          })}
        </tbody>
      </TableFrame>
      {resetting && (
        <ResetLimitsDialog
          userId={resetting.userId}
          label={labelOf(resetting)}
          onClose={() => setResetting(null)}
        />
      )}
    </>
  );
}
