import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualityQuestions, qualityRuns } from '../src/db/schema.ts';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { auditRowsOf } from './support/admin-fixtures.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { makePdf } from './support/synthetic-pdf.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue #31 part 3: the deployment's own question set, uploaded, run through the chat's answer
// path against a tiny corpus whose answers are known, scored, compared and exported.

let t: TestApp;
let origin: string;
let adminId: string;
let adminCookie: string;

/** Pages far apart (±1 counts as the page), each about one thing; filler pages share no words. */
const PAGES = [
  'The Mahad satyagraha of March 1927 asserted the right of untouchables to draw water from the Chavdar tank, a public reservoir that caste Hindus had closed to them.',
  'Rivers of the Deccan plateau include the Godavari, Krishna, Bhima and Tungabhadra, flowing eastward into the Bay of Bengal through wide basins.',
  'The Hindu Code Bill proposed that daughters and widows inherit property alongside sons, and that marriage and divorce follow one civil rule for every Hindu woman.',
  'Monsoon clouds gather over the western ghats in June, bringing heavy showers that fill streams, wells and paddy fields across the Konkan coast.',
  'The Independent Labour Party, founded in August 1936, campaigned for tenants, mill workers and landless peasants in the Bombay legislative elections of 1937.',
  'Migratory flamingos winter on the salt flats of Kutch, feeding on brine shrimp and algae before flying north again when spring arrives.',
  'At Nagpur on 14 October 1956, at the Deekshabhoomi, half a million followers embraced Buddhism together, taking the twenty-two vows of the new conversion.',
];

/**
 * Lower-case prose no question asks about: a short page set mostly in capitals would be taken
 * for a title page and left out of the index (chunker.ts, isLowValue).
 */
const PADDING =
  'the scribe copied these lines slowly onto thin paper in a quiet room near the old shelves, and each copy was checked twice by another hand before it was bound with thread and stored away for students who came from villages far away to learn.';

/** A page's text as lines of ten words, top to bottom. */
function linesOf(text: string) {
  const words = text.split(' ');
  const lines = [];
  for (let i = 0; i < words.length; i += 10) {
    lines.push({ text: words.slice(i, i + 10).join(' '), y: 740 - lines.length * 16, size: 11 });
  }
  return lines;
}

/**
 * A Hindi note (a text file: no pages) that no other question shares a word with, so the Hindi
 * question's figures are known too.
 */
const HINDI_NOTE =
  'पूना समझौता 24 सितंबर 1932 को यरवदा जेल में हुआ था। इस समझौते से दलित वर्गों के लिए अलग निर्वाचक मंडल के स्थान पर प्रांतीय विधान सभाओं में आरक्षित सीटें तय की गईं। गांधी ने इसी जेल में अनशन किया था और समझौते के बाद अनशन तोड़ा।';

const line = (fields: Record<string, unknown>) => JSON.stringify(fields);
const SET = [
  line({
    id: 'tank',
    question: 'Why was the Chavdar tank at Mahad important in 1927?',
    kind: 'factual',
    language: 'en',
    file: 'corpus/samvad-qa.pdf',
    page: 1,
  }),
  line({
    id: 'code-bill',
    question: 'What did the Hindu Code Bill give daughters and widows?',
    kind: 'paraphrase',
    language: 'en',
    file: 'samvad-qa.pdf',
    page: 3,
  }),
  line({
    id: 'labour',
    question: 'When was the Independent Labour Party founded?',
    kind: 'factual',
    language: 'en',
    file: 'samvad-qa.pdf',
    page: 5,
  }),
  // Its expected page is wrong on purpose: the conversion is on page 7. A miss the figures show.
  line({
    id: 'nagpur',
    question: 'Where did the followers embrace Buddhism in October 1956?',
    kind: 'paraphrase',
    language: 'en',
    file: 'samvad-qa.pdf',
    page: 1,
  }),
  line({
    id: 'pickle',
    question: 'How is raw mango pickle seasoned with mustard and fenugreek?',
    kind: 'unanswerable',
    language: 'en',
    file: null,
    page: null,
  }),
  line({
    id: 'later',
    question: 'Which mustard and fenugreek pickle recipe did the cookbook give?',
    kind: 'factual',
    language: 'en',
    file: 'pickles.txt',
    page: null,
  }),
  line({
    id: 'poona',
    question: 'पूना समझौता किस जेल में हुआ था?',
    kind: 'factual',
    language: 'hi',
    file: 'poona-hi.txt',
    page: null,
  }),
].join('\n');

beforeAll(async () => {
  t = await createTestApp();
  origin = t.config.publicUrl;
  const pdf = makePdf(PAGES.map((text) => linesOf(`${text} ${PADDING}`)));
  const outcome = await ingestFile(
    { db: t.database.db, files: t.knowledge.files, maxFileBytes: 1024 * 1024 },
    { fileName: 'samvad-qa.pdf', bytes: pdf },
  );
  if (outcome.status !== 'ingested') throw new Error(outcome.status);
  const hindi = await ingestFile(
    { db: t.database.db, files: t.knowledge.files, maxFileBytes: 1024 * 1024 },
    { fileName: 'poona-hi.txt', bytes: new TextEncoder().encode(HINDI_NOTE) },
  );
  if (hindi.status !== 'ingested') throw new Error(hindi.status);
  await t.knowledge.index.sync();
  const admin = await insertUser(t.database.db, { role: 'admin' });
  adminId = admin.id;
  adminCookie = (await signIn(t.database.db, t.config, admin.id)).cookie;
});
afterAll(() => t?.close());

const inject = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
  cookie = adminCookie,
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: '10.8.0.1',
    headers: { origin, accept: 'application/json', cookie },
    ...(payload ? { payload } : {}),
  });

async function finishedRun(id: number) {
  for (let tries = 0; tries < 300; tries += 1) {
    const run = (await inject('GET', `/api/admin/quality/runs/${id}`)).json().run;
    if (run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${id} did not finish`);
}

describe('uploading a question set', () => {
  it('refuses a bad file whole, naming each bad line', async () => {
    const cases: [string, RegExp][] = [
      ['', /no questions/],
      [`${SET}\n{"id": "x", "question": "Hi?"`, /Line 8: not valid JSON/],
      [
        [
          SET.split('\n')[0],
          '',
          line({
            id: 'tank',
            question: 'Again?',
            kind: 'factual',
            language: 'en',
            file: 'a.pdf',
            page: 2,
          }),
        ].join('\n'),
        /Line 3: the id tank is already used on line 1/,
      ],
      [
        line({ id: 'p0', question: 'Q?', kind: 'factual', language: 'en', file: 'a.pdf', page: 0 }),
        /Line 1: page: Pages count from 1/,
      ],
      [
        line({ id: 'nf', question: 'Q?', kind: 'factual', language: 'english', file: 'a.pdf' }),
        /Line 1: language/,
      ],
      [
        `${line({ id: 'ok', question: 'Q?', kind: 'factual', language: 'en', file: 'a.pdf' })}\n${line({ id: 'no-q', kind: 'factual', language: 'en', file: null })}`,
        /Line 2: question/,
      ],
      [
        Array.from({ length: 2001 }, (_, i) =>
          line({ id: `q${i}`, question: 'Q?', kind: 'factual', language: 'en', file: null }),
        ).join('\n'),
        /2,001 questions; a question set may have at most 2,000/,
      ],
    ];
    for (const [content, message] of cases) {
      const res = await inject('PUT', '/api/admin/quality/questions', { content });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    expect((await inject('GET', '/api/admin/quality/questions')).json().total).toBe(0);
  });

  it('keeps a good file, in its order, and audits the upload', async () => {
    const res = await inject('PUT', '/api/admin/quality/questions', {
      content: `\uFEFF${SET}\n\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().questions.map((q: { id: string }) => q.id)).toEqual([
      'tank',
      'code-bill',
      'labour',
      'nagpur',
      'pickle',
      'later',
      'poona',
    ]);
    const audit = await auditRowsOf(t.database.db, adminId);
    expect(audit.find((row) => row.action === 'upload_question_set')?.details).toEqual({
      questions: 7,
    });
  });
});

describe('running the set', () => {
  let first: number;

  it('runs in the background with progress, one run at a time, and scores it', async () => {
    const started = await inject('POST', '/api/admin/quality/runs');
    expect(started.statusCode, started.body).toBe(202);
    const run = started.json().run;
    expect(run).toMatchObject({ status: 'running', total: 7, done: 0 });
    const again = await inject('POST', '/api/admin/quality/runs');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/still running/);

    const done = await finishedRun(run.id);
    first = run.id;
    expect(done).toMatchObject({ status: 'done', done: 7, error: null });
    // Answerable: tank, code-bill, labour and the Hindi poona found at rank 1; nagpur's expected
    // page is wrong; 'later' names a file not yet ingested, and is refused: the one false
    // refusal. Unanswerable: pickle, refused.
    expect(done.figures.overall).toEqual({
      questions: 7,
      answerable: 6,
      hit1: 4 / 6,
      hit3: 4 / 6,
      hit5: 4 / 6,
      mrr5: 4 / 6,
      falseRefusals: 1 / 6,
      unanswerable: 1,
      refusals: 1,
    });
    expect(Object.keys(done.figures.byKind).sort()).toEqual([
      'factual',
      'paraphrase',
      'unanswerable',
    ]);
    expect(done.figures.byKind.paraphrase).toMatchObject({ questions: 2, hit1: 1 / 2 });
    expect(done.figures.byLanguage).toEqual({
      en: {
        questions: 6,
        answerable: 5,
        hit1: 3 / 5,
        hit3: 3 / 5,
        hit5: 3 / 5,
        mrr5: 3 / 5,
        falseRefusals: 1 / 5,
        unanswerable: 1,
        refusals: 1,
      },
      hi: {
        questions: 1,
        answerable: 1,
        hit1: 1,
        hit3: 1,
        hit5: 1,
        mrr5: 1,
        falseRefusals: 0,
        unanswerable: 0,
        refusals: 0,
      },
    });

    const history = (await inject('GET', '/api/admin/quality/runs')).json().runs;
    expect(history[0]).toMatchObject({ id: run.id, status: 'done' });
  });

  it('diffs two runs per question after the knowledge base changed, and exports CSV', async () => {
    const outcome = await ingestFile(
      { db: t.database.db, files: t.knowledge.files, maxFileBytes: 1024 * 1024 },
      {
        fileName: 'pickles.txt',
        bytes: new TextEncoder().encode(
          'The cookbook gives a raw mango pickle recipe: mango pieces seasoned with mustard seed, fenugreek, chilli and salt, covered in mustard oil and left in the sun.',
        ),
      },
    );
    if (outcome.status !== 'ingested') throw new Error(outcome.status);
    await t.knowledge.index.sync();
    const second = (await inject('POST', '/api/admin/quality/runs')).json().run.id;
    await finishedRun(second);

    const diff = (await inject('GET', `/api/admin/quality/diff?from=${first}&to=${second}`)).json();
    expect(diff.found.map((e: { questionId: string }) => e.questionId)).toEqual(['later']);
    // The first run refused it (the false refusal its figures count); the second cites it.
    expect(diff.found[0]).toMatchObject({
      fromRank: null,
      toRank: 1,
      fromRefused: true,
      toRefused: false,
    });
    // The pickle question is answered now: a refusal lost.
    expect(diff.lost.map((e: { questionId: string }) => e.questionId)).toEqual(['pickle']);
    expect(diff.lost[0]).toMatchObject({ fromRefused: true, toRefused: false });

    const csv = await inject('GET', `/api/admin/quality/runs/${second}/results.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'question_id,question,kind,language,answerable,rank,refused,hit,top_source',
    );
    expect(rows).toHaveLength(8);
    expect(rows.find((row) => row.startsWith('"later"'))).toMatch(
      /"1","false","true","pickles.txt"$/,
    );

    const bad = await inject('GET', `/api/admin/quality/diff?from=${first}&to=999999`);
    expect(bad.statusCode).toBe(404);
    expect((await inject('GET', '/api/admin/quality/diff?from=x&to=1')).statusCode).toBe(400);
  });

  it("adds a rated answer's question to the set with its expected page", async () => {
    const member = await insertUser(t.database.db);
    const cookie = (await signIn(t.database.db, t.config, member.id)).cookie;
    const question = 'What did the satyagraha at Mahad assert?';
    const asked = (await inject('POST', '/api/chat', { question }, cookie)).json();
    const rated = await inject(
      'PUT',
      '/api/answer-ratings',
      {
        question,
        answer: asked.answer,
        sources: asked.sources,
        signature: asked.signature,
        rating: 'down',
        reasons: ['wrong_source'],
      },
      cookie,
    );
    expect(rated.statusCode, rated.body).toBe(200);
    const [entry] = (await inject('GET', '/api/admin/quality/ratings')).json().ratings;
    const added = await inject('POST', `/api/admin/quality/ratings/${entry.id}/question`, {
      file: 'samvad-qa.pdf',
      page: 1,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().question).toMatchObject({
      id: `review-${entry.id}`,
      question,
      kind: 'from-review',
      language: 'en',
      file: 'samvad-qa.pdf',
      page: 1,
      line: 8,
    });
    const set = (await inject('GET', '/api/admin/quality/questions')).json();
    expect(set.total).toBe(8);
    const missing = await inject('POST', '/api/admin/quality/ratings/999999/question', {
      file: null,
    });
    expect(missing.statusCode).toBe(404);
    const badPage = await inject('POST', `/api/admin/quality/ratings/${entry.id}/question`, {
      file: null,
      page: 3,
    });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().error.message).toMatch(/no page/);
  });
});

describe('the budget of a run', () => {
  it('rests between questions, so the chat keeps answering, and shows its progress', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      line({
        id: `many-${i}`,
        question: 'When was the Independent Labour Party founded?',
        kind: 'factual',
        language: 'en',
        file: 'samvad-qa.pdf',
        page: 5,
      }),
    ).join('\n');
    expect(
      (await inject('PUT', '/api/admin/quality/questions', { content: many })).statusCode,
    ).toBe(200);
    const run = (await inject('POST', '/api/admin/quality/runs')).json().run;
    // The chat answers while the run goes on, and the run is seen part-way.
    const chat = await inject('POST', '/api/chat', {
      question: 'What did the Hindu Code Bill propose?',
    });
    expect(chat.statusCode).toBe(200);
    let seenPartWay = false;
    for (let tries = 0; tries < 300 && !seenPartWay; tries += 1) {
      const now = (await inject('GET', `/api/admin/quality/runs/${run.id}`)).json().run;
      seenPartWay = now.status === 'running' && now.done > 0 && now.done < now.total;
      if (now.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seenPartWay).toBe(true);
    const done = await finishedRun(run.id);
    expect(done).toMatchObject({ status: 'done', done: 30 });
    // At least the rest after every question: 30 × 20 ms.
    expect(Date.parse(done.finishedAt) - Date.parse(done.startedAt)).toBeGreaterThanOrEqual(600);
  });

  it("refuses to start beside another server's run, and fails a run left without progress", async () => {
    const [other] = await t.database.db
      .insert(qualityRuns)
      .values({ status: 'running', total: 5, knowledgePosition: 0, startedAt: new Date() })
      .returning();
    if (!other) throw new Error('no run');
    const refused = await inject('POST', '/api/admin/quality/runs');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(
      `Run ${other.id} is still running on another server`,
    );

    // Three minutes without a heartbeat: its server is gone.
    await t.database.db
      .update(qualityRuns)
      .set({ startedAt: new Date(Date.now() - 3 * 60 * 1000) })
      .where(eq(qualityRuns.id, other.id));
    const started = await inject('POST', '/api/admin/quality/runs');
    expect(started.statusCode, started.body).toBe(202);
    const stale = (await inject('GET', `/api/admin/quality/runs/${other.id}`)).json().run;
    expect(stale).toMatchObject({ status: 'failed', error: expect.stringMatching(/Interrupted/) });
    await finishedRun(started.json().run.id);
  });
});

describe("the team's own question set (bench/qa/questions)", () => {
  const folder = path.resolve(import.meta.dirname, '../../../bench/qa/questions');
  const files = readdirSync(folder).filter((name) => name.endsWith('.jsonl'));
  const lines = files.flatMap((name) =>
    readFileSync(path.join(folder, name), 'utf8')
      .split('\n')
      .filter((text) => text.trim() !== ''),
  );

  it('accepts one of its lines as it is, with evidence, copies (also) and half', async () => {
    // A line with every field the format has: evidence, copies with their own evidence, half.
    const text = lines.find((candidate) => {
      const fields = JSON.parse(candidate);
      return fields.evidence && fields.also.length > 0 && fields.half;
    });
    if (!text) throw new Error(`no line with evidence, also and half in ${folder}`);
    const fields = JSON.parse(text);
    expect(fields.also[0]).toHaveProperty('evidence');

    const res = await inject('PUT', '/api/admin/quality/questions', { content: `${text}\n` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      total: 1,
      questions: [
        {
          id: fields.id,
          line: 1,
          question: fields.question,
          kind: fields.kind,
          language: fields.language,
          file: fields.file,
          page: fields.page,
        },
      ],
    });
    // Stored with its evidence and its copies (file and page; their evidence is not scored).
    const [stored] = await t.database.db
      .select()
      .from(qualityQuestions)
      .where(eq(qualityQuestions.id, fields.id));
    expect(stored).toMatchObject({
      evidence: fields.evidence,
      also: fields.also.map((copy: { file: string; page: number | null }) => ({
        file: copy.file,
        page: copy.page,
      })),
    });
  });

  it('accepts every file of it, whole', async () => {
    const res = await inject('PUT', '/api/admin/quality/questions', {
      content: lines.join('\n'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(lines.length);
    expect(new Set(res.json().questions.map((q: { language: string }) => q.language))).toEqual(
      new Set(lines.map((text) => JSON.parse(text).language)),
    );
  });
});
