import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['user', 'admin']);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** OIDC subject; null for password-only admin accounts. */
    oidcSubject: text('oidc_subject'),
    email: text('email'),
    name: text('name'),
    image: text('image'),
    /** Admin login name; null for members who only sign in with Google. */
    username: text('username'),
    passwordHash: text('password_hash'),
    role: userRole('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    /** A temporary ban ends here; past it the user is treated as unbanned. */
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_oidc_subject_key').on(table.oidcSubject),
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${table.username})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a stolen database does not yield usable cookies. */
    tokenHash: text('token_hash').primaryKey(),
    /** Shown to the user to list and revoke sessions; the hash itself never leaves the server. */
    publicId: text('public_id').notNull().default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Idle expiry: slides forward while the session is used, never past absoluteExpiresAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
    uniqueIndex('sessions_public_id_key').on(table.publicId),
  ],
);

/** Failed admin logins, shared by every server so the throttle holds across instances. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_username_idx').on(table.username, table.failedAt),
    index('login_failures_ip_idx').on(table.ip, table.failedAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export * from './admin-schema.ts';
export * from './community-schema.ts';
export * from './conversation-schema.ts';
export * from './knowledge-schema.ts';
export * from './quality-schema.ts';
