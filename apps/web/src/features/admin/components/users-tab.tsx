import type { AdminUser } from '@samvad/contracts/admin';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../shared/ui/badge.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { SortableHeader } from '../../../shared/ui/sortable-header.tsx';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useDashboardParams } from '../hooks/use-dashboard-params.ts';
import { useSortedRows } from '../hooks/use-sorted-rows.ts';
import { bodyRowClass, EmailText, headRowClass, ListState, TableFrame, Td } from './data-table.tsx';
import { LimitSummary } from './limit-summary.tsx';
import { Pagination } from './pagination.tsx';
import { TabSection } from './tab-section.tsx';
import { UserActions } from './user-actions.tsx';

const PAGE_SIZE = 20;

const columns = {
  name: (user: AdminUser) => user.name,
  email: (user: AdminUser) => user.email,
  username: (user: AdminUser) => user.username,
  role: (user: AdminUser) => user.role,
  limits: (user: AdminUser) => user.rateLimits.maxRequestsPerDay,
  // What the action buttons show: banned users apart, then by role.
  actions: (user: AdminUser) => `${user.banned ? 1 : 0}${user.role}`,
};

/** Users tab (spec admin-community §2): search results, roles, bans, jumps to other tabs. */
export default function UsersTab({ currentUserId }: { currentUserId: string }) {
  const { params, update } = useDashboardParams();
  // A new search starts at its first page.
  const [paging, setPaging] = useState({ query: params.q, page: 1 });
  const page = paging.query === params.q ? paging.page : 1;
  const users = useAdminUsers({ query: params.q, page, pageSize: PAGE_SIZE });
  const { rows, headerProps } = useSortedRows(users.data?.users, columns);

  const description = params.q ? (
    <span className="flex flex-wrap items-center gap-2">
      <span>
        Matching “<span className="font-medium text-foreground">{params.q}</span>”
        {users.data && ` · ${users.data.total} found`}
      </span>
      <Button variant="ghost" className="h-8 px-2.5 text-xs" onClick={() => update({ q: '' })}>
        <X aria-hidden />
        Clear search
      </Button>
    </span>
  ) : (
    'Everyone who has signed in. Search by name, email or username above.'
  );

  return (
    <TabSection title="Users" description={description}>
      <ListState
        isPending={users.isPending}
        error={users.error}
        isEmpty={rows.length === 0}
        empty={params.q ? 'No users match this search.' : 'No users yet.'}
        onRetry={() => void users.refetch()}
      />
      {rows.length > 0 && (
        <TableFrame label="Users" className="min-w-[920px]">
          <thead>
            <tr className={headRowClass}>
              <SortableHeader {...headerProps('name')}>Name</SortableHeader>
              <SortableHeader {...headerProps('email')}>Email</SortableHeader>
              <SortableHeader {...headerProps('username')}>Username</SortableHeader>
              <SortableHeader {...headerProps('role')}>Role</SortableHeader>
              <SortableHeader {...headerProps('limits')}>Rate Limits</SortableHeader>
              <SortableHeader {...headerProps('actions')}>Actions</SortableHeader>
            </tr>
          </thead>
          <tbody>
            {rows.map((user) => (
              <tr key={user.id} className={bodyRowClass}>
                <Td>
                  <div className="grid gap-1">
                    <span className="font-medium">{user.name ?? '—'}</span>
                    {user.banned && (
                      <Badge variant="destructive" className="justify-self-start">
                        Banned
                      </Badge>
                    )}
                  </div>
                </Td>
                <Td>
                  <EmailText text={user.email ?? '—'} />
                </Td>
                <Td>{user.username ?? '—'}</Td>
                <Td>
                  <Badge variant={user.role === 'admin' ? 'primary' : 'neutral'}>{user.role}</Badge>
                </Td>
                <Td>
                  <LimitSummary limits={user.rateLimits} />
                </Td>
                <Td>
                  <UserActions
                    user={user}
                    isSelf={user.id === currentUserId}
                    onViewChats={() => update({ tab: 'conversations', chatsOf: user.id })}
                    onManageLimits={() =>
                      update({ tab: 'limits', limitsFor: user.email ?? user.id })
                    }
                  />
                </Td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
      {users.data && (
        <Pagination
          label="Users"
          page={page}
          pageSize={PAGE_SIZE}
          total={users.data.total}
          onPage={(next) => setPaging({ query: params.q, page: next })}
        />
      )}
    </TabSection>
  );
}
