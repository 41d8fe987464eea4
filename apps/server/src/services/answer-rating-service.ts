import type { RateAnswerRequest } from '@samvad/contracts/answer-feedback';
import { detectReplyLanguage } from '@samvad/contracts/language';
import type { Source } from '@samvad/contracts/sources';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/database.ts';
import type { AnswerRatingRow } from '../db/schema.ts';
import type { Actor } from '../http/actor.ts';
import type { AnswerSigner } from '../http/answer-signature.ts';
import { AppError } from '../http/app-error.ts';
import { deleteRating, upsertRating } from '../repositories/answer-rating-repository.ts';
import { latestChangeId } from '../repositories/knowledge-change-repository.ts';
import { incrementCounter } from '../repositories/usage-repository.ts';
import { hourWindow } from './community-post-service.ts';

export type RatingInput = {
  question: string;
  answer: string;
  sources: Source[];
  signature: string;
  rating: 'up' | 'down';
  reasons: NonNullable<RateAnswerRequest['reasons']>;
  comment?: string | undefined;
};

/** Whose rating it is: one per member, one per guest cookie (the network only limits). */
export function raterKeyOf(actor: Actor): string {
  return actor.kind === 'user' ? `user:${actor.user.id}` : `guest:${actor.guestId}`;
}

/**
 * Rates one answer, or changes the rater's earlier rating of it. Only an answer the server
 * signed may be rated: a shared view carries no signatures, and text a guest typed cannot pass
 * for an answer. Each rating (a change too) spends one unit of an hourly budget: a member's own,
 * or, for guests, one shared by every guest of the network, so new cookies do not buy more.
 */
export async function rateAnswer(
  db: Database,
  deps: { signer: AnswerSigner; limits: Config['ratings'] },
  actor: Actor,
  input: RatingInput,
  now: Date,
): Promise<AnswerRatingRow> {
  const { question, answer, sources, signature } = input;
  if (!deps.signer.verify(question, answer, sources, signature)) {
    throw new AppError(
      'bad_request',
      'This answer cannot be rated: its signature does not match its question, text and sources, so it is not an answer this server gave as sent',
    );
  }
  const knowledgePosition = await latestChangeId(db);
  const [subject, limit] =
    actor.kind === 'user'
      ? [actor.user.id, deps.limits.perHourMember]
      : [`ip:${actor.ip}`, deps.limits.perHourGuestNetwork];
  return db.transaction(async (tx) => {
    const taken = await incrementCounter(
      tx,
      { subject, kind: 'rating', window: hourWindow(now) },
      limit,
      now,
    );
    if (taken === null) {
      throw new AppError(
        'rate_limited',
        actor.kind === 'user'
          ? `You can rate at most ${limit} answers an hour. Please try again later.`
          : `Guests at this address can rate at most ${limit} answers an hour. Please try again later, or sign in.`,
      );
    }
    return upsertRating(
      tx,
      {
        answerKey: signature,
        raterKey: raterKeyOf(actor),
        userId: actor.kind === 'user' ? actor.user.id : null,
        guestNetwork: actor.kind === 'guest' ? actor.ip : null,
        rating: input.rating,
        reasons: input.rating === 'down' ? [...new Set(input.reasons)] : [],
        comment: input.rating === 'down' && input.comment ? input.comment : null,
        question,
        answer,
        sources,
        language: detectReplyLanguage(question),
        knowledgePosition,
      },
      now,
    );
  });
}

/**
 * A member's stored answers signed again as the chat signed them (over the question saved just
 * before each), so a reloaded conversation can be rated like a fresh one. An answer whose question
 * is on an earlier page stays unsigned.
 */
export function signStoredAnswers<M extends { role: string; content: string; sources: Source[] }>(
  messages: M[],
  signer: AnswerSigner,
): (M & { signature?: string })[] {
  return messages.map((message, index) => {
    const question = messages[index - 1];
    if (message.role !== 'assistant' || question?.role !== 'user') return message;
    return {
      ...message,
      signature: signer.sign(question.content, message.content, message.sources),
    };
  });
}

/** Withdraws the caller's rating of the answer with this signature (404 when there is none). */
export async function withdrawRating(db: Database, actor: Actor, signature: string) {
  if (!(await deleteRating(db, raterKeyOf(actor), signature))) {
    throw new AppError('not_found', 'You have not rated this answer');
  }
}
