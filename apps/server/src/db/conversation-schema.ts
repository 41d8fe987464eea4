import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

export type StoredSource = {
  file_name: string;
  page?: number | null;
  page_label?: string | null;
  score: number;
  link?: string;
  excerpt?: string;
};

export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    archived: boolean('archived').notNull().default(false),
    /** Soft delete: gone from every list, still counted for limits and metrics. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    messageCount: integer('message_count').notNull().default(0),
    /**
     * Characters of its messages' text and sources (issue 19): capped at CONVERSATION_MAX_CHARS
     * when a question is added. Kept by appendMessage; migration 0007 counted older rows.
     */
    contentSize: integer('content_size').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conversations_user_updated_idx').on(table.userId, table.updatedAt)],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    sources: jsonb('sources').$type<StoredSource[]>().notNull().default(sql`'[]'::jsonb`),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('messages_conversation_ordinal_key').on(table.conversationId, table.ordinal),
  ],
);

/** A read-only snapshot behind a link: of a member's stored conversation, or a guest's. */
export const shares = pgTable(
  'shares',
  {
    shareableId: text('shareable_id').primaryKey(),
    /** Set for a member's conversation: sharing it again updates this snapshot. */
    conversationId: text('conversation_id').references(() => conversations.id, {
      onDelete: 'cascade',
    }),
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Set for a guest's share (their signed anonymous id). */
    guestId: text('guest_id'),
    title: text('title').notNull(),
    messages: jsonb('messages').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('shares_conversation_key').on(table.conversationId)],
);

/** The global defaults (one row, id 1); -1 means unlimited. */
export const limitSettings = pgTable('limit_settings', {
  id: integer('id').primaryKey().default(1),
  maxRequestsPerDay: integer('max_requests_per_day').notNull().default(100),
  maxMessagesPerConversation: integer('max_messages_per_conversation').notNull().default(100),
  maxConversations: integer('max_conversations').notNull().default(-1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per-user overrides; a null field falls back to the global default. */
export const userLimits = pgTable('user_limits', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  maxRequestsPerDay: integer('max_requests_per_day'),
  maxMessagesPerConversation: integer('max_messages_per_conversation'),
  maxConversations: integer('max_conversations'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Atomic usage counters: `subject` is a user id, a guest key (`guest:<id>` / `ip:<address>`) or a
 * conversation id; `window` is a calendar day (YYYY-MM-DD), a month (YYYY-MM) or 'all'.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    subject: text('subject').notNull(),
    kind: text('kind').notNull(),
    window: text('window').notNull(),
    count: integer('count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.subject, table.kind, table.window] })],
);

/** The distinct conversation ids a guest's chat requests carried (their conversation count). */
export const guestConversations = pgTable(
  'guest_conversations',
  {
    guestKey: text('guest_key').notNull(),
    conversationId: text('conversation_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.guestKey, table.conversationId] })],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ShareRow = typeof shares.$inferSelect;
