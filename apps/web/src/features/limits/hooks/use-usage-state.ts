import type { UserRateLimits } from '@samvad/contracts/limits';
import { useMemo } from 'react';
import { type UsageState, usageStateOf } from '../lib/usage-levels.ts';

/**
 * The chat input's view of the limits: both alert levels, whether sending is blocked and the
 * placeholder to show while it is. `conversationMessageCount` is the messages the user sent in
 * the current conversation (the record does not carry it).
 */
export function useUsageState(
  limits: UserRateLimits | undefined,
  conversationMessageCount: number,
): UsageState {
  return useMemo(
    () => usageStateOf(limits, conversationMessageCount),
    [limits, conversationMessageCount],
  );
}
