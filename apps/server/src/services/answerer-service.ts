import type { FastifyBaseLogger } from 'fastify';
import { createLanguageModel } from '../answers/llm-answerer.ts';
import type { AppContext } from '../app-context.ts';
import type { Answerer } from './chat-service.ts';
import { copyFinder } from './work-copies-service.ts';

/**
 * The answerer of this app: the configured model, or the extractive answerer over the knowledge
 * base. One place builds it, so that the chat and the admin's question-set runs answer alike (a
 * run measures what readers get).
 */
export function appAnswerer(
  { config, knowledge, persona, metrics }: AppContext,
  log: FastifyBaseLogger,
): Answerer {
  return {
    index: knowledge.index,
    persona,
    llm: config.llm
      ? { model: createLanguageModel(config.llm), timeoutMs: config.llm.timeoutMs }
      : null,
    embeddings: knowledge.embeddings,
    findCopies: copyFinder(knowledge.index),
    log,
    retrievalSeconds: metrics.retrievalDuration,
  };
}
