import type { Source } from '@samvad/contracts/sources';
import { tokensOf } from './extractive-answerer.ts';

/** One earlier turn of the conversation, as the chat request carries it. */
export type ChatTurn = { role: 'user' | 'assistant'; content: string };

/**
 * An answer on its way: its tokens as they come, and the sources cited so far (all of them once
 * the tokens end). Both answerers produce one, so the route streams and saves them the same way.
 */
export type AnswerStream = {
  tokens: AsyncIterable<string>;
  sources(): Source[];
  /**
   * The answer as kept, once the tokens have ended, when it differs from what was streamed (a
   * model answer whose unsupported citations were removed: citation-check.ts); else null.
   */
  final?(): string | null;
};

/** The client left or pressed stop: not a failure, nothing more to send. */
export class AnswerAborted extends Error {
  override name = 'AnswerAborted';
  constructor(options?: { cause?: unknown }) {
    super('The client closed the connection', options);
  }
}

/** An answer that is already whole (the extractive answerer, 'not covered'), streamed by word. */
export function wholeAnswer(answer: string, sources: Source[]): AnswerStream {
  return {
    tokens: (async function* () {
      yield* tokensOf(answer);
    })(),
    sources: () => sources,
  };
}
