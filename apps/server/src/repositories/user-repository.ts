import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { type UserRow, users } from '../db/schema.ts';

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserByOidcSubject(db: Database, subject: string) {
  const [row] = await db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
  return row ?? null;
}

/** A user with this email who has not yet signed in with OIDC (e.g. made by an admin). */
export async function findUnlinkedUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.oidcSubject)))
    .limit(1);
  return row ?? null;
}

export async function insertUser(
  db: Database,
  values: typeof users.$inferInsert,
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** Inserts unless the username is taken (several instances may bootstrap at once). */
export async function insertUserIfUsernameFree(db: Database, values: typeof users.$inferInsert) {
  const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function updateUser(
  db: Database,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

export async function countAdmins(db: Database): Promise<number> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  return rows.length;
}
