import { asc, gt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { knowledgeChanges } from '../db/schema.ts';

export type KnowledgeChange = { id: number; documentId: string; kind: 'upsert' | 'remove' };

export async function recordKnowledgeChange(
  db: Database,
  documentId: string,
  kind: KnowledgeChange['kind'],
): Promise<void> {
  await db.insert(knowledgeChanges).values({ documentId, kind });
}

/**
 * Changes after `id`, plus those of the last `windowSeconds`: a bigserial id is taken at insert
 * but becomes visible at commit, so a lower id can appear after a higher one was read.
 * Callers skip the ids they have already applied.
 */
export function recentChanges(
  db: Database,
  afterId: number,
  windowSeconds: number,
): Promise<KnowledgeChange[]> {
  return db
    .select({
      id: knowledgeChanges.id,
      documentId: knowledgeChanges.documentId,
      kind: knowledgeChanges.kind,
    })
    .from(knowledgeChanges)
    .where(
      or(
        gt(knowledgeChanges.id, afterId),
        gt(
          knowledgeChanges.createdAt,
          sql`clock_timestamp() - make_interval(secs => ${windowSeconds})`,
        ),
      ),
    )
    .orderBy(asc(knowledgeChanges.id));
}

export async function latestChangeId(db: Database): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${knowledgeChanges.id}), 0)::bigint` })
    .from(knowledgeChanges);
  return Number(row?.id ?? 0);
}
