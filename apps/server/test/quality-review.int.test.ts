import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_COOKIE } from '../src/http/actor.ts';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { auditRowsOf } from './support/admin-fixtures.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue #31 part 2: the Quality tab's review queue, its filters, and resolving with the audit log.

let t: TestApp;
let origin: string;
let adminId: string;
let adminCookie: string;
let memberCookie: string;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ GUEST_RATINGS_PER_HOUR: '1000' });
  origin = t.config.publicUrl;
  const outcome = await ingestFile(
    { db: t.database.db, files: t.knowledge.files, maxFileBytes: 1024 * 1024 },
    {
      fileName: 'castes-in-india.txt',
      bytes: new TextEncoder().encode(
        'Endogamy is the only characteristic that is peculiar to caste. The superimposition of endogamy on exogamy means the creation of caste. Caste is an enclosed class.',
      ),
    },
  );
  if (outcome.status !== 'ingested') throw new Error(outcome.status);
  await t.knowledge.index.sync();
  const admin = await insertUser(t.database.db, { role: 'admin' });
  adminId = admin.id;
  adminCookie = (await signIn(t.database.db, t.config, admin.id)).cookie;
  const member = await insertUser(t.database.db);
  memberCookie = (await signIn(t.database.db, t.config, member.id)).cookie;
});
afterAll(() => t?.close());

const inject = (
  cookie: string | null,
  method: 'GET' | 'PUT' | 'PATCH' | 'POST',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: '10.7.0.1',
    headers: { origin, accept: 'application/json', ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });

let guestCookie: string | null = null;

/** A guest asks the real chat and rates the answer, at the test clock's time. */
async function rate(question: string, rating: object) {
  const asked = await inject(guestCookie, 'POST', '/api/chat', { question });
  const set = asked.cookies.find((cookie) => cookie.name === GUEST_COOKIE);
  if (set) guestCookie = `${GUEST_COOKIE}=${set.value}`;
  const { answer, sources, signature } = asked.json();
  const res = await inject(guestCookie, 'PUT', '/api/answer-ratings', {
    question,
    answer,
    sources,
    signature,
    ...rating,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const queue = async (search = '') => {
  const res = await inject(adminCookie, 'GET', `/api/admin/quality/ratings${search}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    total: number;
    ratings: {
      id: number;
      question: string;
      rating: string;
      language: string;
      sources: unknown[];
      rater: string;
    }[];
  };
};
const questionsOf = (page: Awaited<ReturnType<typeof queue>>) =>
  page.ratings.map((rating) => rating.question);

describe('the review queue', () => {
  it('lists thumbs-down first, newest first, and filters by rating, reason, language and dates', async () => {
    const day1 = t.clock.now().toISOString().slice(0, 10);
    await rate('What is endogamy?', { rating: 'up' });
    await rate('Is caste an enclosed class?', { rating: 'down', reasons: ['wrong_source'] });
    t.clock.advance(DAY_MS);
    const day2 = t.clock.now().toISOString().slice(0, 10);
    await rate('What creates caste?', { rating: 'down', reasons: ['did_not_answer', 'other'] });
    await rate('जाति क्या है?', { rating: 'down', reasons: ['wrong_language'] });
    await rate('What is exogamy?', { rating: 'up' });

    const all = await queue();
    expect(all.total).toBe(5);
    expect(questionsOf(all)).toEqual([
      'जाति क्या है?',
      'What creates caste?',
      'Is caste an enclosed class?',
      'What is exogamy?',
      'What is endogamy?',
    ]);
    expect(all.ratings[0]).toMatchObject({ language: 'hi', rater: 'guest' });
    const caste = all.ratings.find((rating) => rating.question === 'Is caste an enclosed class?');
    expect(caste?.sources.length).toBeGreaterThan(0);

    expect(questionsOf(await queue('?reason=other'))).toEqual(['What creates caste?']);
    expect(questionsOf(await queue('?language=hi'))).toEqual(['जाति क्या है?']);
    expect(questionsOf(await queue('?rating=up'))).toEqual([
      'What is exogamy?',
      'What is endogamy?',
    ]);
    expect(questionsOf(await queue(`?to=${day1}`))).toEqual([
      'Is caste an enclosed class?',
      'What is endogamy?',
    ]);
    expect((await queue(`?from=${day2}&to=${day2}`)).total).toBe(3);
    const paged = await queue('?pageSize=2&page=2');
    expect(paged.total).toBe(5);
    expect(questionsOf(paged)).toEqual(['Is caste an enclosed class?', 'What is exogamy?']);
  });

  it('resolves with a note and reopens, each written to the audit log', async () => {
    const [first] = (await queue('?rating=down&reason=wrong_source')).ratings;
    if (!first) throw new Error('no rating to resolve');
    const resolved = await inject(adminCookie, 'PATCH', `/api/admin/quality/ratings/${first.id}`, {
      resolved: true,
      note: 'Ingested the right volume',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().rating).toMatchObject({
      resolved: true,
      resolvedNote: 'Ingested the right volume',
    });
    expect(questionsOf(await queue('?resolved=true'))).toEqual([first.question]);
    expect((await queue('?resolved=false')).total).toBe(4);

    const reopened = await inject(adminCookie, 'PATCH', `/api/admin/quality/ratings/${first.id}`, {
      resolved: false,
    });
    expect(reopened.json().rating).toMatchObject({ resolved: false, resolvedNote: null });

    const audit = await auditRowsOf(t.database.db, adminId);
    const actions = audit.filter((row) => row.action.endsWith('_rating'));
    expect(actions.map((row) => row.action).sort()).toEqual(['reopen_rating', 'resolve_rating']);
    expect(actions.find((row) => row.action === 'resolve_rating')?.details).toMatchObject({
      ratingId: first.id,
      note: 'Ingested the right volume',
      question: first.question,
    });
  });

  it('answers bad filters and bodies with a 4xx naming the problem, and refuses non-admins', async () => {
    const cases: [string, 'GET' | 'PATCH', object | undefined, number, RegExp][] = [
      ['/api/admin/quality/ratings?language=English!', 'GET', undefined, 400, /language/],
      ['/api/admin/quality/ratings?from=2026-13-01', 'GET', undefined, 400, /YYYY-MM-DD/],
      [
        '/api/admin/quality/ratings?from=2026-02-02&to=2026-02-01',
        'GET',
        undefined,
        400,
        /end date/,
      ],
      ['/api/admin/quality/ratings?reason=rude', 'GET', undefined, 400, /reason/],
      ['/api/admin/quality/ratings?pageSize=1000', 'GET', undefined, 400, /pageSize/],
      ['/api/admin/quality/ratings/abc', 'PATCH', { resolved: true }, 400, /id/],
      ['/api/admin/quality/ratings/999999', 'PATCH', { resolved: true }, 404, /999999/],
      ['/api/admin/quality/ratings/1', 'PATCH', { resolved: 'yes' }, 400, /resolved/],
      [
        '/api/admin/quality/ratings/1',
        'PATCH',
        { resolved: true, note: 'n'.repeat(501) },
        400,
        /500/,
      ],
    ];
    for (const [url, method, body, status, message] of cases) {
      const res = await inject(adminCookie, method, url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    expect((await inject(memberCookie, 'GET', '/api/admin/quality/ratings')).statusCode).toBe(403);
    expect((await inject(null, 'GET', '/api/admin/quality/ratings')).statusCode).toBe(401);
  });
});
