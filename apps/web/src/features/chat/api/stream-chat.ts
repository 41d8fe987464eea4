import type { ChatRequest, ChatStreamEvent } from '@samvad/contracts/chat';
import { chatRequestFailed } from '@samvad/contracts/chat-rules';
import type { RateLimitResponse } from '@samvad/contracts/limits';
import type { Source } from '@samvad/contracts/sources';
import { leaveIfBanned } from '../../../shared/api/api-client.ts';

/** A 429 with a limit payload: the caller opens the limit dialog instead of apologising. */
export class ChatLimitError extends Error {
  override readonly name = 'ChatLimitError';
  readonly limit: Pick<RateLimitResponse, 'type' | 'used' | 'limit'>;
  constructor(limit: Pick<RateLimitResponse, 'type' | 'used' | 'limit'>) {
    super(`Limit reached: ${limit.type}`);
    this.limit = limit;
  }
}

/** Any other failed chat call; `message` is what the apology's "Error details" shows. */
export class ChatRequestError extends Error {
  override readonly name = 'ChatRequestError';
  readonly status: number | null;
  constructor(message: string, status: number | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
  }
}

export type ChatStreamHandlers = {
  /**
   * The server took the question (a 2xx, before any token): past every limit. A guest's new
   * conversation is made only now, so a refused question leaves none behind (issue 27).
   */
  onAccepted?(): void;
  onToken(token: string): void;
  /**
   * The answer's sources, at its end; with `kept` when the server's citation check changed the
   * text that was streamed (the kept text replaces it), and the server's signature of the answer
   * (kept with a guest's answer, so that sharing or importing it shows it as the server's).
   */
  onSources(sources: Source[], kept?: string, signature?: string): void;
  /** The server reported a failure in the stream (after some tokens, perhaps). */
  onError(message: string): void;
};

/**
 * POST /api/chat and reads its stream (spec §7): `data:` lines with token / end events, ending at
 * `data: [DONE]`; a plain JSON line with `answer` is accepted too. Resolves when the stream ends;
 * rejects with ChatLimitError on a 429, ChatRequestError on other failures, and the abort error
 * when `signal` aborts.
 */
export async function streamChat(
  request: ChatRequest,
  handlers: ChatStreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch('/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(request),
    credentials: 'include',
    signal,
  });
  if (!response.ok) throw await failureOf(response);
  handlers.onAccepted?.();
  if (!response.body) throw new ChatRequestError('Response body is not readable');

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    const lines = buffer.split('\n');
    buffer = done ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (handleLine(line.trim(), handlers) === 'done') {
        await finishReading(reader);
        return;
      }
    }
    if (done) return;
  }
}

/** How long the end of the response may lag behind `[DONE]` before the reader stops waiting. */
const END_GRACE_MS = 1_000;

/**
 * After `[DONE]` the server ends the response, but the end can arrive a moment after the last
 * line: reading on until it does lets the request complete, where cancelling at once would abort
 * it (net::ERR_ABORTED) for nothing. A server that keeps it open is cancelled after a grace.
 */
async function finishReading(reader: ReadableStreamDefaultReader<string>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), END_GRACE_MS);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read().catch(() => ({ done: true })), grace]);
      if (next === 'late' || next.done) break;
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
}

function handleLine(line: string, handlers: ChatStreamHandlers): 'done' | 'more' {
  if (line === '' || line.startsWith(':')) return 'more';
  const payload = line.startsWith('data:') ? line.slice(5).trim() : line;
  if (payload === '[DONE]') return 'done';
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return 'more';
  }
  const event = asStreamEvent(json);
  if (event) {
    dispatch(event, handlers);
    return 'more';
  }
  // Spec §7: plain JSON lines carrying `answer` are accepted too.
  if (isRecord(json) && typeof json.answer === 'string') {
    handlers.onToken(json.answer);
    if (Array.isArray(json.sources)) {
      if (typeof json.signature === 'string')
        handlers.onSources(json.sources as Source[], undefined, json.signature);
      else handlers.onSources(json.sources as Source[]);
    }
    return 'more';
  }
  if (isRecord(json) && !('answer' in json) && !('type' in json))
    throw new ChatRequestError('Invalid JSON response format');
  return 'more';
}

/**
 * The event a line carries, checked by hand: the schema library stays off the first paint, and
 * the three shapes are small (packages/contracts/src/chat.ts).
 */
function asStreamEvent(json: unknown): ChatStreamEvent | null {
  if (!isRecord(json)) return null;
  if (json.type === 'token' && typeof json.token === 'string')
    return { type: 'token', token: json.token };
  if (json.type === 'end' && Array.isArray(json.sources))
    return {
      type: 'end',
      sources: json.sources as Source[],
      ...(typeof json.answer === 'string' ? { answer: json.answer } : {}),
      ...(typeof json.signature === 'string' ? { signature: json.signature } : {}),
    };
  if (json.type === 'error' && typeof json.message === 'string')
    return { type: 'error', message: json.message };
  return null;
}

function dispatch(event: ChatStreamEvent, handlers: ChatStreamHandlers) {
  if (event.type === 'token') handlers.onToken(event.token);
  else if (event.type === 'end' && event.signature !== undefined)
    handlers.onSources(event.sources, event.answer, event.signature);
  else if (event.type === 'end') handlers.onSources(event.sources, event.answer);
  else handlers.onError(event.message);
}

async function failureOf(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {}
  leaveIfBanned(response.status, body);
  if (
    response.status === 429 &&
    isRecord(body) &&
    typeof body.type === 'string' &&
    typeof body.used === 'number' &&
    typeof body.limit === 'number'
  ) {
    return new ChatLimitError({
      type: body.type as RateLimitResponse['type'],
      used: body.used,
      limit: body.limit,
    });
  }
  return new ChatRequestError(chatRequestFailed(response.status), response.status, {
    cause: body ?? text,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
