import { Readable } from 'node:stream';
import type { ChatStreamEvent } from '@samvad/contracts/chat';
import type { FastifyReply } from 'fastify';

export const HEARTBEAT_MS = 15_000;
/**
 * After the first event, events are written together at most this often: one socket write per
 * token was the largest per-token cost with many streams open (npm run bench:chat), and readers
 * cannot tell 30 ms apart.
 */
const COALESCE_MS = 30;

/**
 * The chat stream (spec §7): `data: <json>` lines, then `data: [DONE]`. Sent through Fastify (so
 * security headers and logging still apply); proxies are told not to buffer, and a comment
 * heartbeat keeps idle connections open while an answer is slow to start.
 */
export function openEventStream(reply: FastifyReply) {
  // Written by push, not through a PassThrough: one stream stage less per write, and its
  // writable half's state less per open stream. Backpressure is not awaited either way; what the
  // socket cannot take yet waits in the stream's buffer.
  const stream = new Readable({ read() {} });
  const heartbeat = setInterval(() => stream.push(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(stream);
  let pending = '';
  let flushTimer: NodeJS.Timeout | null = null;
  let sentFirst = false;
  const flush = () => {
    flushTimer = null;
    if (pending) stream.push(pending);
    pending = '';
  };
  const write = (data: string) => {
    pending += data;
    if (!sentFirst) {
      // The first token goes out at once: time to first token is what readers feel.
      sentFirst = true;
      flush();
    } else if (!flushTimer) {
      flushTimer = setTimeout(flush, COALESCE_MS);
    }
  };
  return {
    send(event: ChatStreamEvent) {
      write(`data: ${JSON.stringify(event)}\n\n`);
    },
    /** `send({ type: 'token', token })`, the same bytes, with only the token to serialise. */
    token(token: string) {
      write(`data: {"type":"token","token":${JSON.stringify(token)}}\n\n`);
    },
    done() {
      clearInterval(heartbeat);
      if (flushTimer) clearTimeout(flushTimer);
      flush();
      stream.push('data: [DONE]\n\n');
      stream.push(null);
    },
    /** Fires when the client goes away before the end. */
    onClose(listener: () => void) {
      reply.raw.once('close', listener);
    },
  };
}

/** Does the caller want the whole answer as JSON rather than a stream? */
export function wantsJson(accept: string | undefined): boolean {
  return Boolean(accept?.includes('application/json') && !accept.includes('text/event-stream'));
}
