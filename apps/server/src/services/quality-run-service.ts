import { setTimeout as sleep } from 'node:timers/promises';
import { detectReplyLanguage } from '@samvad/contracts/language';
import type { QualityRun, RunDiffEntry, RunDiffResponse } from '@samvad/contracts/quality-runs';
import type { Source } from '@samvad/contracts/sources';
import type { Database } from '../db/database.ts';
import type { QualityQuestionRow, QualityRunResultRow, QualityRunRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { recordAdminAction } from '../repositories/admin-log-repository.ts';
import { latestChangeId } from '../repositories/knowledge-change-repository.ts';
import {
  createRun,
  failStaleRuns,
  findRun,
  findRunning,
  finishRun,
  listQuestions,
  recordResult,
  resultsOf,
  touchRun,
} from '../repositories/quality-repository.ts';
import type { AdminCall } from './admin-user-service.ts';
import { type Answerer, composeAnswer } from './chat-service.ts';
import { figuresOf, rankOf } from './quality-scoring.ts';

/**
 * The budget that keeps a run from slowing the chat: one question at a time, and after each a
 * rest as long as the question took (at most about half of one core), never under REST_MIN_MS.
 */
export const RUN_REST_RATIO = 1;
const REST_MIN_MS = 20;
/** A running run's heartbeat: written this often, even while one answer takes long. */
const HEARTBEAT_MS = 30_000;
/**
 * A run whose heartbeat is older than this was left by a server that stopped (a restart, or
 * another instance gone): four missed beats.
 */
export const STALE_RUN_MS = 4 * HEARTBEAT_MS;

export type RunnerDeps = {
  db: Database;
  answerer: Answerer;
  log: { error(object: unknown, message: string): void };
};

/**
 * The one run this process works on. Runs are started by an admin and never overlap: a second
 * start while one runs is refused (409), so a run's load on the chat is bounded.
 */
export class QualityRunner {
  private current: { id: number; stop: AbortController; done: Promise<void> } | null = null;
  private readonly deps: RunnerDeps;

  constructor(deps: RunnerDeps) {
    this.deps = deps;
  }

  async start(call: AdminCall): Promise<QualityRunRow> {
    const { db } = this.deps;
    if (this.current) {
      throw new AppError('conflict', `Run ${this.current.id} is still running; wait for it to end`);
    }
    // Another server's run keeps its heartbeat; one without progress for a while was cut off.
    await failStaleRuns(db, new Date(call.now.getTime() - STALE_RUN_MS), call.now);
    const elsewhere = await findRunning(db);
    if (elsewhere) {
      throw new AppError(
        'conflict',
        `Run ${elsewhere.id} is still running on another server; wait for it to end`,
      );
    }
    const questions = await listQuestions(db);
    if (questions.length === 0) {
      throw new AppError('bad_request', 'Upload a question set before running it');
    }
    const run = await db.transaction(async (tx) => {
      const made = await createRun(tx, {
        total: questions.length,
        knowledgePosition: await latestChangeId(tx),
        startedBy: call.admin.id,
        at: call.now,
      });
      await recordAdminAction(tx, call.actor, {
        action: 'start_quality_run',
        details: { runId: made.id, questions: questions.length },
        at: call.now,
      });
      return made;
    });
    const stop = new AbortController();
    const done = this.work(run, questions, stop.signal).finally(() => {
      this.current = null;
    });
    this.current = { id: run.id, stop, done };
    return run;
  }

  /** Stops the run in progress (the server is closing); it is marked failed. */
  async close(): Promise<void> {
    const current = this.current;
    if (!current) return;
    current.stop.abort();
    await current.done;
  }

  private async work(run: QualityRunRow, questions: QualityQuestionRow[], signal: AbortSignal) {
    const { db, log } = this.deps;
    const results: QualityRunResultRow[] = [];
    const beat = setInterval(() => {
      touchRun(db, run.id, new Date()).catch(() => {});
    }, HEARTBEAT_MS);
    beat.unref();
    try {
      for (const question of questions) {
        if (signal.aborted) throw new Error('Stopped: the server closed during the run');
        const started = performance.now();
        const result = await this.ask(run.id, question, signal);
        await recordResult(db, result, new Date());
        results.push(result);
        const took = performance.now() - started;
        await sleep(Math.max(REST_MIN_MS, took * RUN_REST_RATIO), undefined, { ref: false });
      }
      await finishRun(db, run.id, {
        status: 'done',
        figures: figuresOf(results),
        error: null,
        at: new Date(),
      });
    } catch (error) {
      log.error({ err: error, runId: run.id }, 'question set run failed');
      await finishRun(db, run.id, {
        status: 'failed',
        figures: results.length > 0 ? figuresOf(results) : null,
        error: error instanceof Error ? error.message : String(error),
        at: new Date(),
      }).catch(() => {});
    } finally {
      clearInterval(beat);
    }
  }

  /** One question through the chat's own answer path, as /api/chat composes it. */
  private async ask(
    runId: number,
    question: QualityQuestionRow,
    signal: AbortSignal,
  ): Promise<QualityRunResultRow> {
    let refused = false;
    const answer = composeAnswer(this.deps.answerer, {
      question: question.question,
      history: [],
      language: detectReplyLanguage(question.question, question.language),
      signal,
      onNotCovered: async () => {
        refused = true;
      },
    });
    for await (const _token of answer.tokens) {
      // The words are not scored; only where the sources point.
    }
    const sources: Source[] = answer.sources();
    const locations =
      question.file === null
        ? []
        : [{ file: question.file, page: question.page }, ...question.also];
    return {
      runId,
      questionId: question.id,
      question: question.question,
      kind: question.kind,
      language: question.language,
      answerable: question.file !== null,
      rank: locations.length === 0 ? null : rankOf(locations, sources),
      refused: refused || sources.length === 0,
      sources: sources.slice(0, 5),
    };
  }
}

export function presentRun(row: QualityRunRow): QualityRun {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    done: row.done,
    knowledgePosition: row.knowledgePosition,
    error: row.error,
    figures: (row.figures as QualityRun['figures']) ?? null,
    startedAt: row.startedAt.toISOString(),
    // While running, finished_at is the heartbeat (recordResult), not an end.
    finishedAt: row.status === 'running' ? null : (row.finishedAt?.toISOString() ?? null),
  };
}

/** Whether a question came out right: the page within five (answerable), or refused (not). */
function right(result: QualityRunResultRow | undefined): boolean {
  if (!result) return false;
  return result.answerable ? result.rank !== null : result.refused;
}

/** Per question, what changed from one run to another: found → lost, lost → found, moved. */
export async function diffRuns(db: Database, fromId: number, toId: number) {
  const [from, to] = await Promise.all([findRun(db, fromId), findRun(db, toId)]);
  if (!from) throw new AppError('not_found', `No run has the id ${fromId}`);
  if (!to) throw new AppError('not_found', `No run has the id ${toId}`);
  const rows = await resultsOf(db, [fromId, toId]);
  const before = new Map(rows.filter((r) => r.runId === fromId).map((r) => [r.questionId, r]));
  const after = rows.filter((r) => r.runId === toId);
  const diff: RunDiffResponse = { from: fromId, to: toId, lost: [], found: [], moved: [] };
  for (const now of after) {
    const then = before.get(now.questionId);
    if (!then) continue;
    const entry: RunDiffEntry = {
      questionId: now.questionId,
      question: now.question,
      fromRank: then.rank,
      toRank: now.rank,
      fromRefused: then.refused,
      toRefused: now.refused,
      toSources: now.sources,
    };
    if (right(then) && !right(now)) diff.lost.push(entry);
    else if (!right(then) && right(now)) diff.found.push(entry);
    else if (then.rank !== null && now.rank !== null && then.rank !== now.rank) {
      diff.moved.push(entry);
    }
  }
  return diff;
}

const CSV_COLUMNS = [
  'question_id',
  'question',
  'kind',
  'language',
  'answerable',
  'rank',
  'refused',
  'hit',
  'top_source',
];

/** A spreadsheet cell: quoted, and never read as a formula (=, +, -, @ at the start). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** One run's per-question results as CSV. */
export async function runCsv(db: Database, id: number): Promise<string> {
  const run = await findRun(db, id);
  if (!run) throw new AppError('not_found', `No run has the id ${id}`);
  const rows = await resultsOf(db, [id]);
  const lines = rows.map((r) => {
    const top = r.sources[0];
    return [
      r.questionId,
      r.question,
      r.kind,
      r.language,
      String(r.answerable),
      r.rank === null ? '' : String(r.rank),
      String(r.refused),
      String(right(r)),
      top ? `${top.file_name}${top.page ? ` p. ${top.page}` : ''}` : '',
    ]
      .map(cell)
      .join(',');
  });
  return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}
