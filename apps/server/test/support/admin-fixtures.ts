import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/database.ts';
import { type AdminLogRow, adminLogs, type UserRow } from '../../src/db/schema.ts';
import { insertUser, signIn } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

export type Caller = { user: UserRow | null; cookie: string | null };

/** An admin, a member and a visitor, each with the Cookie header their browser would send. */
export async function adminTestCallers(t: TestApp) {
  const adminUser = await insertUser(t.database.db, {
    role: 'admin',
    name: 'Ada Admin',
    email: `ada-${Math.random().toString(36).slice(2)}@example.test`,
  });
  const memberUser = await insertUser(t.database.db, { name: 'Mira Member' });
  const admin: Caller = {
    user: adminUser,
    cookie: (await signIn(t.database.db, t.config, adminUser.id, t.clock.now())).cookie,
  };
  const member: Caller = {
    user: memberUser,
    cookie: (await signIn(t.database.db, t.config, memberUser.id, t.clock.now())).cookie,
  };
  const visitor: Caller = { user: null, cookie: null };
  return { admin, member, visitor };
}

/** Calls the app as `caller` from `ip`, with the origin header unsafe methods need. */
export function callAs(
  t: TestApp,
  caller: Caller,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  ip = '203.0.113.7',
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: {
      origin: t.config.publicUrl,
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

/** The audit rows an admin wrote, oldest first. */
export async function auditRowsOf(db: Database, adminId: string): Promise<AdminLogRow[]> {
  const rows = await db.select().from(adminLogs).where(eq(adminLogs.adminId, adminId));
  return rows.sort((a, b) => a.id - b.id);
}
