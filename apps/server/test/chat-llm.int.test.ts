import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chatApology } from '@samvad/contracts/chat-rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_MAX_OUTPUT_TOKENS } from '../src/answers/llm-answerer.ts';
import { NO_DOCUMENTS_REPLY, REPLY_TEXTS } from '../src/answers/reply-texts.ts';
import { NOT_COVERED_JSON } from './support/chat-replies.ts';
import { corpusAvailable, corpusFile, ingestKalpitSpeeches } from './support/corpus.ts';
import {
  type ChatCompletionRequest,
  dutifulModel,
  type FakeLlmServer,
  promptedPassages,
  startFakeLlmServer,
} from './support/fake-llm-server.ts';
import { memberConversation } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let llm: FakeLlmServer;
let origin: string;
const QUESTION = 'What is the real remedy for the caste system?';

beforeAll(async () => {
  llm = await startFakeLlmServer();
  t = await createTestApp({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'fake-model',
    LLM_API_KEY: 'sk-test-key',
    LLM_TIMEOUT_MS: '1500',
  });
  origin = t.config.publicUrl;
  if (corpusAvailable) await ingestKalpitSpeeches(t);
});
afterAll(async () => {
  await t.close();
  await llm.close();
});
beforeEach(() => {
  llm.script(dutifulModel);
  llm.requests.length = 0;
});

const chat = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/chat', headers: { origin, ...headers }, payload });

type Event = {
  type: string;
  token?: string;
  sources?: { file_name: string; score: number }[];
  message?: string;
};
function parseStream(body: string): { events: Event[]; done: boolean } {
  const lines = body.split('\n\n').filter((line) => line.startsWith('data: '));
  const done = lines.at(-1) === 'data: [DONE]';
  const events = lines.filter((l) => l !== 'data: [DONE]').map((l) => JSON.parse(l.slice(6)));
  return { events, done };
}

const KALPIT_TEXTS = corpusAvailable
  ? [1, 2, 3, 4, 5, 6].map((n) => ({
      file: `speech${n}.txt`,
      text: readFileSync(corpusFile('kalpit', `speech${n}.txt`), 'utf8').replace(/\s+/g, ' '),
    }))
  : [];

/** The file of each numbered passage in the answer prompt the model received (Kalpit's speeches). */
function promptedFiles(request: ChatCompletionRequest | undefined): string[] {
  const prompt = request?.messages.at(-1)?.content ?? '';
  return promptedPassages(prompt).map((passage) => {
    const head = passage.replace(/\s+/g, ' ').trim().slice(0, 60);
    return KALPIT_TEXTS.find((speech) => speech.text.includes(head))?.file ?? '?';
  });
}
const streamedRequests = () => llm.requests.filter((request) => request.stream);

describe.runIf(corpusAvailable)('POST /api/chat with a model', () => {
  it('prompts in the persona voice with numbered passages and streams the cited sources', async () => {
    const res = await chat({ question: QUESTION, chat_history: [] });
    expect(res.statusCode).toBe(200);
    const { events, done } = parseStream(res.body);
    expect(done).toBe(true);
    const answer = events.map((e) => e.token ?? '').join('');
    expect(answer).toMatch(/^According to the writings, “.+” \[1\]\.$/s);
    const end = events.at(-1);
    expect(end?.type).toBe('end');

    const [request] = streamedRequests();
    expect(request?.model).toBe('fake-model');
    // Every answer's length is bounded (unbounded consumption).
    expect(request?.max_tokens).toBe(ANSWER_MAX_OUTPUT_TOKENS);
    const instructions = request?.messages[0];
    expect(instructions?.role).toBe('system');
    expect(instructions?.content).toContain('Dr. B. R. Ambedkar');
    expect(instructions?.content).toContain('using ONLY the numbered passages');
    expect(instructions?.content).toContain('Write your whole answer in English');
    // Each passage carries its speaker, so the model can tell his words from others'.
    expect(request?.messages.at(-1)?.content).toMatch(/^\[1\] Speaker: [^\n]+\. Source: /m);
    // The one source is the passage the model quoted, whichever number it had in the prompt.
    const quotedNumber = Number(
      /\[(\d+)\]\.$/.exec(dutifulModel(request as ChatCompletionRequest).text)?.[1],
    );
    expect(end?.sources?.map((s) => s.file_name)).toEqual([
      promptedFiles(request)[quotedNumber - 1],
    ]);
    expect(end?.sources?.[0]?.file_name).toBe('speech1.txt');
  });

  it('renumbers citations to the rows of the sources list, drops numbers that name no passage', async () => {
    // Each sentence quotes eight words of the passage it cites first, so the check keeps it.
    const opening = (request: ChatCompletionRequest, n: number) =>
      (promptedPassages(request.messages.at(-1)?.content ?? '')[n - 1] ?? '')
        .split(/\s+/)
        .slice(0, 8)
        .join(' ');
    llm.script((request) => ({
      text: `“${opening(request, 3)}” [3]. “${opening(request, 1)}” [1, 9]. “${opening(request, 2)}” [2]. None [0].`,
    }));
    const res = await chat({ question: QUESTION, chat_history: [] });
    const { events } = parseStream(res.body);
    const streamed = events.map((e) => e.token ?? '').join('');
    expect(streamed).toMatch(/^“[^”]+” \[1\]\. “[^”]+” \[2\]\. “[^”]+” \[3\]\. None \.$/);
    const files = promptedFiles(streamedRequests()[0]);
    // The sources come most relevant first, as the reader sees them (issue #29); the kept text
    // (the end event's answer when the order changed) numbers each quote by its row.
    const end = events.at(-1) as Event & { answer?: string };
    const sources = end.sources ?? [];
    expect(new Set(sources.map((s) => s.file_name))).toEqual(
      new Set([files[2], files[0], files[1]]),
    );
    const scores = sources.map((s) => s.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const kept = end.answer ?? streamed;
    const rows = [...kept.matchAll(/” \[(\d)\]/g)].map((m) => Number(m[1]));
    expect(rows.map((n) => sources[n - 1]?.file_name)).toEqual([files[2], files[0], files[1]]);
  });

  it('removes a citation its passage does not support, in the JSON answer, the stream’s end and the saved message', async () => {
    llm.script((request) => {
      const first = promptedPassages(request.messages.at(-1)?.content ?? '')[0] ?? '';
      const quote = first.split(/\s+/).slice(0, 10).join(' ');
      return { text: `He wrote: “${quote}” [1]. The moon is made of green cheese [2].` };
    });
    const json = (await chat({ question: QUESTION }, { accept: 'application/json' })).json();
    expect(json.answer).toMatch(/^He wrote: “[^”]+” \[1\]\. The moon is made of green cheese\.$/);
    expect(json.sources).toHaveLength(1);

    const { cookie, id, messages } = await memberConversation(t);
    const streamed = await chat({ question: QUESTION, conversation_id: id }, { cookie });
    const { events } = parseStream(streamed.body);
    const tokens = events.map((e) => e.token ?? '').join('');
    expect(tokens).toContain('green cheese [2].');
    const end = events.at(-1) as Event & { answer?: string };
    expect(end.answer).toBe(json.answer);
    expect(end.sources).toHaveLength(1);
    const saved = await messages();
    expect(saved.at(-1)?.content).toBe(json.answer);
  });

  it('ends with the unverified notice when no citation is supported', async () => {
    llm.script(() => ({ text: 'The moon is made of green cheese [1].' }));
    const json = (await chat({ question: QUESTION }, { accept: 'application/json' })).json();
    expect(json).toEqual({
      answer: `The moon is made of green cheese.\n\n*${REPLY_TEXTS.en.unverified}*`,
      sources: [],
      signature: expect.any(String),
    });
  });

  it('does not ask the model when the writings do not cover the question', async () => {
    const res = await chat(
      { question: 'Explain quantum chromodynamics and gluon confinement' },
      { accept: 'application/json' },
    );
    expect(res.json()).toEqual(NOT_COVERED_JSON);
    expect(llm.requests).toHaveLength(0);
  });

  it('lists no sources when the model cites nothing', async () => {
    llm.script(() => ({ text: REPLY_TEXTS.en.notCovered }));
    const res = await chat({ question: QUESTION }, { accept: 'application/json' });
    expect(res.json()).toEqual(NOT_COVERED_JSON);
  });

  it('answers 502 when the model fails before the first token, and saves the apology', async () => {
    llm.script(() => ({ text: '', status: 500 }));
    const { cookie, id, messages } = await memberConversation(t);
    const res = await chat({ question: QUESTION, conversation_id: id }, { cookie });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'upstream_failed',
      message: 'The answering model failed (HTTP 500)',
    });
    const saved = await messages();
    expect(saved.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(saved[1]?.content).toBe(chatApology('API request failed with status 502'));
  });

  it('answers 504 when the model is slower than LLM_TIMEOUT_MS', async () => {
    llm.script(() => ({ text: 'Too late [1].', firstTokenDelayMs: 2500 }));
    const res = await chat({ question: QUESTION });
    expect(res.statusCode).toBe(504);
    expect(res.json().error.code).toBe('upstream_timeout');
  });

  it('ends a stream that fails midway with one error event, then [DONE], and saves it', async () => {
    llm.script(() => ({ text: 'The remedy is [1] to destroy the belief.', failAfterTokens: 3 }));
    const { cookie, id, messages } = await memberConversation(t);
    const res = await chat({ question: QUESTION, conversation_id: id }, { cookie });
    expect(res.statusCode).toBe(200);
    const { events, done } = parseStream(res.body);
    expect(done).toBe(true);
    expect(events.filter((e) => e.type === 'token').map((e) => e.token)).toEqual([
      'The ',
      'remedy ',
      'is ',
    ]);
    expect(events.at(-1)).toEqual({
      type: 'error',
      message: 'The answering model failed',
    });
    expect(events.filter((e) => e.type === 'error')).toHaveLength(1);
    const saved = await messages();
    expect(saved[1]?.content).toBe(`The remedy is\n\n${chatApology('The answering model failed')}`);
  });

  it('cancels the model when the client disconnects, and keeps what was said', async () => {
    llm.script(() => ({
      text: 'The real remedy [1] is to destroy the belief in the sanctity of the shastras.',
      tokenIntervalMs: 150,
    }));
    const { cookie, id, messages } = await memberConversation(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = { aborted: llm.aborted, completed: llm.completed };
    const controller = new AbortController();
    const response = await fetch(`${address}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin },
      body: JSON.stringify({ question: QUESTION, conversation_id: id }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain('"type":"token"');
    controller.abort();
    await vi.waitFor(() => expect(llm.aborted).toBe(before.aborted + 1), { timeout: 3000 });
    await vi.waitFor(async () => {
      const saved = await messages();
      expect(saved.map((m) => m.role)).toEqual(['user', 'assistant']);
      const partial = saved[1]?.content ?? '';
      expect(partial.length).toBeGreaterThan(0);
      expect(
        'The real remedy [1] is to destroy the belief in the sanctity of the shastras.',
      ).toContain(partial.trim());
      expect(saved[1]?.sources.map((s) => s.file_name).length).toBeLessThanOrEqual(1);
    });
    expect(llm.completed).toBe(before.completed);
    expect((t.app.server.address() as AddressInfo).port).toBeGreaterThan(0);
  });

  it('rewrites a follow-up into a standalone query with the model before searching', async () => {
    const history = [
      { role: 'user', content: 'What did Ambedkar say about the Buddha and rituals?' },
      { role: 'assistant', content: 'He said the Buddha was against ritualism [1].' },
    ];
    const res = await chat(
      { question: 'Why was he against them?', chat_history: history },
      { accept: 'application/json' },
    );
    expect(res.statusCode).toBe(200);
    const [rewrite, answer] = llm.requests;
    expect(rewrite?.stream).toBeFalsy();
    expect(rewrite?.messages.map((m) => m.content)).toEqual([
      expect.stringContaining('standalone search query'),
      history[0]?.content,
      history[1]?.content,
      'Latest message: Why was he against them?',
    ]);
    expect(answer?.stream).toBe(true);
    // The earlier turns reach the model too, before the passages and the question.
    expect(answer?.messages.slice(1, 3).map((m) => m.content)).toEqual([
      history[0]?.content,
      history[1]?.content,
    ]);
    expect(promptedFiles(answer)[0]).toBe('speech2.txt');
  });

  it('replies in the detected language, a supplied language winning, and searches in English', async () => {
    const hindi = 'जाति व्यवस्था का असली उपाय क्या है?';
    llm.script((request) =>
      request.stream ? dutifulModel(request) : { text: 'real remedy for the caste system' },
    );
    await chat({ question: hindi }, { accept: 'application/json' });
    const [translate, answer] = llm.requests;
    expect(translate?.stream).toBeFalsy();
    expect(answer?.messages[0]?.content).toContain('Write your whole answer in Hindi');
    expect(promptedFiles(answer)[0]).toBe('speech1.txt');

    llm.requests.length = 0;
    await chat({ question: hindi, detected_language: 'ta' }, { accept: 'application/json' });
    expect(streamedRequests()[0]?.messages[0]?.content).toContain(
      'Write your whole answer in Tamil',
    );
  });
});

// Issue 20: with no document at all the model is not asked (not even to rewrite the query).
describe('POST /api/chat with a model, on an empty knowledge base', () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' });
  });
  afterAll(() => empty.close());

  it('says no documents have been added yet, in the question’s language, with no sources, without asking the model', async () => {
    const hindiReply = REPLY_TEXTS.hi.noDocuments;
    expect(hindiReply).not.toBe(NO_DOCUMENTS_REPLY);
    for (const accept of ['application/json', 'text/event-stream']) {
      const res = await empty.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: { origin: empty.config.publicUrl, accept },
        payload: {
          question: 'जाति के बारे में आंबेडकर ने क्या कहा?',
          chat_history: [{ role: 'user', content: 'Hello' }],
          detected_language: 'hi',
        },
      });
      expect(res.statusCode).toBe(200);
      if (accept === 'application/json') {
        expect(res.json()).toMatchObject({ answer: hindiReply, sources: [] });
      } else {
        const { events, done } = parseStream(res.body);
        expect(done).toBe(true);
        expect(events.map((event) => event.token ?? '').join('')).toBe(hindiReply);
        expect(events.at(-1)).toMatchObject({ type: 'end', sources: [] });
      }
    }
    expect(llm.requests).toHaveLength(0);
  });
});
