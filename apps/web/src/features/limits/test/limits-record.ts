import type { UserRateLimits } from '@samvad/contracts/limits';

/** A rate-limit record for tests: a guest's defaults with nothing used; override what matters. */
export function limitsRecord(overrides: Partial<UserRateLimits> = {}): UserRateLimits {
  return {
    maxRequestsPerDay: 25,
    maxMessagesPerConversation: 20,
    maxConversations: 5,
    totalRequestsMade: 0,
    totalMessagesSent: 0,
    totalConversationsCreated: 0,
    requestsUsedDay: 0,
    resetsAt: '2030-01-02T00:00:00.000Z',
    isGuest: true,
    ...overrides,
  };
}
