import {
  QUESTION_SET_MAX_LINES,
  type QuestionSetResponse,
  questionLineSchema,
} from '@samvad/contracts/quality-runs';
import type { Database } from '../db/database.ts';
import type { QualityQuestionRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { recordAdminAction } from '../repositories/admin-log-repository.ts';
import { findRating } from '../repositories/answer-rating-repository.ts';
import {
  listQuestions,
  type NewQuestion,
  replaceQuestions,
  upsertQuestion,
} from '../repositories/quality-repository.ts';
import type { AdminCall } from './admin-user-service.ts';

/** A refused file names at most this many of its bad lines (the first ones). */
const ERRORS_SHOWN = 10;

/**
 * Reads a JSONL question set (bench/qa/FORMAT.md) line by line. Every bad line is named with
 * what is wrong with it; blank lines are skipped but still counted, so numbers match an editor's.
 */
export function parseQuestionSet(content: string): NewQuestion[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const filled = lines.filter((line) => line.trim() !== '').length;
  if (filled === 0) throw new AppError('validation_failed', 'The file holds no questions');
  if (filled > QUESTION_SET_MAX_LINES) {
    throw new AppError(
      'validation_failed',
      `The file holds ${filled.toLocaleString('en')} questions; a question set may have at most ${QUESTION_SET_MAX_LINES.toLocaleString('en')}`,
    );
  }
  const errors: string[] = [];
  const questions: NewQuestion[] = [];
  const firstLineOf = new Map<string, number>();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      errors.push(`Line ${line}: not valid JSON`);
      return;
    }
    const parsed = questionLineSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'the line';
      errors.push(`Line ${line}: ${field}: ${issue?.message ?? 'not a question'}`);
      return;
    }
    const q = parsed.data;
    const earlier = firstLineOf.get(q.id);
    if (earlier !== undefined) {
      errors.push(`Line ${line}: the id ${q.id} is already used on line ${earlier}`);
      return;
    }
    firstLineOf.set(q.id, line);
    questions.push({
      id: q.id,
      line,
      question: q.question.trim(),
      kind: q.kind,
      language: q.language,
      file: q.file,
      page: q.page,
      evidence: q.evidence,
      also: q.also.map((copy) => ({ file: copy.file, page: copy.page })),
    });
  });
  if (errors.length > 0) {
    const more = errors.length > ERRORS_SHOWN ? ` (and ${errors.length - ERRORS_SHOWN} more)` : '';
    throw new AppError(
      'validation_failed',
      `The question set was not saved: ${errors.slice(0, ERRORS_SHOWN).join('; ')}${more}`,
    );
  }
  return questions;
}

export function presentQuestionSet(rows: QualityQuestionRow[]): QuestionSetResponse {
  return {
    total: rows.length,
    questions: rows.map(({ id, line, question, kind, language, file, page }) => ({
      id,
      line,
      question,
      kind,
      language,
      file,
      page,
    })),
  };
}

/** Replaces the question set with the uploaded file's, when every line is good; audited. */
export async function uploadQuestionSet(db: Database, call: AdminCall, content: string) {
  const questions = parseQuestionSet(content);
  await db.transaction(async (tx) => {
    await replaceQuestions(tx, questions);
    await recordAdminAction(tx, call.actor, {
      action: 'upload_question_set',
      details: { questions: questions.length },
      at: call.now,
    });
  });
  return presentQuestionSet(await listQuestions(db));
}

/**
 * Sharpening the set from the review queue: the rated answer's question joins the set with the
 * file and page a right answer cites (null file: it should have said 'not covered').
 */
export async function addQuestionFromRating(
  db: Database,
  call: AdminCall,
  ratingId: number,
  expected: { file: string | null; page: number | null; kind: string },
) {
  const rating = await findRating(db, ratingId);
  if (!rating) throw new AppError('not_found', `No rated answer has the id ${ratingId}`);
  if (expected.file === null && expected.page !== null) {
    throw new AppError('validation_failed', 'page: an unanswerable question has no page');
  }
  return db.transaction(async (tx) => {
    const row = await upsertQuestion(tx, {
      id: `review-${ratingId}`,
      question: rating.question.slice(0, 4000),
      kind: expected.kind,
      language: rating.language,
      file: expected.file,
      page: expected.page,
      evidence: null,
      also: [],
    });
    await recordAdminAction(tx, call.actor, {
      action: 'add_quality_question',
      details: { ratingId, questionId: row.id, file: row.file, page: row.page },
      at: call.now,
    });
    return row;
  });
}
