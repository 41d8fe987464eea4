import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { loginFailures } from '../db/schema.ts';

/** The first key of our two-key advisory locks on login addresses (any number of our own). */
const LOGIN_ADDRESS_LOCK_SPACE = 1_947_019;

/**
 * Serialises sign-in reservations from one address until the transaction ends, on PostgreSQL
 * with any number of connections or instances (PGlite runs one transaction at a time anyway).
 * The two-key form never meets the single-key migration lock.
 */
export async function lockLoginAddress(tx: Database, network: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${LOGIN_ADDRESS_LOCK_SPACE}, hashtext(${network}))`,
  );
}

export type LoginFailureCounts = {
  /** Failures for this username from this address. */
  byPair: number;
  oldestByPair: Date | null;
  /** Failures from this address, whatever the username. */
  byAddress: number;
  oldestByAddress: Date | null;
  /** Failures for this username from anywhere. */
  byUsername: number;
};

/** The counts the throttle decides on, since `since`, in one query over both indexes. */
export async function countLoginFailures(
  db: Database,
  input: { username: string; network: string; since: Date },
): Promise<LoginFailureCounts> {
  const username = input.username.toLowerCase();
  const fromAddress = sql`${loginFailures.ip} = ${input.network}`;
  const pair = sql`${fromAddress} and ${loginFailures.username} = ${username}`;
  const [row] = await db
    .select({
      byPair: sql<number>`count(*) filter (where ${pair})`.mapWith(Number),
      oldestByPair: sql<Date | null>`min(${loginFailures.failedAt}) filter (where ${pair})`.mapWith(
        loginFailures.failedAt,
      ),
      byAddress: sql<number>`count(*) filter (where ${fromAddress})`.mapWith(Number),
      oldestByAddress:
        sql<Date | null>`min(${loginFailures.failedAt}) filter (where ${fromAddress})`.mapWith(
          loginFailures.failedAt,
        ),
      byUsername:
        sql<number>`count(*) filter (where ${loginFailures.username} = ${username})`.mapWith(
          Number,
        ),
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.failedAt, input.since),
        or(eq(loginFailures.username, username), eq(loginFailures.ip, input.network)),
      ),
    );
  return {
    byPair: row?.byPair ?? 0,
    oldestByPair: row?.oldestByPair ?? null,
    byAddress: row?.byAddress ?? 0,
    oldestByAddress: row?.oldestByAddress ?? null,
    byUsername: row?.byUsername ?? 0,
  };
}

/** A failure row; written before the password is checked, so it doubles as the reservation. */
export async function insertLoginFailure(
  db: Database,
  input: { username: string; network: string; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(loginFailures)
    .values({ username: input.username.toLowerCase(), ip: input.network, failedAt: input.at })
    .returning({ id: loginFailures.id });
  if (!row) throw new Error('insert into login_failures returned no row');
  return row.id;
}

export async function deleteLoginFailure(db: Database, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** A good password clears its own username-and-address pair, never another address's count. */
export async function clearLoginFailuresOfPair(db: Database, username: string, network: string) {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.username, username.toLowerCase()), eq(loginFailures.ip, network)));
}

/**
 * Rows that left the window, for this username or this address: pruned whenever either is tried
 * again, through the same indexes, so an attack's rows do not pile up for good.
 */
export async function pruneLoginFailures(
  db: Database,
  input: { username: string; network: string; before: Date },
): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      and(
        lte(loginFailures.failedAt, input.before),
        or(
          eq(loginFailures.username, input.username.toLowerCase()),
          eq(loginFailures.ip, input.network),
        ),
      ),
    );
}
