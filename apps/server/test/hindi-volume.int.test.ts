import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_TEXTS } from '../src/answers/reply-texts.ts';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { corpusAvailable, corpusFile } from './support/corpus.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 21, end to end: the real BAWS Hindi vol. 17 (legacy Kruti Dev and Walkman-Chanakya
 * fonts) is ingested beside an English chapter, and Hindi questions written from its decoded
 * pages (bench/qa/questions/hindi.jsonl) are asked through POST /api/chat: the answer quotes the
 * Hindi text, and its first source is the page pdftotext and a viewer number that text on.
 */
type Source = { file_name: string; page?: number | null; link?: string };
type Reply = { answer: string; sources: Source[] };

const VOLUME = 'hi_baws_hindi_volume17.pdf';

describe.runIf(corpusAvailable)('the Hindi volume, decoded and asked in Hindi', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const deps = {
      db: t.database.db,
      files: t.knowledge.files,
      maxFileBytes: t.config.knowledge.maxFileBytes,
    };
    for (const [fileName, file] of [
      [VOLUME, corpusFile('indic', VOLUME)],
      [
        'baws_vol01_annihilation_of_caste.pdf',
        corpusFile('ambedkar', 'pdf', 'baws_vol01_annihilation_of_caste.pdf'),
      ],
    ] as const) {
      const result = await ingestFile(deps, {
        fileName,
        bytes: new Uint8Array(readFileSync(file)),
      });
      expect(result.status, `${fileName}: ${JSON.stringify(result)}`).not.toBe('failed');
    }
    await t.knowledge.index.sync();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const ask = async (question: string): Promise<Reply> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { origin: t.config.publicUrl, accept: 'application/json' },
      payload: { question, chat_history: [], detected_language: 'hi' },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Reply;
  };

  it.each([
    // hindi-003 (PDF page 22) and hindi-001 (page 19) of the team's question set.
    {
      question: 'अखिल भारतीय परिगणित जाति संघ ने अपने नागपुर अधिवेशन में प्रस्ताव किस तारीख को पारित किए थे?',
      page: 22,
      quoted: '18 और 19 जुलाई 1942',
    },
    {
      question:
        'जनगणना की कारीगरी के बावजूद अंबेडकर के हिसाब से ब्रिटिश भारत में अछूतों की मौजूदा संख्या लगभग कितनी होगी?',
      page: 19,
      quoted: 'अछूतों की मौजूदा संख्या लगभग 6 करोड़',
    },
  ])(
    'answers "$quoted" from PDF page $page, in Hindi, citing it',
    async ({ question, page, quoted }) => {
      const reply = await ask(question);
      expect(reply.answer.startsWith(REPLY_TEXTS.hi.opening)).toBe(true);
      expect(reply.answer).toContain(quoted);
      // A Hindi quote under a Hindi question carries no note about its language.
      expect(reply.answer).not.toContain('स्रोत');
      const [first] = reply.sources;
      expect(first).toMatchObject({ file_name: VOLUME, page });
      expect(first?.link).toMatch(new RegExp(`#page=${page}$`));
      // No mojibake reaches an answer.
      expect(reply.answer).not.toMatch(/\b(vkSj|gSA|vNwrksa|esa)\b/);
    },
  );
});
