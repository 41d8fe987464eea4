import { cutTitle, DEFAULT_CONVERSATION_TITLE } from '@samvad/contracts/conversation-rules';
import type { Persona } from '@samvad/contracts/persona';
import type { Source } from '@samvad/contracts/sources';
import type { FastifyBaseLogger } from 'fastify';
import {
  AnswerAborted,
  type AnswerStream,
  type ChatTurn,
  wholeAnswer,
} from '../answers/answer-stream.ts';
import { coverageEvidence, isCovered } from '../answers/coverage.ts';
import { standaloneQuery } from '../answers/follow-up.ts';
import type { ChatModel } from '../answers/llm-answerer.ts';
import { rewriteQuery, streamLlmAnswer } from '../answers/llm-answerer.ts';
import { asksAboutTheReformer, ownWordsFirst } from '../answers/own-words.ts';
import { replyTexts } from '../answers/reply-texts.ts';
import type { CopyFinder } from '../answers/work-copies.ts';
import { asksOnlyAfter } from '../answers/writings-period.ts';
import type { Database } from '../db/database.ts';
import type { Actor } from '../http/actor.ts';
import { updateConversation } from '../repositories/conversation-repository.ts';
import type { EmbeddingClient } from '../retrieval/embedding-client.ts';
import { RRF_K } from '../retrieval/fusion.ts';
import type { KnowledgeIndex } from '../retrieval/knowledge-index.ts';
import type { Passage } from '../retrieval/passage.ts';
import { scoresInRankOrder } from '../retrieval/passage-of.ts';
import { nameMatcher, withoutNames } from '../retrieval/query-names.ts';
import { addMessage, findVisibleConversation } from './conversation-service.ts';
import { offlineAnswer } from './offline-answer.ts';
import { checkAndConsume, giveBackRequest } from './usage-limit-service.ts';

/** Passages retrieved per question; the model reads the first PASSAGES_FOR_MODEL. */
const PASSAGES_PER_QUESTION = 8;
const PASSAGES_FOR_MODEL = 6;
/** The language the writings are in; other questions also search an English translation. */
const CORPUS_LANGUAGE = 'en';

export type ChatInput = { question: string; conversationId: string | null };

/**
 * Before any token: limits for the request, the conversation and its messages (429 with the
 * spec payload), then, for a member's conversation, the question is saved at once. The units
 * and the saved question are one transaction, so a refusal (of any limit, or of a full
 * conversation) charges nothing: a chat refused by its message limit keeps the day's request.
 * Returns a function that saves the final answer, so nothing is lost if the client leaves, and
 * one that gives the day's request back when the answer turns out to be 'not covered'.
 */
export async function acceptQuestion(
  db: Database,
  actor: Actor,
  input: ChatInput,
  now: Date,
  timezone: string,
): Promise<{
  saveAnswer: (answer: string, sources: Source[]) => Promise<void>;
  giveBackRequest: () => Promise<void>;
}> {
  const { conversationId } = input;
  const member = actor.kind === 'user' && conversationId ? actor.user : null;
  const conversation =
    member && conversationId
      ? await findVisibleConversation(db, member, conversationId, 'write')
      : null;
  // Always in this order (request, conversation, message, then the conversation's row), so
  // parallel chats take the same locks in the same order and queue instead of deadlocking.
  await db.transaction(async (tx) => {
    await checkAndConsume(tx, actor, 'request', { now, timezone });
    if (conversationId) {
      if (actor.kind === 'guest')
        await checkAndConsume(tx, actor, 'conversation', { conversationId, now, timezone });
      await checkAndConsume(tx, actor, 'message', { conversationId, now, timezone });
    }
    if (!member || !conversation) return;
    await addMessage(
      tx,
      member,
      conversation.id,
      { role: 'user', content: input.question, sources: [] },
      now,
    );
    if (conversation.messageCount === 0 && conversation.title === DEFAULT_CONVERSATION_TITLE) {
      await updateConversation(tx, conversation.id, { title: cutTitle(input.question) });
    }
  });
  const giveBack = () => giveBackRequest(db, actor, { now, timezone });
  if (!member || !conversation) return { saveAnswer: async () => {}, giveBackRequest: giveBack };
  return {
    giveBackRequest: giveBack,
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

/** What answering needs, built once at start. */
export type Answerer = {
  index: KnowledgeIndex;
  persona: Persona;
  /** Null: the offline extractive answerer. */
  llm: { model: ChatModel; timeoutMs: number } | null;
  /** Sentence vectors for the offline answer's choice; null or absent: by words alone. */
  embeddings?: EmbeddingClient | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Where else the knowledge base holds a quoted sentence: one entry per work (work-copies.ts). */
  findCopies?: CopyFinder;
  /** Hears how long each knowledge-index search took (the metrics). */
  retrievalSeconds: { observe(seconds: number): void };
};

export type AnswerInput = {
  question: string;
  history: ChatTurn[];
  language: string;
  /** Aborted when the client leaves; cancels the model's work. */
  signal: AbortSignal;
  /** Called before a 'not covered' answer's first token: such an answer costs no usage unit. */
  onNotCovered?: () => Promise<void>;
};

/**
 * Retrieval, then an answer from the passages: the model's when one is configured, else the
 * extractive one. When the best passage does not cover the question, the answer says so and
 * cites nothing, and no model is asked (it could only answer from general knowledge). With no
 * document at all, the answer says that instead: nothing was searched, so nothing is 'not covered'.
 */
export function composeAnswer(answerer: Answerer, input: AnswerInput): AnswerStream {
  // Lazy: retrieval starts with the first token asked for, so its failures reach the caller
  // the same way as the model's. Later tokens come from the answer's own iterator, with no
  // generator of this function's in between (one more promise per token otherwise).
  let answer: AnswerStream | null = null;
  let tokens: AsyncIterator<string> | null = null;
  const start = async () => {
    answer = await prepareAnswer(answerer, input);
    tokens = answer.tokens[Symbol.asyncIterator]();
    return tokens.next();
  };
  const iterator: AsyncIterator<string> = {
    next: () => (tokens ? tokens.next() : start()),
    return: async () => (await tokens?.return?.()) ?? { done: true, value: undefined },
  };
  return {
    tokens: { [Symbol.asyncIterator]: () => iterator },
    sources: () => answer?.sources() ?? [],
    final: () => answer?.final?.() ?? null,
  };
}

async function prepareAnswer(answerer: Answerer, input: AnswerInput): Promise<AnswerStream> {
  if (answerer.index.loaded.documents === 0) {
    return wholeAnswer(replyTexts(input.language).noDocuments, []);
  }
  // Years after the writings end: nothing found could answer, however close it reads.
  if (asksOnlyAfter(input.question, answerer.persona.writingsEnd)) return notCovered(input);
  const queries = await searchQueries(answerer, input);
  const found = await retrieve(answerer, queries, PASSAGES_PER_QUESTION);
  // The order the answer reads them in is the order the reader's list shows (scores fall with it).
  const passages = scoresInRankOrder(
    asksAboutTheReformer(input.question, searchTextOf(answerer, input.question))
      ? ownWordsFirst(found)
      : found,
  );
  const unknown = Math.min(
    ...queries.map((query) => answerer.index.unknownTermShare(searchTextOf(answerer, query))),
  );
  if (
    passages.length === 0 ||
    !isCovered(coverageEvidence(passages, unknown, answerer.index.denseChunks))
  ) {
    return notCovered(input);
  }
  if (!answerer.llm) {
    return offlineAnswer(answerer, queries[0] ?? input.question, passages, input.language);
  }
  return streamLlmAnswer({
    model: answerer.llm.model,
    persona: answerer.persona,
    language: input.language,
    question: input.question,
    history: input.history,
    passages: passages.slice(0, PASSAGES_FOR_MODEL),
    signal: input.signal,
    timeoutMs: answerer.llm.timeoutMs,
  });
}

/** The 'not covered' reply, which takes no usage unit (`onNotCovered` gives it back). */
async function notCovered(input: AnswerInput): Promise<AnswerStream> {
  await input.onNotCovered?.();
  return wholeAnswer(replyTexts(input.language).notCovered, []);
}

/**
 * The question as written (with its context when it is a follow-up) and, from the model when
 * there is one, a standalone English query: for follow-ups and for questions not in English.
 */
async function searchQueries(answerer: Answerer, input: AnswerInput): Promise<string[]> {
  const asWritten = standaloneQuery(input.question, input.history);
  const needsRewrite = input.history.length > 0 || input.language !== CORPUS_LANGUAGE;
  if (!answerer.llm || !needsRewrite) return [asWritten];
  try {
    const rewritten = await rewriteQuery(
      answerer.llm.model,
      input.question,
      input.history,
      input.signal,
    );
    return rewritten ? [rewritten, asWritten] : [asWritten];
  } catch (error) {
    if (input.signal.aborted) throw new AnswerAborted({ cause: error });
    answerer.log.warn({ err: error }, 'query rewriting failed; searching the question as written');
    return [asWritten];
  }
}

/** One search per query; several are fused by reciprocal rank. */
async function retrieve(answerer: Answerer, queries: string[], limit: number) {
  const rankings = await Promise.all(queries.map((query) => timedSearch(answerer, query, limit)));
  if (rankings.length === 1) return rankings[0] ?? [];
  const fused = new Map<string, { passage: Passage; score: number }>();
  for (const ranking of rankings) {
    ranking.forEach((passage, position) => {
      const entry = fused.get(passage.id) ?? { passage, score: 0 };
      entry.score += 1 / (RRF_K + position + 1);
      if (passage.score > entry.passage.score) entry.passage = passage;
      fused.set(passage.id, entry);
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((entry) => entry.passage);
}

const matchers = new WeakMap<Persona, RegExp | null>();

/** The query as searched: without the reformer's names (query-names.ts). */
export function searchTextOf(answerer: Pick<Answerer, 'persona'>, query: string): string {
  let matcher = matchers.get(answerer.persona);
  if (matcher === undefined) {
    matcher = nameMatcher([answerer.persona.reformerName, ...answerer.persona.reformerAliases]);
    matchers.set(answerer.persona, matcher);
  }
  return withoutNames(query, matcher);
}

/** One search, timed whether it succeeds or fails (a slow failure is slow too). */
async function timedSearch(answerer: Answerer, query: string, limit: number) {
  const started = performance.now();
  try {
    return await answerer.index.search(searchTextOf(answerer, query), limit);
  } finally {
    answerer.retrievalSeconds.observe((performance.now() - started) / 1000);
  }
}
