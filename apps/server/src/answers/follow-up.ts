/**
 * Follow-up questions without a model: "what did he say about it later?" names its subject only
 * through the conversation, so its search also carries the earlier question's words.
 */
import { tokenizeQuery } from '../retrieval/tokenizer.ts';
import type { ChatTurn } from './answer-stream.ts';

/** Words that point back at something said before. */
const REFERRING_WORDS = new Set(
  (
    'it its this that these those he him his she her they them their there then ' +
    'later earlier above same more further else also again'
  ).split(' '),
);
/** A question with this few search terms leans on its context ("and why?"). */
const FEW_TERMS = 1;

export function looksLikeFollowUp(question: string): boolean {
  const words = question.toLowerCase().match(/\p{L}+/gu) ?? [];
  return (
    words.some((word) => REFERRING_WORDS.has(word)) || tokenizeQuery(question).length <= FEW_TERMS
  );
}

/**
 * The search query for a question: itself, or, for a follow-up, itself with the last user
 * question (and the one before, when that was a follow-up too).
 */
export function standaloneQuery(question: string, history: ChatTurn[]): string {
  if (!looksLikeFollowUp(question)) return question;
  const earlier = history.filter((turn) => turn.role === 'user').map((turn) => turn.content);
  const context: string[] = [];
  for (let i = earlier.length - 1; i >= 0 && context.length < 2; i--) {
    const turn = earlier[i] ?? '';
    context.push(turn);
    if (!looksLikeFollowUp(turn)) break;
  }
  return [question, ...context].join('\n');
}
