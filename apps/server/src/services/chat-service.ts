import { DEFAULT_CONVERSATION_TITLE, TITLE_MAX_LENGTH } from '@samvad/contracts/conversations';
import type { Source } from '@samvad/contracts/sources';
import { answerExtractively } from '../answers/extractive-answerer.ts';
import type { Database } from '../db/database.ts';
import type { Actor } from '../http/actor.ts';
import { updateConversation } from '../repositories/conversation-repository.ts';
import { addMessage, findVisibleConversation } from './conversation-service.ts';
import type { KnowledgeIndex } from './knowledge-index.ts';
import { checkAndConsume } from './usage-limit-service.ts';

/** Passages the answerer reads per question. */
const PASSAGES_PER_QUESTION = 8;

export type ChatInput = { question: string; conversationId: string | null };

/**
 * Before any token: limits for the request, the conversation and its messages (429 with the
 * spec payload), then, for a member's conversation, the question is saved at once.
 * Returns a function that saves the final answer, so nothing is lost if the client leaves.
 */
export async function acceptQuestion(
  db: Database,
  actor: Actor,
  input: ChatInput,
  now: Date,
  timezone: string,
): Promise<{ saveAnswer: (answer: string, sources: Source[]) => Promise<void> }> {
  const { conversationId } = input;
  const member = actor.kind === 'user' && conversationId ? actor.user : null;
  const conversation =
    member && conversationId
      ? await findVisibleConversation(db, member, conversationId, 'write')
      : null;
  await checkAndConsume(db, actor, 'request', { now, timezone });
  if (conversationId) {
    if (actor.kind === 'guest')
      await checkAndConsume(db, actor, 'conversation', { conversationId, now, timezone });
    await checkAndConsume(db, actor, 'message', { conversationId, now, timezone });
  }
  if (!member || !conversation) return { saveAnswer: async () => {} };

  await addMessage(
    db,
    member,
    conversation.id,
    { role: 'user', content: input.question, sources: [] },
    now,
  );
  if (conversation.messageCount === 0 && conversation.title === DEFAULT_CONVERSATION_TITLE) {
    await updateConversation(db, conversation.id, {
      title: input.question.slice(0, TITLE_MAX_LENGTH),
    });
  }
  return {
    async saveAnswer(answer, sources) {
      if (!answer.trim()) return;
      await addMessage(
        db,
        member,
        conversation.id,
        { role: 'assistant', content: answer, sources },
        new Date(),
      );
    },
  };
}

/** The offline answer: the best sentences of the best passages, quoted with their citations. */
export async function answerQuestion(index: KnowledgeIndex, question: string) {
  const passages = await index.search(question, PASSAGES_PER_QUESTION);
  return answerExtractively(question, passages);
}
