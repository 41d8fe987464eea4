import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  type QualityQuestionRow,
  type QualityRunResultRow,
  type QualityRunRow,
  qualityQuestions,
  qualityRunResults,
  qualityRuns,
} from '../db/schema.ts';

export type NewQuestion = Omit<QualityQuestionRow, 'createdAt'>;

/** The set is replaced whole: an upload is the deployer's whole list. */
export async function replaceQuestions(db: Database, rows: NewQuestion[]): Promise<void> {
  await db.delete(qualityQuestions);
  // In slices: one statement's parameters are limited (65,535 in PostgreSQL).
  for (let start = 0; start < rows.length; start += 500) {
    await db.insert(qualityQuestions).values(rows.slice(start, start + 500));
  }
}

export function listQuestions(db: Database): Promise<QualityQuestionRow[]> {
  return db.select().from(qualityQuestions).orderBy(asc(qualityQuestions.line));
}

export async function questionCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(qualityQuestions);
  return Number(row?.n ?? 0);
}

/** Adds (or replaces, by id) one question after the last line. */
export async function upsertQuestion(
  db: Database,
  row: Omit<NewQuestion, 'line'>,
): Promise<QualityQuestionRow> {
  const [made] = await db
    .insert(qualityQuestions)
    .values({
      ...row,
      line: sql`(select coalesce(max(line), 0) + 1 from quality_questions)`,
    })
    .onConflictDoUpdate({
      target: qualityQuestions.id,
      set: {
        question: row.question,
        kind: row.kind,
        language: row.language,
        file: row.file,
        page: row.page,
      },
    })
    .returning();
  if (!made) throw new Error('the question was not saved');
  return made;
}

export async function createRun(
  db: Database,
  run: { total: number; knowledgePosition: number; startedBy: string; at: Date },
): Promise<QualityRunRow> {
  const [row] = await db
    .insert(qualityRuns)
    .values({
      status: 'running',
      total: run.total,
      knowledgePosition: run.knowledgePosition,
      startedBy: run.startedBy,
      startedAt: run.at,
    })
    .returning();
  if (!row) throw new Error('the run was not saved');
  return row;
}

/**
 * One question's result, and the run's progress, in one transaction. While a run goes on, its
 * finished_at is the time of its last progress: the heartbeat that tells other servers (and a
 * restarted one) whether anyone is still working on it (failStaleRuns).
 */
export async function recordResult(
  db: Database,
  result: QualityRunResultRow,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(qualityRunResults).values(result);
    await tx
      .update(qualityRuns)
      .set({ done: sql`${qualityRuns.done} + 1`, finishedAt: at })
      .where(eq(qualityRuns.id, result.runId));
  });
}

export async function finishRun(
  db: Database,
  id: number,
  end: Pick<QualityRunRow, 'status' | 'figures' | 'error'> & { at: Date },
): Promise<void> {
  await db
    .update(qualityRuns)
    .set({ status: end.status, figures: end.figures, error: end.error, finishedAt: end.at })
    .where(eq(qualityRuns.id, id));
}

/** The heartbeat of a run still going (between results: a model's answer may take a while). */
export async function touchRun(db: Database, id: number, at: Date): Promise<void> {
  await db
    .update(qualityRuns)
    .set({ finishedAt: at })
    .where(and(eq(qualityRuns.id, id), eq(qualityRuns.status, 'running')));
}

/** Runs marked running with no progress since `before`: their server stopped mid-run. */
export async function failStaleRuns(db: Database, before: Date, at: Date): Promise<void> {
  await db
    .update(qualityRuns)
    .set({
      status: 'failed',
      error: 'Interrupted: the server stopped during the run',
      finishedAt: at,
    })
    .where(
      and(
        eq(qualityRuns.status, 'running'),
        lt(sql`coalesce(${qualityRuns.finishedAt}, ${qualityRuns.startedAt})`, before),
      ),
    );
}

/** A run some server is still working on, if any. */
export async function findRunning(db: Database): Promise<QualityRunRow | null> {
  const [row] = await db
    .select()
    .from(qualityRuns)
    .where(eq(qualityRuns.status, 'running'))
    .limit(1);
  return row ?? null;
}

export function listRuns(db: Database, limit: number): Promise<QualityRunRow[]> {
  return db.select().from(qualityRuns).orderBy(desc(qualityRuns.id)).limit(limit);
}

export async function findRun(db: Database, id: number): Promise<QualityRunRow | null> {
  const [row] = await db.select().from(qualityRuns).where(eq(qualityRuns.id, id));
  return row ?? null;
}

export function resultsOf(db: Database, runIds: number[]): Promise<QualityRunResultRow[]> {
  return db
    .select()
    .from(qualityRunResults)
    .where(inArray(qualityRunResults.runId, runIds))
    .orderBy(asc(qualityRunResults.questionId));
}
