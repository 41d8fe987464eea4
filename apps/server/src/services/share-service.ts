import { GUEST_SHARES_PER_DAY, SHARE_MAX_BYTES } from '@samvad/contracts/conversation-rules';
import type { Message, SharedConversation } from '@samvad/contracts/conversations';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { findShare, insertGuestShare } from '../repositories/share-repository.ts';
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
  }[];
};

/**
 * A guest's conversation lives only in their browser; sharing stores the snapshot they send.
 * At most 10 a day per guest (by cookie and by address, the higher count applies) and 256 KB.
 */
export async function shareGuestConversation(
  db: Database,
  guest: { guestId: string; ip: string },
  input: GuestShareInput,
  now: Date,
  timezone: string,
): Promise<string> {
  const snapshot: Message[] = input.messages.map((message) => ({
    role: message.role,
    content: message.content,
    sources: message.sources,
    timestamp: message.timestamp ?? now.toISOString(),
  }));
  const bytes = Buffer.byteLength(JSON.stringify({ title: input.title, messages: snapshot }));
  if (bytes > SHARE_MAX_BYTES) {
    throw new AppError(
      'payload_too_large',
      `A shared conversation may be at most ${SHARE_MAX_BYTES / 1024} KB`,
    );
  }
  const subjects = [`guest:${guest.guestId}`, `ip:${guest.ip}`];
  const window = dayWindow(now, timezone);
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

export async function getSharedConversation(
  db: Database,
  shareableId: string,
): Promise<SharedConversation> {
  const share = await findShare(db, shareableId);
  if (!share) {
    throw new AppError(
      'not_found',
      'This shared conversation could not be found. It may have been deleted or made private.',
    );
  }
  return {
    id: share.conversationId ?? share.shareableId,
    title: share.title,
    messages: share.messages as Message[],
    shareableId: share.shareableId,
  };
}
