/**
 * One POST /api/chat stream over node:http, timed from the moment the request is made to the
 * chunk that carries the first `token` event. A keep-alive agent with a socket per stream keeps
 * the client from queueing requests of its own.
 */
import http from 'node:http';

export type StreamOutcome = {
  status: number;
  /** performance.now() when the request was made, and when the first token event arrived. */
  sentAt: number;
  firstTokenAt: number | null;
  endedAt: number;
  tokens: number;
  sources: number;
  /** Saw the `end` event and `[DONE]` with a 200. */
  complete: boolean;
  /** Closed by the caller's signal. */
  aborted: boolean;
  error: string | null;
};

export type ChatTarget = { url: URL; agent: http.Agent };

export function chatTarget(serverUrl: string, maxSockets: number): ChatTarget {
  return {
    url: new URL('/api/chat', serverUrl),
    agent: new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets }),
  };
}

export function streamChat(
  target: ChatTarget,
  token: string,
  question: string,
  options: { signal?: AbortSignal; onFirstToken?: () => void } = {},
): Promise<StreamOutcome> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ question, chat_history: [] });
    let sentAt = 0;
    let status = 0;
    let firstTokenAt: number | null = null;
    let tokens = 0;
    let sources = 0;
    let sawEnd = false;
    let sawDone = false;
    let streamError: string | null = null;
    let buffer = '';
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      const aborted = options.signal?.aborted ?? false;
      const complete = status === 200 && sawEnd && sawDone && !streamError;
      resolve({
        status,
        sentAt,
        firstTokenAt,
        endedAt: performance.now(),
        tokens,
        sources,
        complete,
        aborted,
        error: aborted ? null : (error ?? streamError ?? (complete ? null : 'incomplete stream')),
      });
    };
    const handle = (event: string, at: number) => {
      if (!event.startsWith('data: ')) return; // `: keep-alive` comments
      const payload = event.slice(6);
      if (payload === '[DONE]') {
        sawDone = true;
        return;
      }
      const parsed = JSON.parse(payload) as { type: string; sources?: unknown[]; message?: string };
      if (parsed.type === 'token') {
        tokens++;
        if (firstTokenAt === null) {
          firstTokenAt = at;
          options.onFirstToken?.();
        }
      } else if (parsed.type === 'end') {
        sawEnd = true;
        sources = parsed.sources?.length ?? 0;
      } else if (parsed.type === 'error') {
        streamError = `error event: ${parsed.message ?? ''}`;
      }
    };

    sentAt = performance.now();
    const request = http.request(target.url, {
      method: 'POST',
      agent: target.agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        if (status !== 200) return;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          handle(buffer.slice(0, cut), at);
          buffer = buffer.slice(cut + 2);
        }
      });
      response.on('end', () =>
        finish(status === 200 ? null : `HTTP ${status}: ${buffer.slice(0, 200)}`),
      );
      response.on('error', (error) => finish(error.message));
      response.on('close', () => finish('connection closed before the end'));
    });
    request.on('error', (error) => finish(error.message));
    request.end(body);
  });
}
