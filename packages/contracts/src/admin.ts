import { z } from 'zod';
import { type AdminAction, adminActions } from './admin-rules.ts';
import { userRoleSchema } from './auth.ts';
import { isStorableText, STORABLE_TEXT_MESSAGE } from './storable-text.ts';

/** The largest limit a column holds (PostgreSQL integer). */
export const LIMIT_MAX = 2_147_483_647;

/** A limit: -1 (unlimited) or a whole number of 0 or more. */
export const limitValueSchema = z
  .number({ error: 'A limit must be a number' })
  .int('A limit must be a whole number')
  .min(-1, 'A limit must be -1 (unlimited) or 0 or more')
  .max(LIMIT_MAX, `A limit must be at most ${LIMIT_MAX}`);

/** A user id (or other key) filtering an admin list: text the database can compare. */
const filterKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isStorableText, STORABLE_TEXT_MESSAGE);

/** Page through an admin list: `page` from 1, `pageSize` up to 100 (default 50). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const pageInfoSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

// --- Users -------------------------------------------------------------------------------

export const effectiveLimitsSchema = z.object({
  maxRequestsPerDay: z.number().int(),
  maxMessagesPerConversation: z.number().int(),
  maxConversations: z.number().int(),
  /** True when the user has custom limits (a row in the Rate Limits table). */
  custom: z.boolean(),
});

/** A user as the Users tab lists them (spec §3 "User" plus what the table shows). */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  image: z.string().nullable(),
  role: userRoleSchema,
  banned: z.boolean(),
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  bannedUntil: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string().nullable(),
  rateLimits: effectiveLimitsSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users?query=: name, email or username, trimmed, case-insensitive. */
export const adminUserListQuerySchema = pageQuerySchema.extend({
  query: z.string().trim().max(200).refine(isStorableText, STORABLE_TEXT_MESSAGE).optional(),
});
export const adminUserListResponseSchema = pageInfoSchema.extend({
  users: z.array(adminUserSchema),
});
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

/** PATCH /api/admin/users/{id}/role. */
export const roleRequestSchema = z.object({ role: userRoleSchema });
export type RoleRequest = z.infer<typeof roleRequestSchema>;
export const adminUserResponseSchema = z.object({ user: adminUserSchema });

// --- Conversations -----------------------------------------------------------------------

export const adminConversationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
  archived: z.boolean(),
  /** Set when the owner deleted it: admins still see it. */
  deletedAt: z.string().nullable(),
});
export type AdminConversation = z.infer<typeof adminConversationSchema>;

/** GET /api/admin/conversations?userId=: newest first, deleted ones included. */
export const adminConversationListQuerySchema = pageQuerySchema.extend({
  userId: filterKeySchema.optional(),
});
export const adminConversationListResponseSchema = pageInfoSchema.extend({
  conversations: z.array(adminConversationSchema),
});
export type AdminConversationListResponse = z.infer<typeof adminConversationListResponseSchema>;

// --- User metrics ------------------------------------------------------------------------

/** Spec §3 "User metrics": both spellings of the two alternative fields are sent. */
export const userMetricsSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  totalConversations: z.number().int(),
  totalConversationsCreated: z.number().int(),
  totalActiveConversations: z.number().int(),
  totalArchivedConversations: z.number().int(),
  totalDeletedConversations: z.number().int(),
  totalMessages: z.number().int(),
  totalMessagesCreated: z.number().int(),
  totalMessagesInActiveConversations: z.number().int(),
  totalRequestsMade: z.number().int(),
  requestsMadeToday: z.number().int(),
  requestsMadeThisMonth: z.number().int(),
  /** The start of the last day the user made a request (their daily counter's last reset). */
  lastMetricsResetDate: z.string().nullable(),
  lastActiveAt: z.string().nullable(),
});
export type UserMetrics = z.infer<typeof userMetricsSchema>;

export const userMetricsQuerySchema = pageQuerySchema.extend({
  userId: filterKeySchema.optional(),
});
export const userMetricsResponseSchema = pageInfoSchema.extend({
  metrics: z.array(userMetricsSchema),
});
export type UserMetricsResponse = z.infer<typeof userMetricsResponseSchema>;

/** GET /api/admin/usage/daily?userId=: chat requests per day, the last 30 days, oldest first. */
export const dailyUsageQuerySchema = z.object({
  userId: filterKeySchema.optional(),
});
export const dailyUsageResponseSchema = z.object({
  days: z.array(
    z.object({
      /** YYYY-MM-DD in LIMITS_TIMEZONE. */
      date: z.string(),
      /** Members' requests (or the one user's, when filtered). */
      requests: z.number().int(),
      /** Guests' requests; 0 when filtered to a user. */
      guestRequests: z.number().int(),
    }),
  ),
});
export type DailyUsageResponse = z.infer<typeof dailyUsageResponseSchema>;

// --- Audit log ---------------------------------------------------------------------------

export const adminActionSchema = z.enum(adminActions);
export { type AdminAction, adminActions };

/** Spec §3 "Admin log", plus the emails the table shows. */
export const adminLogSchema = z.object({
  id: z.number().int(),
  /** Null for a failed login under a name that is no account. */
  adminId: z.string().nullable(),
  /** The admin's email; null when the row names them only by their login name. */
  adminEmail: z.string().nullable(),
  /**
   * The admin's login name when they have no email (the bootstrap admin, or a failed login
   * under a name that is no account), else null: shown labelled as a username, never as an email.
   */
  adminUsername: z.string().nullable(),
  action: adminActionSchema,
  /** Before/after of what changed, and any other facts of the action. */
  details: z.record(z.string(), z.unknown()),
  targetUserId: z.string().nullable(),
  targetUserEmail: z.string().nullable(),
  timestamp: z.string(),
  ipAddress: z.string().nullable(),
});
export type AdminLog = z.infer<typeof adminLogSchema>;

export const adminLogQuerySchema = pageQuerySchema.extend({
  action: adminActionSchema.optional(),
  adminId: filterKeySchema.optional(),
  targetUserId: filterKeySchema.optional(),
});
export const adminLogListResponseSchema = pageInfoSchema.extend({
  logs: z.array(adminLogSchema),
});
export type AdminLogListResponse = z.infer<typeof adminLogListResponseSchema>;

// --- Rate limits -------------------------------------------------------------------------

/** GET/PATCH /api/admin/rate-limits/global. */
export const globalLimitsSchema = z.object({
  maxRequestsPerDay: limitValueSchema,
  maxMessagesPerConversation: limitValueSchema,
  maxConversations: limitValueSchema,
});
export type GlobalLimits = z.infer<typeof globalLimitsSchema>;
export const globalLimitsPatchSchema = globalLimitsSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Send at least one limit to change');

/** Spec §3 "User rate limit". */
export const userRateLimitSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  maxRequestsPerDay: z.number().int(),
  maxMessagesPerConversation: z.number().int(),
  maxConversations: z.number().int(),
  isRestricted: z.boolean(),
  banReason: z.string().nullable(),
  bannedUntil: z.string().nullable(),
  requestsUsedDay: z.number().int(),
  currentUsage: z.object({ requestsToday: z.number().int() }),
  updatedAt: z.string(),
});
export type UserRateLimit = z.infer<typeof userRateLimitSchema>;

export const userRateLimitListResponseSchema = z.object({
  limits: z.array(userRateLimitSchema),
});

/** POST /api/admin/rate-limits/users/{userId}: the user by id or email. */
export const userRateLimitRequestSchema = globalLimitsSchema.extend({
  isRestricted: z.boolean().default(false),
  banReason: z.string().trim().max(500).nullable().optional(),
  /** ISO time the restriction ends; null or absent for none. */
  bannedUntil: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type UserRateLimitRequest = z.input<typeof userRateLimitRequestSchema>;
export const userRateLimitResponseSchema = z.object({ limit: userRateLimitSchema });

/** `{userId}` in the per-user limit calls: an id or an email address. */
export const userKeyParamsSchema = z.object({
  userId: z.string().trim().min(1).max(320).refine(isStorableText, STORABLE_TEXT_MESSAGE),
});
