import type { AdminAction } from '@samvad/contracts/admin';
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log: one row per admin action, written in the transaction of the change it records.
 * Append-only: a trigger (migration 0004) refuses UPDATE and DELETE, so not even a bug can edit it.
 * No foreign keys, so a row outlives the accounts it names.
 */
export const adminLogs = pgTable(
  'admin_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: text('admin_id'),
    adminEmail: text('admin_email'),
    action: text('action').$type<AdminAction>().notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    targetUserId: text('target_user_id'),
    targetUserEmail: text('target_user_email'),
    ipAddress: text('ip_address'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_logs_timestamp_idx').on(table.timestamp),
    index('admin_logs_action_idx').on(table.action, table.timestamp),
    index('admin_logs_admin_idx').on(table.adminId, table.timestamp),
    index('admin_logs_target_idx').on(table.targetUserId, table.timestamp),
  ],
);

export type AdminLogRow = typeof adminLogs.$inferSelect;
