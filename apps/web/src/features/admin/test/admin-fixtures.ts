import type {
  AdminConversation,
  AdminLog,
  AdminUser,
  UserMetrics,
  UserRateLimit,
} from '@samvad/contracts/admin';
import type { AdminDocument } from '@samvad/contracts/admin-documents';
import { signedInSession, type stubApi, testUser, visitorApi } from '../../../test/render-app.tsx';

/** The admin the dashboard tests are signed in as. */
export const testAdmin = testUser({
  id: 'admin-1',
  name: 'Root Admin',
  email: 'root@example.org',
  username: 'root',
  role: 'admin',
});

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'u1',
    name: 'Asha Devi',
    email: 'asha@example.org',
    username: null,
    image: null,
    role: 'user',
    banned: false,
    isBanned: false,
    banReason: null,
    bannedUntil: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    lastActiveAt: null,
    rateLimits: {
      maxRequestsPerDay: 25,
      maxMessagesPerConversation: 50,
      maxConversations: -1,
      custom: false,
    },
    ...overrides,
  };
}

export function adminConversation(overrides: Partial<AdminConversation> = {}): AdminConversation {
  return {
    id: 'c1',
    userId: 'u1',
    userEmail: 'asha@example.org',
    userName: 'Asha Devi',
    title: 'On the caste system',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    messageCount: 2,
    archived: false,
    deletedAt: null,
    ...overrides,
  };
}

export function userMetrics(overrides: Partial<UserMetrics> = {}): UserMetrics {
  return {
    userId: 'u1',
    name: 'Asha Devi',
    email: 'asha@example.org',
    username: null,
    totalConversations: 3,
    totalConversationsCreated: 3,
    totalActiveConversations: 2,
    totalArchivedConversations: 1,
    totalDeletedConversations: 0,
    totalMessages: 12,
    totalMessagesCreated: 12,
    totalMessagesInActiveConversations: 8,
    totalRequestsMade: 30,
    requestsMadeToday: 4,
    requestsMadeThisMonth: 20,
    lastMetricsResetDate: '2026-03-02T00:00:00.000Z',
    lastActiveAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

export function adminLog(overrides: Partial<AdminLog> = {}): AdminLog {
  return {
    id: 1,
    adminId: 'admin-1',
    adminEmail: 'root@example.org',
    adminUsername: null,
    action: 'update_role',
    details: { before: { role: 'user' }, after: { role: 'admin' } },
    targetUserId: 'u1',
    targetUserEmail: 'asha@example.org',
    timestamp: '2026-03-02T10:00:00.000Z',
    ipAddress: '10.0.0.7',
    ...overrides,
  };
}

export function userRateLimit(overrides: Partial<UserRateLimit> = {}): UserRateLimit {
  return {
    id: 'l1',
    userId: 'u1',
    userEmail: 'asha@example.org',
    userName: 'Asha Devi',
    maxRequestsPerDay: 1,
    maxMessagesPerConversation: 50,
    maxConversations: -1,
    isRestricted: false,
    banReason: null,
    bannedUntil: null,
    requestsUsedDay: 0,
    currentUsage: { requestsToday: 0 },
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export const page = <Key extends string, Item>(key: Key, items: Item[], total = items.length) =>
  ({ status: 200, body: { [key]: items, page: 1, pageSize: 20, total } }) as const;

/** The app's API for a signed-in admin; `answers` add or replace paths. */
export function adminDocument(overrides: Partial<AdminDocument> = {}): AdminDocument {
  return {
    id: 'd1',
    title: 'Annihilation of Caste',
    extractedTitle: 'Annihilation of Caste',
    titleSource: 'declared',
    details: { title: null, author: null, volume: null, year: null },
    fileName: 'annihilation_of_caste.pdf',
    contentType: 'application/pdf',
    bytes: 2048,
    pageCount: 3,
    chunkCount: 4,
    language: 'en',
    status: 'ready',
    warning: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A signed-in admin's answers; the knowledge base holds one document unless overridden. */
export function adminApi(answers: Parameters<typeof stubApi>[0] = {}) {
  return {
    ...visitorApi(),
    '/api/auth/session': signedInSession(testAdmin),
    '/api/admin/users?page=1&pageSize=20': page('users', [adminUser()]),
    '/api/admin/documents': { status: 200, body: { documents: [adminDocument()] } },
    ...answers,
  };
}
