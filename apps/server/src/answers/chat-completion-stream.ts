/**
 * A streamed OpenAI-compatible `/chat/completions` reply read straight off node:http. The AI
 * SDK's `doStream` reads it through undici's fetch and four web-stream stages (bytes → text →
 * events → JSON → parts), with a zod parse of every chunk: ~80 KB per open answer and a fifth of
 * the server's CPU with 200 answers streaming (npm run bench:chat). Here an answer is one
 * request, one response and a string buffer.
 */
import http from 'node:http';
import https from 'node:https';

export type CompletionEndpoint = {
  /** `<base URL>/chat/completions`, as the provider builds it. */
  url: URL;
  model: string;
  apiKey: string | null;
};

export type CompletionMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type CompletionRequest = {
  messages: CompletionMessage[];
  temperature: number;
  maxOutputTokens: number;
  signal: AbortSignal;
};

/** A non-2xx answer from the endpoint, with its status (the caller reports it). */
export class CompletionHttpError extends Error {
  override name = 'CompletionHttpError';
  readonly statusCode: number;
  readonly responseBody: string;
  constructor(statusCode: number, responseBody: string) {
    super(`The model's endpoint answered HTTP ${statusCode}: ${responseBody.slice(0, 300)}`);
    this.statusCode = statusCode;
    this.responseBody = responseBody;
  }
}

/** An `error` object inside the stream (a provider failing after its 200). */
export class CompletionStreamError extends Error {
  override name = 'CompletionStreamError';
}

/** How much of an error body is kept for the log. */
const ERROR_BODY_CHARS = 4000;

export function completionEndpoint(settings: {
  baseUrl: string;
  model: string;
  apiKey?: string | null;
}): CompletionEndpoint {
  return {
    url: new URL(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`),
    model: settings.model,
    apiKey: settings.apiKey || null,
  };
}

/**
 * Sends the request and, once the endpoint answers 2xx, returns the reply's text as it comes
 * (content and refusal deltas; reasoning is not the answer). Throws a CompletionHttpError on
 * another status. The returned text ends at `[DONE]` or at the end of the response, and throws
 * on an `error` chunk or a connection cut midway. Aborting `signal` destroys the request, which
 * the endpoint sees as a closed connection. Not a generator itself: the messages are let go once
 * sent, not kept for the whole answer.
 */
export async function openCompletion(
  endpoint: CompletionEndpoint,
  request: CompletionRequest,
): Promise<AsyncGenerator<string>> {
  const response = await post(endpoint, requestBody(endpoint, request), request.signal);
  return completionText(response);
}

async function* completionText(response: http.IncomingMessage): AsyncGenerator<string> {
  const events = new EventLines();
  response.setEncoding('utf8');
  let done = false;
  for await (const chunk of response) {
    for (let data = events.push(chunk); data !== null && !done; data = events.next()) {
      if (data === '[DONE]') {
        // Leaving the loop destroys the response, and its socket unless it was read to the end:
        // a response already whole is read to its end, so its connection serves the next one.
        if (!response.complete) return;
        done = true;
      } else {
        const text = deltaText(data);
        if (text) yield text;
      }
    }
  }
}

function requestBody(endpoint: CompletionEndpoint, request: CompletionRequest): string {
  return JSON.stringify({
    model: endpoint.model,
    max_tokens: request.maxOutputTokens,
    temperature: request.temperature,
    messages: request.messages,
    stream: true,
  });
}

function post(
  endpoint: CompletionEndpoint,
  body: string,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const { promise, resolve, reject } = Promise.withResolvers<http.IncomingMessage>();
  const send = endpoint.url.protocol === 'https:' ? https.request : http.request;
  const outgoing = send(endpoint.url, {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      accept: 'text/event-stream',
      ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
    },
  });
  outgoing.on('error', reject);
  outgoing.once('response', (response) => {
    const status = response.statusCode ?? 0;
    if (status >= 200 && status < 300) {
      resolve(response);
      return;
    }
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      if (text.length < ERROR_BODY_CHARS) text += chunk;
    });
    response.once('end', () => reject(new CompletionHttpError(status, text)));
    response.on('error', reject);
  });
  outgoing.end(body);
  return promise;
}

type Delta = {
  content?: string | { type?: string; text?: unknown }[] | null;
  refusal?: string | null;
};
type Chunk = { choices?: { delta?: Delta | null }[]; error?: { message?: string } | string };

/** The answer's text in one chunk: what the SDK reads as `text-delta` parts. */
function deltaText(data: string): string {
  const chunk = JSON.parse(data) as Chunk;
  if (chunk.error) {
    const message = typeof chunk.error === 'string' ? chunk.error : chunk.error.message;
    throw new CompletionStreamError(message ?? 'The model reported an error');
  }
  const delta = chunk.choices?.[0]?.delta;
  if (!delta) return '';
  let text = '';
  if (typeof delta.content === 'string') text = delta.content;
  else if (Array.isArray(delta.content)) {
    for (const part of delta.content) {
      if (part.type === 'text' && typeof part.text === 'string') text += part.text;
    }
  }
  return delta.refusal ? text + delta.refusal : text;
}

/**
 * The longest event a model may send, in characters: a chunk of a streamed answer is a few
 * hundred. Past it the stream is refused (CompletionStreamError), so a line without an end cannot
 * grow the buffer without bound.
 */
export const EVENT_MAX_CHARS = 256 * 1024;

/** Either line end, from a given position (lastIndex): one scan finds the first of both. */
const LINE_END = /[\r\n]/g;

/**
 * The `data` of server-sent events from text as it arrives (the EventSource rules: LF, CR or
 * CRLF lines, `data:` lines joined by newlines, other fields and comments ignored). Linear in the
 * text pushed: each character is scanned for a line end once, the buffer is cut once per push,
 * and an unfinished line or event longer than EVENT_MAX_CHARS throws.
 */
export class EventLines {
  #buffer = '';
  /** Where the unread text starts in #buffer. */
  #start = 0;
  /** Where the search for the next line end resumes: no line end lies in [#start, #scanned). */
  #scanned = 0;
  #data: string | null = null;
  #afterCR = false;

  /** Adds text; returns the first whole event's data, or null (then `next()` is null too). */
  push(text: string): string | null {
    let added = text;
    if (this.#afterCR && added.startsWith('\n')) added = added.slice(1);
    this.#afterCR = added.endsWith('\r');
    this.#buffer += added;
    return this.next();
  }

  /** The next whole event's data in what was pushed, or null. */
  next(): string | null {
    for (;;) {
      LINE_END.lastIndex = Math.max(this.#start, this.#scanned);
      const found = LINE_END.exec(this.#buffer);
      if (!found) {
        // Keep only the unfinished line, once per push rather than once per line.
        this.#buffer = this.#buffer.slice(this.#start);
        this.#start = 0;
        this.#scanned = this.#buffer.length;
        if (this.#buffer.length > EVENT_MAX_CHARS) this.#tooLong();
        return null;
      }
      const end = found.index;
      const line = this.#buffer.slice(this.#start, end);
      this.#start = end + (this.#buffer.startsWith('\r\n', end) ? 2 : 1);
      this.#scanned = this.#start;
      if (line === '') {
        const data = this.#data;
        this.#data = null;
        if (data !== null) return data;
      } else if (line.startsWith('data:')) {
        const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
        this.#data = this.#data === null ? value : `${this.#data}\n${value}`;
        if (this.#data.length > EVENT_MAX_CHARS) this.#tooLong();
      }
    }
  }

  #tooLong(): never {
    this.#buffer = '';
    this.#start = 0;
    this.#scanned = 0;
    this.#data = null;
    throw new CompletionStreamError(
      `The model sent an event longer than ${EVENT_MAX_CHARS.toLocaleString('en')} characters`,
    );
  }
}
