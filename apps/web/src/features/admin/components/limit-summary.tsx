import type { AdminUser } from '@samvad/contracts/admin';
import { Badge } from '../../../shared/ui/badge.tsx';
import { formatLimit } from '../lib/limit-values.ts';

/** A user's effective limits in the Users table: the three values (-1 as ∞) and "custom". */
export function LimitSummary({ limits }: { limits: AdminUser['rateLimits'] }) {
  return (
    <div className="flex items-start gap-2">
      <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs whitespace-nowrap">
        <dt className="text-muted-foreground">Requests/day</dt>
        <dd className="tabular-nums">{formatLimit(limits.maxRequestsPerDay)}</dd>
        <dt className="text-muted-foreground">Messages/chat</dt>
        <dd className="tabular-nums">{formatLimit(limits.maxMessagesPerConversation)}</dd>
        <dt className="text-muted-foreground">Chats</dt>
        <dd className="tabular-nums">{formatLimit(limits.maxConversations)}</dd>
      </dl>
      {limits.custom && <Badge variant="outline">custom</Badge>}
    </div>
  );
}
