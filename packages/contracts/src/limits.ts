import { z } from 'zod';

/** -1 means unlimited, everywhere. */
export const UNLIMITED = -1;

/** The spec's anonymous defaults. */
export const GUEST_LIMITS = {
  maxRequestsPerDay: 25,
  maxMessagesPerConversation: 20,
  maxConversations: 5,
} as const;

export const limitKindSchema = z.enum(['request', 'message', 'conversation']);
export type LimitKind = z.infer<typeof limitKindSchema>;

/** 429 body: the spec's payload plus the usual error object. */
export const rateLimitResponseSchema = z.object({
  error: z.object({ code: z.literal('rate_limited'), message: z.string() }),
  type: limitKindSchema,
  used: z.number().int(),
  limit: z.number().int(),
});
export type RateLimitResponse = z.infer<typeof rateLimitResponseSchema>;

/** GET /api/user/rate-limits, for members and guests alike. */
export const userRateLimitsSchema = z.object({
  maxRequestsPerDay: z.number().int(),
  maxMessagesPerConversation: z.number().int(),
  maxConversations: z.number().int(),
  totalRequestsMade: z.number().int(),
  totalMessagesSent: z.number().int(),
  totalConversationsCreated: z.number().int(),
  requestsUsedDay: z.number().int(),
  /** When the daily window resets (ISO). */
  resetsAt: z.string(),
  isGuest: z.boolean(),
});
export type UserRateLimits = z.infer<typeof userRateLimitsSchema>;
