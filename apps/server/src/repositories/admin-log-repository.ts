import type { AdminAction } from '@samvad/contracts/admin';
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type AdminLogRow, adminLogs } from '../db/schema.ts';

/** Who acted and from where: taken from the request by `auditActorOf` (http/audit-actor.ts). */
export type AuditActor = {
  adminId: string | null;
  adminEmail: string | null;
  ipAddress: string | null;
};

export type AuditEntry = {
  action: AdminAction;
  details?: Record<string, unknown>;
  target?: { id: string; email: string | null } | null;
  at: Date;
};

/** Appends one audit row; pass the transaction of the change it records. */
export async function recordAdminAction(
  db: Database,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(adminLogs).values({
    adminId: actor.adminId,
    adminEmail: actor.adminEmail,
    ipAddress: actor.ipAddress,
    action: entry.action,
    details: entry.details ?? {},
    targetUserId: entry.target?.id ?? null,
    targetUserEmail: entry.target?.email ?? null,
    timestamp: entry.at,
  });
}

export type AdminLogFilter = {
  action?: AdminAction | undefined;
  adminId?: string | undefined;
  targetUserId?: string | undefined;
};

function whereOf(filter: AdminLogFilter): SQL | undefined {
  return and(
    filter.action ? eq(adminLogs.action, filter.action) : undefined,
    filter.adminId ? eq(adminLogs.adminId, filter.adminId) : undefined,
    filter.targetUserId ? eq(adminLogs.targetUserId, filter.targetUserId) : undefined,
  );
}

/** Newest first; `limit`/`offset` page through them. */
export function listAdminLogs(
  db: Database,
  filter: AdminLogFilter,
  page: { limit: number; offset: number },
): Promise<AdminLogRow[]> {
  return db
    .select()
    .from(adminLogs)
    .where(whereOf(filter))
    .orderBy(desc(adminLogs.timestamp), desc(adminLogs.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAdminLogs(db: Database, filter: AdminLogFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(adminLogs).where(whereOf(filter));
  return row?.total ?? 0;
}

/** Rows with an id below `beforeId` (all when null), highest id first: a stable export order. */
export function listAdminLogsBefore(
  db: Database,
  filter: AdminLogFilter,
  beforeId: number | null,
  limit: number,
): Promise<AdminLogRow[]> {
  return db
    .select()
    .from(adminLogs)
    .where(and(whereOf(filter), beforeId === null ? undefined : lt(adminLogs.id, beforeId)))
    .orderBy(desc(adminLogs.id))
    .limit(limit);
}
