import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { loginFailures } from '../db/schema.ts';

export async function recordLoginFailure(db: Database, username: string, ip: string, at: Date) {
  await db.insert(loginFailures).values({ username: username.toLowerCase(), ip, failedAt: at });
}

/** Failures since `since` for this username or this address, oldest first. */
export function recentLoginFailures(db: Database, username: string, ip: string, since: Date) {
  return db
    .select({
      username: loginFailures.username,
      ip: loginFailures.ip,
      failedAt: loginFailures.failedAt,
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.failedAt, since),
        or(eq(loginFailures.username, username.toLowerCase()), eq(loginFailures.ip, ip)),
      ),
    )
    .orderBy(asc(loginFailures.failedAt));
}

export async function clearLoginFailures(db: Database, username: string) {
  await db.delete(loginFailures).where(eq(loginFailures.username, username.toLowerCase()));
}
