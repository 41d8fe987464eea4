import { describe, expect, it } from 'vitest';
import { conversationsCreated, messagesCreated, metricsStatus } from './metrics.ts';

describe('user metrics', () => {
  it('accepts either spelling of the two counts', () => {
    expect(conversationsCreated({ totalConversations: 4 })).toBe(4);
    expect(conversationsCreated({ totalConversationsCreated: 5 })).toBe(5);
    expect(conversationsCreated({ totalConversations: 4, totalConversationsCreated: 5 })).toBe(4);
    expect(conversationsCreated({})).toBe(0);
    expect(messagesCreated({ totalMessages: 9 })).toBe(9);
    expect(messagesCreated({ totalMessagesCreated: 7 })).toBe(7);
  });

  it('is Active with a last reset date, otherwise New', () => {
    expect(metricsStatus({ lastMetricsResetDate: '2026-05-01T00:00:00Z' })).toBe('Active');
    expect(metricsStatus({ lastMetricsResetDate: null })).toBe('New');
  });
});
