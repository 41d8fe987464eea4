import { BIDI_CONTROL_MESSAGE, STORABLE_TEXT_MESSAGE } from '@samvad/contracts/storable-text';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteCollections } from '../src/db/schema.ts';
import { communityMember, type Member, send } from './support/community-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue #19: text the community stores is refused with a 400 that names the problem when it
// cannot be stored as sent (half of a surrogate pair) or, in a name others see, when it holds a
// text-direction control that makes the name read as something else.

const RIGHT_TO_LEFT_OVERRIDE = '\u202E';
const LONE_SURROGATE = '\uD83D';

let t: TestApp;
let member: Member;

beforeAll(async () => {
  t = await createTestApp({ COMMUNITY_POSTS_PER_HOUR: '1000' });
  member = await communityMember(t);
});
afterAll(() => t.close());

function expectRefused(res: { statusCode: number; json(): unknown }, message: string) {
  expect(res.statusCode).toBe(400);
  const { error } = res.json() as { error: { code: string; message: string } };
  expect(error.code).toBe('validation_failed');
  expect(error.message).toContain(message);
}

async function newCollection(title = 'Favourites') {
  const res = await send(t, member, 'POST', '/api/community/quote-collections', { title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().collection.id as string;
}

describe('a collection description', () => {
  it('with half of a surrogate pair is refused, not stored as U+FFFD', async () => {
    const description = `Quotes ${LONE_SURROGATE} on education`;
    const created = await send(t, member, 'POST', '/api/community/quote-collections', {
      title: 'Education',
      description,
    });
    expectRefused(created, STORABLE_TEXT_MESSAGE);

    const id = await newCollection();
    const updated = await send(t, member, 'PATCH', `/api/community/quote-collections/${id}`, {
      description,
    });
    expectRefused(updated, STORABLE_TEXT_MESSAGE);
    const [row] = await t.database.db
      .select({ description: quoteCollections.description })
      .from(quoteCollections)
      .where(eq(quoteCollections.id, id));
    expect(row?.description).toBeNull();
  });

  it('with whole pairs (an emoji) is kept exactly', async () => {
    const created = await send(t, member, 'POST', '/api/community/quote-collections', {
      title: 'Books',
      description: 'To read 📚',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().collection.description).toBe('To read 📚');
  });
});

describe('a name others see', () => {
  const spoofed = `admin${RIGHT_TO_LEFT_OVERRIDE}nimda`;

  it('refuses a direction control in a display name, at creation and on edit', async () => {
    const fresh = await communityMember(t, { profile: false });
    const created = await send(t, fresh, 'POST', '/api/community/profiles', {
      username: `fresh_${fresh.id.slice(0, 8)}`,
      displayName: spoofed,
    });
    expectRefused(created, BIDI_CONTROL_MESSAGE);
    const edited = await send(t, member, 'PATCH', '/api/community/profiles/me', {
      displayName: spoofed,
    });
    expectRefused(edited, BIDI_CONTROL_MESSAGE);
    const me = await send(t, member, 'GET', '/api/community/me');
    expect(me.json().profile.displayName).not.toContain(RIGHT_TO_LEFT_OVERRIDE);
  });

  it('refuses a direction control in a username', async () => {
    const res = await send(t, member, 'PATCH', '/api/community/profiles/me', {
      username: `ab${RIGHT_TO_LEFT_OVERRIDE}cd`,
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a direction control in a collection title, at creation and on edit', async () => {
    const created = await send(t, member, 'POST', '/api/community/quote-collections', {
      title: spoofed,
    });
    expectRefused(created, BIDI_CONTROL_MESSAGE);
    const id = await newCollection();
    const edited = await send(t, member, 'PATCH', `/api/community/quote-collections/${id}`, {
      title: spoofed,
    });
    expectRefused(edited, BIDI_CONTROL_MESSAGE);
  });

  it("refuses a direction control in a quote's file name", async () => {
    const res = await send(t, member, 'POST', '/api/community/posts', {
      content: 'Educate, agitate, organise.',
      isQuote: true,
      quoteSource: { fileName: `speech${RIGHT_TO_LEFT_OVERRIDE}fdp.exe`, page: 3 },
    });
    expectRefused(res, BIDI_CONTROL_MESSAGE);
  });

  it('accepts names in right-to-left scripts', async () => {
    const edited = await send(t, member, 'PATCH', '/api/community/profiles/me', {
      displayName: 'بابا صاحب',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().profile.displayName).toBe('بابا صاحب');
  });
});
