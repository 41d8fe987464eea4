import {
  GUEST_SHARES_PER_DAY,
  MEMBER_SHARE_MAX_BYTES,
  SHARE_MAX_BYTES,
  SHARE_MAX_MESSAGES,
} from '@samvad/contracts/conversation-rules';
import type { Message, SharedConversation, SharedMessage } from '@samvad/contracts/conversations';
import { type Source, sourceSchema } from '@samvad/contracts/sources';
import type { Database } from '../db/database.ts';
import type { AnswerSigner } from '../http/answer-signature.ts';
import { AppError } from '../http/app-error.ts';
import { withOwnLink } from '../presenters/source-presenter.ts';
import {
  findShareHead,
  insertGuestShare,
  readShareMessages,
} from '../repositories/share-repository.ts';
import { addToLockedCounters, lockCounters } from '../repositories/usage-repository.ts';
import { randomId } from './conversation-service.ts';
import { dayWindow } from './usage-limit-service.ts';

type GuestShareInput = {
  title: string;
  messages: {
    role: 'user' | 'assistant';
    content: string;
    sources: Message['sources'];
    timestamp?: string | undefined;
    signature?: string | undefined;
  }[];
};

/**
 * A guest's conversation lives only in their browser; sharing stores the snapshot they send.
 * At most 10 a day per guest (by cookie and by address, the higher count applies) and 256 KB.
 * Only answers whose signature shows that this server gave them, to the question before them,
 * are kept as answers; any other assistant text is kept marked `unverified`, without sources
 * (issue 19). Source links are kept only when they are this server's.
 */
export async function shareGuestConversation(
  db: Database,
  guest: { guestId: string; ip: string },
  input: GuestShareInput,
  context: { now: Date; timezone: string; signer: AnswerSigner },
): Promise<string> {
  const { now } = context;
  const snapshot: SharedMessage[] = input.messages.map((message, index) => {
    const timestamp = message.timestamp ?? now.toISOString();
    if (message.role === 'user')
      return { role: 'user', content: message.content, sources: [], timestamp };
    const question = input.messages[index - 1];
    const verified =
      question?.role === 'user' &&
      context.signer.verify(question.content, message.content, message.sources, message.signature);
    return verified
      ? {
          role: 'assistant',
          content: message.content,
          sources: message.sources.map(withOwnLink),
          timestamp,
        }
      : { role: 'assistant', content: message.content, sources: [], timestamp, unverified: true };
  });
  const bytes = Buffer.byteLength(JSON.stringify({ title: input.title, messages: snapshot }));
  if (bytes > SHARE_MAX_BYTES) {
    throw new AppError(
      'payload_too_large',
      `A shared conversation may be at most ${SHARE_MAX_BYTES / 1024} KB`,
    );
  }
  const subjects = [`guest:${guest.guestId}`, `ip:${guest.ip}`];
  const window = dayWindow(now, context.timezone);
  const shareableId = randomId();
  await db.transaction(async (tx) => {
    const counts = await lockCounters(tx, subjects, 'share', window, now);
    if (Math.max(...counts) >= GUEST_SHARES_PER_DAY) {
      throw new AppError(
        'rate_limited',
        `Guests can share at most ${GUEST_SHARES_PER_DAY} conversations a day.`,
      );
    }
    await insertGuestShare(tx, {
      shareableId,
      guestId: guest.guestId,
      title: input.title,
      messages: snapshot,
      now,
    });
    await addToLockedCounters(tx, subjects, 'share', window, now);
  });
  return shareableId;
}

/**
 * A shared conversation as its link shows it: never more than SHARE_MAX_MESSAGES messages and
 * about MEMBER_SHARE_MAX_BYTES, even for a snapshot stored before snapshots were capped (then
 * `truncated`, with the number it holds). Each message is re-checked on the way out: unverified
 * answers carry no sources, and source links point only at this server's documents.
 */
export async function getSharedConversation(
  db: Database,
  shareableId: string,
): Promise<SharedConversation> {
  const share = await findShareHead(db, shareableId);
  if (!share) {
    throw new AppError(
      'not_found',
      'This shared conversation could not be found. It may have been deleted or made private.',
    );
  }
  const stored = await readShareMessages(db, shareableId, {
    maxMessages: SHARE_MAX_MESSAGES,
    maxChars: MEMBER_SHARE_MAX_BYTES,
  });
  const messages = stored.flatMap((message) => presentSharedMessage(message) ?? []);
  return {
    id: share.conversationId ?? share.shareableId,
    title: share.title,
    messages,
    shareableId: share.shareableId,
    ...(stored.length < share.totalMessages
      ? { truncated: true, totalMessages: share.totalMessages }
      : {}),
  };
}

/** One stored snapshot message, checked field by field; null for anything not a message. */
function presentSharedMessage(value: unknown): SharedMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (message.role !== 'user' && message.role !== 'assistant') return null;
  if (typeof message.content !== 'string') return null;
  const timestamp = typeof message.timestamp === 'string' ? message.timestamp : '';
  const unverified = message.role === 'assistant' && message.unverified === true;
  const sources =
    message.role === 'assistant' && !unverified && Array.isArray(message.sources)
      ? message.sources.flatMap((source: unknown) => {
          const parsed = sourceSchema.safeParse(source);
          return parsed.success ? [withOwnLink<Source>(parsed.data)] : [];
        })
      : [];
  return {
    role: message.role,
    content: message.content,
    sources,
    timestamp,
    ...(unverified ? { unverified: true } : {}),
  };
}
