import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompletionHttpError,
  CompletionStreamError,
  completionEndpoint,
  EVENT_MAX_CHARS,
  EventLines,
  openCompletion,
} from './chat-completion-stream.ts';

function eventsOf(pieces: string[]): string[] {
  const lines = new EventLines();
  const out: string[] = [];
  for (const piece of pieces) {
    for (let data = lines.push(piece); data !== null; data = lines.next()) out.push(data);
  }
  return out;
}

describe('EventLines', () => {
  it('reads events split anywhere, with LF, CR or CRLF line ends', () => {
    const text =
      'data: {"a":1}\n\ndata: two\r\n\r\n: comment\rdata:three\r\rid: 7\nevent: x\ndata: 4\n\n';
    const expected = ['{"a":1}', 'two', 'three', '4'];
    expect(eventsOf([text])).toEqual(expected);
    for (let cut = 1; cut < text.length; cut++) {
      expect(eventsOf([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
    }
    expect(eventsOf([...text])).toEqual(expected);
  });

  it('joins the data lines of one event, and waits for its blank line', () => {
    expect(eventsOf(['data: a\ndata: b\n', '\n'])).toEqual(['a\nb']);
    expect(eventsOf(['data: a\n'])).toEqual([]);
  });
});

describe('EventLines, fed hostile streams', () => {
  it('refuses a line with no end once it passes EVENT_MAX_CHARS, keeping no more than that', () => {
    const lines = new EventLines();
    const piece = 'x'.repeat(64 * 1024);
    let pushed = 'data: '.length;
    lines.push('data: ');
    // 60 MB with no newline (issue #30: 1.5 GB of memory and a rescan of the buffer per chunk).
    const refusal = (() => {
      for (; pushed < 60 * 1024 * 1024; pushed += piece.length) {
        try {
          lines.push(piece);
        } catch (error) {
          pushed += piece.length;
          return error;
        }
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(CompletionStreamError);
    expect(pushed).toBeGreaterThan(EVENT_MAX_CHARS);
    expect(pushed).toBeLessThanOrEqual(EVENT_MAX_CHARS + piece.length + 'data: '.length);
  });

  it('refuses an event of many data lines past EVENT_MAX_CHARS, but not one just within it', () => {
    const line = `data: ${'y'.repeat(1023)}\n`;
    const count = Math.floor(EVENT_MAX_CHARS / 1024);
    const within = new EventLines();
    let data: string | null = null;
    for (let i = 0; i < count; i++) expect(within.push(line)).toBeNull();
    data = within.push('\n');
    expect(data?.length).toBe(count * 1024 - 1);
    const over = new EventLines();
    expect(() => {
      for (let i = 0; i <= count; i++) over.push(line);
    }).toThrow(CompletionStreamError);
  });

  it('reads 200,000 events pushed in one piece and one character at a time, in order', () => {
    const text = Array.from({ length: 200_000 }, (_, i) => `data: ${i}\r\n\r\n`).join('');
    const whole = eventsOf([text]);
    expect(whole).toHaveLength(200_000);
    expect(whole[199_999]).toBe('199999');
    const chars = eventsOf(text.slice(0, 20_000).split(''));
    expect(chars).toEqual(whole.slice(0, chars.length));
    expect(chars.length).toBeGreaterThan(1000);
  });
});

/** The endpoint's reply to the next request: status and body pieces. */
let reply: (response: ServerResponse) => void;
let lastBody: Record<string, unknown> = {};
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    lastBody = JSON.parse(body);
    reply(response);
  });
});
let baseUrl = '';
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const sse = (chunks: object[]) => chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`);
const delta = (content: unknown, extra: object = {}) => ({
  choices: [{ index: 0, delta: { content, ...extra }, finish_reason: null }],
});

async function answer(signal = new AbortController().signal) {
  const endpoint = completionEndpoint({ baseUrl, model: 'm', apiKey: 'sk-1' });
  const text = await openCompletion(endpoint, {
    messages: [{ role: 'user', content: 'Q' }],
    temperature: 0.2,
    maxOutputTokens: 10,
    signal,
  });
  const out: string[] = [];
  for await (const piece of text) out.push(piece);
  return out;
}

describe('openCompletion', () => {
  it('sends the request as the SDK did and yields content and refusal text only', async () => {
    reply = (response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of sse([
        { choices: [{ delta: { role: 'assistant', content: '' } }] },
        delta(null, { reasoning_content: 'thinking' }),
        delta('Hello '),
        delta([
          { type: 'text', text: 'wor' },
          { type: 'thinking', thinking: [] },
        ]),
        delta(null, { refusal: 'ld' }),
        { choices: [], usage: { prompt_tokens: 1 } },
      ])) {
        response.write(piece);
      }
      response.end('data: [DONE]\n\n');
    };
    expect(await answer()).toEqual(['Hello ', 'wor', 'ld']);
    expect(lastBody).toEqual({
      model: 'm',
      max_tokens: 10,
      temperature: 0.2,
      messages: [{ role: 'user', content: 'Q' }],
      stream: true,
    });
  });

  it('reuses the connection of an answer read to its end', async () => {
    const ports: (number | undefined)[] = [];
    reply = (response) => {
      ports.push(response.socket?.remotePort);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(`${sse([delta('A')]).join('')}data: [DONE]\n\n`);
    };
    expect(await answer()).toEqual(['A']);
    expect(await answer()).toEqual(['A']);
    expect(ports[0]).toBeDefined();
    expect(ports[1]).toBe(ports[0]);
  });

  it('fails with the status of a non-2xx answer', async () => {
    reply = (response) => {
      response.writeHead(429, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"slow down"}}');
    };
    const failure = await answer().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CompletionHttpError);
    expect((failure as CompletionHttpError).statusCode).toBe(429);
    expect((failure as Error).message).toContain('slow down');
  });

  it('fails on an error chunk and on a connection cut midway', async () => {
    reply = (response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(sse([delta('A'), { error: { message: 'overloaded' } }]).join(''));
    };
    await expect(answer()).rejects.toBeInstanceOf(CompletionStreamError);
    reply = (response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(sse([delta('A')])[0]);
      setTimeout(() => response.destroy(), 20);
    };
    await expect(answer()).rejects.toThrow();
  });

  it('closes the connection when the signal aborts, mid-answer', async () => {
    const controller = new AbortController();
    let closedEarly = false;
    reply = (response) => {
      response.on('close', () => {
        closedEarly = !response.writableFinished;
      });
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(sse([delta('A')])[0]);
      setTimeout(() => controller.abort(), 20);
    };
    await expect(answer(controller.signal)).rejects.toThrow();
    await expect.poll(() => closedEarly).toBe(true);
  });
});
