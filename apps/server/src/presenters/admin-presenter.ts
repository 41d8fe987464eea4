import type {
  AdminConversation,
  AdminLog,
  AdminUser,
  UserMetrics,
  UserRateLimit,
} from '@samvad/contracts/admin';
import type { AdminLogRow, UserRow } from '../db/schema.ts';
import type { AdminConversationRow } from '../repositories/admin-conversation-repository.ts';
import type { UserWithLimits } from '../repositories/admin-user-repository.ts';
import type { UserLimitRow } from '../repositories/limit-settings-repository.ts';
import type { UserUsageMetrics } from '../services/usage-metrics-service.ts';
import { presentSessionUser } from './session-presenter.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentAdminUser(user: UserWithLimits, banned: boolean): AdminUser {
  const { id, name, email, username, image, role, banReason, bannedUntil } = presentSessionUser(
    user,
    banned,
  );
  return {
    id,
    name,
    email,
    username,
    image,
    role,
    banned,
    isBanned: banned,
    banReason,
    bannedUntil,
    createdAt: user.createdAt.toISOString(),
    lastActiveAt: iso(user.lastActiveAt),
    rateLimits: {
      maxRequestsPerDay: user.maxRequestsPerDay,
      maxMessagesPerConversation: user.maxMessagesPerConversation,
      maxConversations: user.maxConversations,
      custom: user.customLimits,
    },
  };
}

export function presentAdminConversation(row: AdminConversationRow): AdminConversation {
  return {
    id: row.id,
    userId: row.userId,
    userEmail: row.userEmail,
    userName: row.userName,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    messageCount: row.messageCount,
    archived: row.archived,
    deletedAt: iso(row.deletedAt),
  };
}

/** Both spellings of the spec's two alternative fields are sent. */
export function presentUserMetrics(user: UserRow, metrics: UserUsageMetrics): UserMetrics {
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    totalConversations: metrics.conversations.created,
    totalConversationsCreated: metrics.conversations.created,
    totalActiveConversations: metrics.conversations.active,
    totalArchivedConversations: metrics.conversations.archived,
    totalDeletedConversations: metrics.conversations.deleted,
    totalMessages: metrics.messages.total,
    totalMessagesCreated: metrics.messages.total,
    totalMessagesInActiveConversations: metrics.messages.inActiveConversations,
    totalRequestsMade: metrics.requests.total,
    requestsMadeToday: metrics.requests.today,
    requestsMadeThisMonth: metrics.requests.thisMonth,
    lastMetricsResetDate: metrics.lastMetricsResetDate,
    lastActiveAt: iso(metrics.lastActiveAt),
  };
}

export function presentAdminLog(row: AdminLogRow): AdminLog {
  return {
    id: row.id,
    adminId: row.adminId,
    ...adminNameOf(row.adminEmail),
    action: row.action,
    details: row.details,
    targetUserId: row.targetUserId,
    targetUserEmail: row.targetUserEmail,
    timestamp: row.timestamp.toISOString(),
    ipAddress: row.ipAddress,
  };
}

/**
 * The row's admin_email column holds the admin's email, or their login name when they had none
 * (audit-actor.ts; a failed login's typed name). An email always has an '@'; a login name told
 * apart that way is shown as a username, not passed off as an email.
 */
function adminNameOf(stored: string | null): Pick<AdminLog, 'adminEmail' | 'adminUsername'> {
  if (stored === null) return { adminEmail: null, adminUsername: null };
  return stored.includes('@')
    ? { adminEmail: stored, adminUsername: null }
    : { adminEmail: null, adminUsername: stored };
}

export function presentUserRateLimit(
  row: UserLimitRow,
  user: UserRow,
  banned: boolean,
  requestsToday: number,
): UserRateLimit {
  return {
    // One override per user: the user id names it.
    id: row.userId,
    userId: row.userId,
    userEmail: user.email,
    userName: user.name,
    maxRequestsPerDay: row.maxRequestsPerDay,
    maxMessagesPerConversation: row.maxMessagesPerConversation,
    maxConversations: row.maxConversations,
    isRestricted: banned,
    banReason: banned ? user.banReason : null,
    bannedUntil: banned ? iso(user.bannedUntil) : null,
    requestsUsedDay: requestsToday,
    currentUsage: { requestsToday },
    updatedAt: row.updatedAt.toISOString(),
  };
}
