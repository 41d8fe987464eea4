import type { ChatResponse } from '@samvad/contracts/chat';
import { chatApology, chatRequestFailed } from '@samvad/contracts/chat-rules';
import { NO_RESPONSE_APOLOGY } from '@samvad/contracts/conversation-rules';
import type { Source } from '@samvad/contracts/sources';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AnswerAborted, type AnswerStream } from '../answers/answer-stream.ts';
import { withCitedQuotes } from '../answers/cited-sentence.ts';
import type { AnswerMetrics } from '../metrics/app-metrics.ts';
import { AppError } from './app-error.ts';
import { HEARTBEAT_MS, openEventStream, wantsJson } from './event-stream.ts';

type SaveAnswer = (answer: string, sources: Source[]) => Promise<void>;
/** The server's signature of an answer it produced (answer-signature.ts). */
export type SignAnswer = (answer: string, sources: Source[]) => string;
type SaveFailed = (error: unknown, details: string, text: string) => Promise<void>;

/**
 * Sends an answer as JSON or as the spec's event stream, and has it saved however it ends:
 * whole; cut short by the client (what was said so far); or failed (the apology).
 *
 * The stream's headers wait for the first token, so a model that fails at once gets a non-OK
 * status (502, or 504 on timeout); if no token comes within one heartbeat period, the stream opens
 * anyway and keeps the connection alive, and a later failure is an `error` event before [DONE].
 */
export async function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: AnswerStream,
  saveAnswer: SaveAnswer,
  metrics: AnswerMetrics,
  sign: SignAnswer,
): Promise<ChatResponse | FastifyReply> {
  // An answer that came out empty is saved as the spec's apology (§4 step 7) by the server
  // itself: the messages endpoint no longer takes answers from the browser (issue 19).
  const save: SaveAnswer = (text, sources) =>
    saveAnswer(text.trim() ? text : NO_RESPONSE_APOLOGY, text.trim() ? sources : []);
  const tokens = answer.tokens[Symbol.asyncIterator]();
  const pace = tokenTimer(reply, metrics);
  /** Saves what was said before `error`: as it is when the client left, else with the apology. */
  const failed: SaveFailed = async (error, details, text) => {
    if (error instanceof AnswerAborted) {
      // What was said so far, unsigned; stopped before a word, nothing (and no apology).
      await saveAnswer(text, answer.sources());
      return;
    }
    request.log.error({ err: error }, 'answering failed');
    const said = text.trimEnd();
    await save(`${said ? `${said}\n\n` : ''}${chatApology(details)}`, answer.sources());
  };

  if (wantsJson(request.headers.accept)) {
    let text = '';
    try {
      for (let next = pace.seen(await tokens.next()); !next.done; ) {
        text += next.value;
        next = pace.seen(await tokens.next());
      }
    } catch (error) {
      await failed(error, chatRequestFailed(statusOf(error)), text);
      throw error;
    }
    const kept = answer.final?.() ?? text;
    const sources = finalSources(request, kept, answer);
    await save(kept, sources);
    return { answer: kept, sources, signature: sign(kept, sources) };
  }

  metrics.streamOpened();
  try {
    return await streamAnswer(reply, answer, tokens, { save, failed, sign, pace });
  } finally {
    metrics.streamClosed();
  }
}

/** The event-stream half of sendAnswer. */
async function streamAnswer(
  reply: FastifyReply,
  answer: AnswerStream,
  tokens: AsyncIterator<string>,
  {
    save,
    failed,
    sign,
    pace,
  }: { save: SaveAnswer; failed: SaveFailed; sign: SignAnswer; pace: TokenTimer },
): Promise<FastifyReply> {
  let text = '';
  const first = tokens.next().then(pace.seen);
  let timer: NodeJS.Timeout | undefined;
  const early = await Promise.race([
    first.then(
      () => 'ready' as const,
      () => 'failed' as const,
    ),
    new Promise<'slow'>((resolve) => {
      timer = setTimeout(() => resolve('slow'), HEARTBEAT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (early === 'failed') {
    const error = await first.catch((reason: unknown) => reason);
    await failed(error, chatRequestFailed(statusOf(error)), text);
    if (!(error instanceof AnswerAborted)) throw error;
    // Nobody is listening any more: close without an answer.
    reply.hijack();
    reply.raw.destroy();
    return reply;
  }
  const stream = openEventStream(reply);
  try {
    for (let next = await first; !next.done; ) {
      text += next.value;
      stream.token(next.value);
      next = pace.seen(await tokens.next());
    }
    const kept = answer.final?.() ?? null;
    const sources = finalSources(reply.request, kept ?? text, answer);
    const signature = sign(kept ?? text, sources);
    stream.send({ type: 'end', sources, ...(kept ? { answer: kept } : {}), signature });
    await save(kept ?? text, sources);
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'The answer could not be completed';
    if (!(error instanceof AnswerAborted)) stream.send({ type: 'error', message });
    await failed(error, message, text);
  }
  stream.done();
  return reply;
}

/**
 * The sources of a whole answer as sent, signed and saved: each with the sentence its citation
 * quotes (`quote`, for 'Post as quote'), picked from the answer as kept.
 */
function finalSources(request: FastifyRequest, text: string, answer: AnswerStream): Source[] {
  const body = request.body;
  const question =
    body && typeof body === 'object' && 'question' in body && typeof body.question === 'string'
      ? body.question
      : '';
  return withCitedQuotes(text, answer.sources(), question);
}

type TokenTimer = ReturnType<typeof tokenTimer>;

/**
 * Times the answer's tokens as the loops read them: the first from the request's arrival, and
 * the pace of a whole answer after it. Called on each result rather than wrapping the iterator,
 * which cost one more promise per token.
 */
function tokenTimer(reply: FastifyReply, metrics: AnswerMetrics) {
  let count = 0;
  let firstAt = 0;
  return {
    seen(next: IteratorResult<string>): IteratorResult<string> {
      if (next.done) {
        if (count > 0) metrics.finished(count, (performance.now() - firstAt) / 1000);
      } else if (count++ === 0) {
        firstAt = performance.now();
        metrics.firstToken(reply.elapsedTime / 1000);
      }
      return next;
    },
  };
}

function statusOf(error: unknown): number {
  return error instanceof AppError ? error.statusCode : 500;
}
