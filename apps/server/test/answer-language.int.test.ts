import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_TEXTS } from '../src/answers/reply-texts.ts';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { corpusAvailable, corpusFile } from './support/corpus.ts';
import {
  type ChatCompletionRequest,
  type FakeLlmServer,
  promptedPassages,
  startFakeLlmServer,
} from './support/fake-llm-server.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 21: the answer is in the question's language, quotes stay in their own, and a quote
 * from a source in another language is followed by a note saying so, in the reader's language.
 * The knowledge base holds one English speech (Kalpit's speech1.txt, from the shared corpus) and
 * `fixtures/hindi-team-text.txt`: Unicode Hindi the team wrote for this test, not Ambedkar's words.
 */
const HINDI_FIXTURE = path.join(import.meta.dirname, 'fixtures', 'hindi-team-text.txt');
const IN_ENGLISH_NOTE = '(स्रोत अंग्रेज़ी में है।)';
/** Hindi, with the one English word the writings use (as the web app's e2e test asks it). */
const HINDI_ABOUT_SHASTRAS = 'जाति व्यवस्था के बारे में shastras क्या कहते हैं?';
const HINDI_ABOUT_EQUALITY = 'समानता का अर्थ क्या है?';

async function ingestBoth(t: TestApp) {
  const deps = {
    db: t.database.db,
    files: t.knowledge.files,
    maxFileBytes: t.config.knowledge.maxFileBytes,
  };
  for (const [fileName, file] of [
    ['speech1.txt', corpusFile('kalpit', 'speech1.txt')],
    ['hindi-team-text.txt', HINDI_FIXTURE],
  ] as const) {
    await ingestFile(deps, { fileName, bytes: new Uint8Array(readFileSync(file)) });
  }
  await t.knowledge.index.sync();
}

const askJson = async (t: TestApp, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: { origin: t.config.publicUrl, accept: 'application/json' },
    payload: { chat_history: [], ...payload },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { answer: string; sources: { file_name: string }[] };
};

/** Each quote of an offline answer with what follows its citation marker on the same line. */
function quotedLines(answer: string) {
  return [...answer.matchAll(/“([^”]+)” \[\d+\]([^\n]*)/g)].map((m) => ({
    quote: m[1] ?? '',
    after: m[2] ?? '',
  }));
}
const devanagari = /\p{Script=Devanagari}/u;

describe.runIf(corpusAvailable)('answers in the language of the question, offline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ingestBoth(t);
  });
  afterAll(() => t.close());

  it('quotes an English source for a Hindi question in English, with a Hindi note after it', async () => {
    const { answer } = await askJson(t, {
      question: HINDI_ABOUT_SHASTRAS,
      detected_language: 'hi',
    });
    expect(answer.startsWith(REPLY_TEXTS.hi.opening)).toBe(true);
    const quoted = quotedLines(answer);
    const english = quoted.filter(({ quote }) => !devanagari.test(quote));
    expect(english.length).toBeGreaterThan(0);
    expect(english[0]?.quote).toContain('sanctity of the shastras');
    for (const { after } of english) expect(after).toBe(` ${IN_ENGLISH_NOTE}`);
    // Any Hindi quote in the same answer is in the reader's language: no note.
    for (const { after } of quoted.filter(({ quote }) => devanagari.test(quote)))
      expect(after).toBe('');
  });

  it('quotes a Hindi source for a Hindi question in Hindi, with no note', async () => {
    // No language supplied: the server detects Hindi from the script.
    const { answer, sources } = await askJson(t, { question: HINDI_ABOUT_EQUALITY });
    expect(answer.startsWith(REPLY_TEXTS.hi.opening)).toBe(true);
    const quoted = quotedLines(answer);
    expect(quoted[0]?.quote).toContain('समानता का अर्थ');
    for (const { quote, after } of quoted) {
      expect(quote).toMatch(devanagari);
      expect(after).toBe('');
    }
    expect(sources[0]?.file_name).toBe('hindi-team-text.txt');
  });

  it('answers an English question from the English source with no note', async () => {
    const { answer } = await askJson(t, { question: 'Why must the belief in the shastras go?' });
    expect(answer.startsWith(REPLY_TEXTS.en.opening)).toBe(true);
    expect(answer).toContain('shastras');
    expect(answer).not.toContain('The source is in');
    for (const { after } of quotedLines(answer)) expect(after).toBe('');
  });
});

describe.runIf(corpusAvailable)('answers in the language of the question, with a model', () => {
  let t: TestApp;
  let llm: FakeLlmServer;
  beforeAll(async () => {
    llm = await startFakeLlmServer();
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' });
    await ingestBoth(t);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('tells the model to quote in the source’s language and keeps its note uncited', async () => {
    let answered = '';
    llm.script((request: ChatCompletionRequest) => {
      // The query rewrite: the question searched in English too.
      if (!request.stream) return { text: 'the meaning of equality and liberty' };
      const prompt = request.messages.at(-1)?.content ?? '';
      const heads = [...prompt.matchAll(/^\[(\d+)\] Speaker: [^\n]*/gm)];
      const englishAt = heads.findIndex((head) => head[0].includes(`Note: ${IN_ENGLISH_NOTE}`));
      const words = (promptedPassages(prompt)[englishAt] ?? '').split(/\s+/).slice(0, 10);
      // A Hindi sentence quoting the English passage as written, then the note it was given.
      answered = `समाज के आदर्श के बारे में वे लिखते हैं: “${words.join(' ')}” [${englishAt + 1}] ${IN_ENGLISH_NOTE}`;
      return { text: answered };
    });
    const { answer, sources } = await askJson(t, {
      question: HINDI_ABOUT_EQUALITY,
      detected_language: 'hi',
    });

    const request = llm.requests.find((sent) => sent.stream);
    const rules = request?.messages[0]?.content ?? '';
    expect(rules).toContain('Write your whole answer in Hindi, whatever the language');
    expect(rules).toContain('Never translate a quotation');
    const prompt = request?.messages.at(-1)?.content ?? '';
    expect(prompt).toMatch(
      /^\[\d+\] Speaker: [^\n]+\. Language: English\. Note: \(स्रोत अंग्रेज़ी में है।\)$/m,
    );
    expect(prompt).toMatch(/^\[\d+\] Speaker: [^\n]+\. Language: Hindi\.$/m);

    // The note stays as written: the Hindi passage holds "में" and "है", yet the note is no claim.
    expect(answer).toBe(answered.replace(/\[\d+\]/, '[1]'));
    expect(sources.map((source) => source.file_name)).toEqual(['speech1.txt']);
  });

  it('says nothing of languages to the model when question and passages are English', async () => {
    llm.requests.length = 0;
    llm.script(() => ({ text: 'The writings in the knowledge base do not cover this question.' }));
    await askJson(t, { question: 'Why must the belief in the shastras go?' });
    const request = llm.requests.find((sent) => sent.stream);
    expect(request?.messages[0]?.content).not.toContain('Never translate a quotation');
    expect(request?.messages.at(-1)?.content).not.toContain('Language:');
  });
});
