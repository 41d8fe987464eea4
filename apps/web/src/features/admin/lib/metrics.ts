import type { UserMetrics } from '@samvad/contracts/admin';

/**
 * Spec admin-community §3: two of the counts come under either of two names. Whichever the
 * server sent is used (the first name when both are there).
 */
type Spelled = Partial<
  Pick<
    UserMetrics,
    'totalConversations' | 'totalConversationsCreated' | 'totalMessages' | 'totalMessagesCreated'
  >
>;

export function conversationsCreated(metrics: Spelled): number {
  return metrics.totalConversations ?? metrics.totalConversationsCreated ?? 0;
}

export function messagesCreated(metrics: Spelled): number {
  return metrics.totalMessages ?? metrics.totalMessagesCreated ?? 0;
}

/** Spec §2: Active once the user has a last reset date, else New. */
export function metricsStatus(
  metrics: Pick<UserMetrics, 'lastMetricsResetDate'>,
): 'Active' | 'New' {
  return metrics.lastMetricsResetDate ? 'Active' : 'New';
}
