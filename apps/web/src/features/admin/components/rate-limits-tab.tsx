import { useRef } from 'react';
import { useGlobalLimits } from '../api/get-global-limits.ts';
import { useUserLimits } from '../api/get-user-limits.ts';
import { useDashboardParams } from '../hooks/use-dashboard-params.ts';
import { findUserLimit, limitTextsOf, userLimitValuesOf } from '../lib/limit-values.ts';
import { ListState } from './data-table.tsx';
import { GlobalLimitsForm } from './global-limits-form.tsx';
import { TabSection } from './tab-section.tsx';
import { UserLimitsForm } from './user-limits-form.tsx';
import { UserLimitsTable } from './user-limits-table.tsx';

/**
 * Rate Limits tab (spec admin-community §2): the global limits, one user's custom limits (the
 * user from the URL: Manage Limits or a row of the table), and every user's custom limits.
 */
export default function RateLimitsTab() {
  const { params, update } = useDashboardParams();
  const global = useGlobalLimits();
  const userLimits = useUserLimits();
  const formRef = useRef<HTMLDivElement>(null);
  const userKey = params.limitsFor;
  const existing = findUserLimit(userLimits.data?.limits, userKey);
  const ready = global.data && userLimits.data;

  // The form starts from the user's custom limits, or else from the global ones.
  const initial = existing
    ? userLimitValuesOf(existing)
    : {
        userKey,
        ...limitTextsOf(
          global.data ?? {
            maxRequestsPerDay: 0,
            maxMessagesPerConversation: 0,
            maxConversations: -1,
          },
        ),
        isRestricted: false,
        banReason: '',
        bannedUntil: '',
      };

  return (
    <div className="grid gap-6">
      <TabSection
        title="Global limits"
        description="For every user without custom limits. Guests have their own limits."
      >
        <ListState
          isPending={global.isPending}
          error={global.error}
          isEmpty={false}
          empty=""
          onRetry={() => void global.refetch()}
        />
        {global.data && <GlobalLimitsForm key={JSON.stringify(global.data)} limits={global.data} />}
      </TabSection>
      <div ref={formRef} className="scroll-mt-4">
        <TabSection
          title="User limits"
          description={
            existing
              ? 'This user has custom limits: saving replaces them.'
              : 'Custom limits for one user, instead of the global ones.'
          }
        >
          {ready ? (
            <UserLimitsForm
              // A new user (or their limits appearing or going) loads afresh.
              key={`${userKey}|${existing?.id ?? 'global'}`}
              initial={initial}
              onClear={() => update({ limitsFor: '' })}
            />
          ) : (
            <ListState
              isPending={global.isPending || userLimits.isPending}
              error={global.error ?? userLimits.error}
              isEmpty={false}
              empty=""
              onRetry={() => {
                void global.refetch();
                void userLimits.refetch();
              }}
            />
          )}
        </TabSection>
      </div>
      <TabSection title="Custom limits" description="Click a row to load it into the form above.">
        <ListState
          isPending={userLimits.isPending}
          error={userLimits.error}
          isEmpty={userLimits.data?.limits.length === 0}
          empty="No user has custom limits: everyone has the global limits."
          onRetry={() => void userLimits.refetch()}
        />
        {userLimits.data && userLimits.data.limits.length > 0 && (
          <UserLimitsTable
            limits={userLimits.data.limits}
            selectedUserId={existing?.userId}
            onLoad={(limit) => {
              update({ limitsFor: limit.userEmail ?? limit.userId });
              formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
            }}
          />
        )}
      </TabSection>
    </div>
  );
}
