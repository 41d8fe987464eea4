import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatMessage = { role: string; content: string };
export type ChatCompletionRequest = {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  max_tokens?: number;
};

/** How the fake model answers one request. */
export type Script = {
  /** The reply, sent word by word (each word with the whitespace after it). */
  text: string;
  firstTokenDelayMs?: number;
  tokenIntervalMs?: number;
  /** Answer with this HTTP status and an error body instead. */
  status?: number;
  /** Drop the connection after this many tokens: a failure mid-stream. */
  failAfterTokens?: number;
};

export type ScriptFor = (request: ChatCompletionRequest) => Script;

/**
 * A loopback OpenAI-compatible `/v1/chat/completions` endpoint, streaming or not. By default it
 * behaves like a dutiful model: it quotes the numbered passage that best matches the question and
 * cites it, and rewrites follow-ups by joining them with the earlier user turns. It records every
 * request and counts the streams whose client hung up before the end (`aborted`).
 */
export async function startFakeLlmServer(
  scriptFor: ScriptFor = dutifulModel,
  options: { port?: number } = {},
) {
  const requests: ChatCompletionRequest[] = [];
  let aborted = 0;
  let completed = 0;
  let script = scriptFor;

  const server = createServer((request, response) => {
    if (request.method === 'GET') {
      // `/v1/models`, as OpenAI-compatible servers answer it: a readiness probe for tests.
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model' }] }));
      return;
    }
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const parsed = JSON.parse(body) as ChatCompletionRequest;
      requests.push(parsed);
      const plan = script(parsed);
      if (plan.status) {
        response
          .writeHead(plan.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
        return;
      }
      if (!parsed.stream) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: 0,
            model: parsed.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: plan.text },
                finish_reason: 'stop',
              },
            ],
          }),
        );
        return;
      }
      let finished = false;
      response.on('close', () => {
        if (finished) completed++;
        else aborted++;
      });
      void streamReply(response, parsed.model, plan).then(() => {
        finished = true;
      });
    });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Streams the client cancelled before the end. */
    get aborted() {
      return aborted;
    },
    get completed() {
      return completed;
    },
    /** Changes how the following requests are answered. */
    script(next: ScriptFor) {
      script = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeLlmServer = Awaited<ReturnType<typeof startFakeLlmServer>>;

async function streamReply(response: ServerResponse, model: string, plan: Script) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.flushHeaders();
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: 0,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;
  const words = plan.text.match(/\s+|\S+\s*/gy) ?? [];
  await sleep(plan.firstTokenDelayMs ?? 0);
  for (const [index, word] of words.entries()) {
    if (response.destroyed) return;
    if (plan.failAfterTokens !== undefined && index >= plan.failAfterTokens) {
      // Let what was written reach the client first, as a real failure would.
      await sleep(50);
      response.destroy();
      return;
    }
    response.write(chunk(index === 0 ? { role: 'assistant', content: word } : { content: word }));
    if (index < words.length - 1) await sleep(plan.tokenIntervalMs ?? 0);
  }
  if (response.destroyed) return;
  response.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
}

function sleep(ms: number) {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** The default script: a model that follows the prompt, deterministically. */
export function dutifulModel(request: ChatCompletionRequest): Script {
  const last = request.messages.at(-1)?.content ?? '';
  if (last.startsWith('Latest message: ')) {
    const earlier = request.messages
      .filter((m) => m.role === 'user')
      .slice(0, -1)
      .map((m) => m.content);
    return { text: [...earlier, last.slice('Latest message: '.length)].join(' ') };
  }
  return { text: quoteBestPassage(last) };
}

/** "According to the writings, “…” [n]." for the passage sharing most words with the question. */
export function quoteBestPassage(prompt: string): string {
  const question = /\nQuestion: ([^\n]*)/.exec(prompt)?.[1] ?? '';
  const passages = promptedPassages(prompt).map((text, index) => ['', String(index + 1), text]);
  const words = new Set(question.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
  let best: { number: string; text: string; shared: number } | null = null;
  for (const [, number = '', text = ''] of passages) {
    // Distinct words, so a long passage does not win by repeating them; ties go to the higher rank.
    const distinct = new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
    const shared = [...distinct].filter((w) => words.has(w)).length;
    if (!best || shared > best.shared) best = { number, text, shared };
  }
  if (!best) return 'The writings in the knowledge base do not cover this question.';
  const quote = best.text.replace(/\s+/g, ' ').split(' ').slice(0, 40).join(' ');
  return `According to the writings, “${quote}” [${best.number}].`;
}

/**
 * The numbered passages of an answer prompt (apps/server/src/answers/prompt.ts), in order: each
 * opens with "[n] Speaker: …" and the text follows on the next line.
 */
export function promptedPassages(prompt: string): string[] {
  return [
    ...prompt.matchAll(
      /^\[\d+\] Speaker: [^\n]*\n([\s\S]*?)(?=\n\n\[\d+\] Speaker: |\n\nQuestion: )/gm,
    ),
  ].map((match) => match[1] ?? '');
}
