import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRatings } from '../src/db/schema.ts';
import { GUEST_COOKIE } from '../src/http/actor.ts';
import { answerSigner } from '../src/http/answer-signature.ts';
import { updateUser } from '../src/repositories/user-repository.ts';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { communityMember, type Member } from './support/community-fixtures.ts';
import { insertUser, signIn } from './support/fixtures.ts';
import { routeCollector, routeKey } from './support/route-policy.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue #10: every /api route the running app serves, called by every kind of caller, against a
 * declared policy. "A" owns the resources a route acts on; "B" is another member acting on A's.
 */
const ACTORS = ['visitor', 'guest', 'memberA', 'memberB', 'banned', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Expected = Record<Actor, number>;

/** What a route acts on, made on first use and afresh for every call (a delete hides nothing). */
class Scene {
  private cache = new Map<string, Promise<string>>();
  private readonly owner: Member;
  constructor(owner: Member) {
    this.owner = owner;
  }

  private once(key: string, make: () => Promise<string>): Promise<string> {
    let made = this.cache.get(key);
    if (!made) {
      made = make();
      this.cache.set(key, made);
    }
    return made;
  }

  ownerId = () => this.owner.id;
  ownerName = () => this.owner.username;
  conversation = () =>
    this.once('conversation', async () => {
      const made = await asOwner('POST', '/api/conversations', { title: 'A private talk' });
      const id: string = made.id;
      await asOwner('POST', `/api/conversations/${id}/messages`, {
        role: 'user',
        content: 'A question of A',
      });
      return id;
    });
  share = () =>
    this.once('share', async () => {
      const id = await this.conversation();
      return (await asOwner('POST', `/api/conversations/${id}/share`)).shareableId as string;
    });
  post = (isQuote = false) =>
    this.once(`post-${isQuote}`, async () => {
      const made = await asOwner('POST', '/api/community/posts', { content: 'A post', isQuote });
      return made.post.id as string;
    });
  quote = () => this.post(true);
  comment = () =>
    this.once('comment', async () => {
      const postId = await this.post();
      const made = await asOwner('POST', `/api/community/posts/${postId}/comments`, {
        content: 'A comment',
      });
      return made.comment.id as string;
    });
  collection = () =>
    this.once('collection', async () => {
      const made = await asOwner('POST', '/api/community/quote-collections', { title: 'Mine' });
      return made.collection.id as string;
    });
  session = () =>
    this.once(
      'session',
      async () =>
        (await signIn(t.database.db, t.config, this.owner.id, t.clock.now())).session.publicId,
    );
  document = () =>
    this.once('document', async () => {
      const outcome = await ingestFile(
        { db: t.database.db, files: t.knowledge.files, maxFileBytes: 1024 * 1024 },
        {
          fileName: `note-${randomUUID()}.txt`,
          bytes: new TextEncoder().encode(`A short note about equality. ${randomUUID()}`),
        },
      );
      if (outcome.status !== 'ingested') throw new Error(`not ingested: ${outcome.status}`);
      return outcome.document.id;
    });
  /** A's rating of an answer: its id in the review queue. */
  rating = () =>
    this.once('rating', async () => {
      const answer = signedAnswer();
      await asOwner('PUT', '/api/answer-ratings', { ...answer, rating: 'up' });
      const [row] = await t.database.db
        .select({ id: answerRatings.id })
        .from(answerRatings)
        .where(
          and(
            eq(answerRatings.raterKey, `user:${this.owner.id}`),
            eq(answerRatings.answerKey, answer.signature),
          ),
        );
      if (!row) throw new Error('no rating row');
      return String(row.id);
    });
  /** A finished run of a one-question set. */
  run = () =>
    this.once('run', async () => {
      await asAdmin('PUT', '/api/admin/quality/questions', { content: QUESTION_SET });
      await runsSettled();
      const { run } = await asAdmin('POST', '/api/admin/quality/runs');
      await runsSettled();
      return String(run.id);
    });
  /** A bystander an admin action may change without changing any caller. */
  victim = () => this.once('victim', async () => (await insertUser(t.database.db)).id);
}

type Row = {
  name: string;
  method: Method;
  /** The route as Fastify registered it. */
  route: string;
  url: (s: Scene) => string | Promise<string>;
  body?: (s: Scene) => object | Promise<object>;
  /** A body that is not JSON: its bytes and content type. */
  raw?: () => Promise<{ payload: Buffer; contentType: string }>;
  expected: Expected;
  /** Runs before the call, as the caller (unfollow needs a follow first). */
  before?: (s: Scene, actor: Actor) => Promise<void>;
  /** Checks after the call that a refused (or ignored) caller changed nothing. */
  after?: (s: Scene, actor: Actor) => Promise<void>;
};

const all = (status: number): Expected => ({
  visitor: status,
  guest: status,
  memberA: status,
  memberB: status,
  banned: status,
  admin: status,
});
/** Anyone, the banned too: public reads. */
const PUBLIC = all(200);
/** Signed in and not banned; the caller's own things. */
const SIGNED_IN = { ...all(200), visitor: 401, guest: 401, banned: 403 };
/** Admins only. */
const ADMIN = { ...all(403), visitor: 401, guest: 401, admin: 200 };
/** A's private things: another member, and an admin acting as one, see nothing there. */
const OWNER = { ...all(404), visitor: 401, guest: 401, memberA: 200, banned: 403 };
/** Anyone, guests counted by their cookie and network; the banned refused. */
const ACTOR = { ...all(200), banned: 403 };
/** A community write: signed in, not banned, with a profile (everyone signed in has one). */
const COMMUNITY_WRITE = { ...all(200), visitor: 401, guest: 401, banned: 403 };
/** Only A, the community owner of the thing; admins moderate posts and comments. */
const COMMUNITY_OWNER = { ...COMMUNITY_WRITE, memberB: 403, admin: 403 };

const QUESTION_SET = JSON.stringify({
  id: 'eq-1',
  question: 'What is equality?',
  kind: 'factual',
  language: 'en',
  file: 'equality.txt',
  page: null,
});

/** Waits until no question set run is going (they run in the background, one at a time). */
async function runsSettled() {
  for (let tries = 0; tries < 200; tries += 1) {
    const { runs } = await asAdmin('GET', '/api/admin/quality/runs');
    if (!runs.some((run: { status: string }) => run.status === 'running')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('a question set run did not end');
}

/** An answer as the chat signs it: what a rating names. */
function signedAnswer() {
  const question = 'What is equality?';
  const answer = 'Equality is a governing principle.';
  const signature = answerSigner(t.config.sessionSecret).sign(question, answer, []);
  return { question, answer, sources: [], signature };
}

const guestShare = { title: 'Shared by a guest', messages: [{ role: 'user', content: 'Hi' }] };

const policy: Row[] = [
  // --- health, persona, API description ---------------------------------------------------
  {
    name: 'health',
    method: 'GET',
    route: '/api/health',
    url: () => '/api/health',
    expected: PUBLIC,
  },
  { name: 'ready', method: 'GET', route: '/api/ready', url: () => '/api/ready', expected: PUBLIC },
  {
    name: 'persona',
    method: 'GET',
    route: '/api/persona',
    url: () => '/api/persona',
    expected: PUBLIC,
  },
  {
    name: 'knowledge status',
    method: 'GET',
    route: '/api/knowledge/status',
    url: () => '/api/knowledge/status',
    expected: PUBLIC,
  },
  {
    name: 'openapi',
    method: 'GET',
    route: '/api/openapi.json',
    url: () => '/api/openapi.json',
    expected: PUBLIC,
  },
  { name: 'docs', method: 'GET', route: '/api/docs', url: () => '/api/docs', expected: all(200) },
  {
    name: 'docs json',
    method: 'GET',
    route: '/api/docs/json',
    url: () => '/api/docs/json',
    expected: PUBLIC,
  },
  {
    name: 'docs yaml',
    method: 'GET',
    route: '/api/docs/yaml',
    url: () => '/api/docs/yaml',
    expected: PUBLIC,
  },
  {
    name: 'docs static',
    method: 'GET',
    route: '/api/docs/static/*',
    url: () => '/api/docs/static/swagger-ui.css',
    expected: PUBLIC,
  },
  {
    name: 'docs index',
    method: 'GET',
    route: '/api/docs/static/index.html',
    url: () => '/api/docs/static/index.html',
    expected: all(302),
  },
  {
    name: 'docs initializer',
    method: 'GET',
    route: '/api/docs/static/swagger-initializer.js',
    url: () => '/api/docs/static/swagger-initializer.js',
    expected: PUBLIC,
  },
  // --- sign-in and sessions -------------------------------------------------------------------
  {
    name: 'session',
    method: 'GET',
    route: '/api/auth/session',
    url: () => '/api/auth/session',
    expected: { ...PUBLIC, banned: 403 },
  },
  {
    name: 'google client id',
    method: 'GET',
    route: '/api/auth/google-client-id',
    url: () => '/api/auth/google-client-id',
    expected: PUBLIC,
  },
  {
    name: 'google start (sign-in not configured)',
    method: 'GET',
    route: '/api/auth/google/start',
    url: () => '/api/auth/google/start',
    expected: all(503),
  },
  {
    name: 'google callback without a flow cookie',
    method: 'POST',
    route: '/api/auth/google/callback',
    url: () => '/api/auth/google/callback',
    body: () => ({ code: 'code', state: 'state' }),
    expected: all(400),
  },
  {
    name: 'google id token (sign-in not configured)',
    method: 'POST',
    route: '/api/auth/google',
    url: () => '/api/auth/google',
    body: () => ({ token: 'not-a-token' }),
    expected: all(503),
  },
  {
    name: 'sign out',
    method: 'POST',
    route: '/api/auth/signout',
    url: () => '/api/auth/signout',
    expected: PUBLIC,
  },
  {
    name: 'my sessions',
    method: 'GET',
    route: '/api/auth/sessions',
    url: () => '/api/auth/sessions',
    expected: SIGNED_IN,
  },
  {
    name: "revoke A's session",
    method: 'DELETE',
    route: '/api/auth/sessions/:id',
    url: async (s) => `/api/auth/sessions/${await s.session()}`,
    expected: OWNER,
  },
  // --- admin sign-in ------------------------------------------------------------------------
  {
    name: 'admin login with a wrong password',
    method: 'POST',
    route: '/api/admin/login',
    url: () => '/api/admin/login',
    // A new name each time: five failures for one name would throttle it (429).
    body: () => ({ username: `nobody_${randomUUID().slice(0, 8)}`, password: 'wrong-password' }),
    expected: all(401),
  },
  {
    name: 'admin logout',
    method: 'POST',
    route: '/api/admin/logout',
    url: () => '/api/admin/logout',
    expected: PUBLIC,
  },
  {
    name: 'change password (wrong current one)',
    method: 'POST',
    route: '/api/admin/change-password',
    url: () => '/api/admin/change-password',
    body: () => ({
      username: 'nobody',
      currentPassword: 'wrong-password',
      newPassword: 'a-new-long-password-1',
    }),
    // An admin may change only their own password: past the guard, another name is refused.
    expected: { ...ADMIN, admin: 403 },
  },
  // --- admin dashboard --------------------------------------------------------------------------
  {
    name: 'users',
    method: 'GET',
    route: '/api/admin/users',
    url: () => '/api/admin/users',
    expected: ADMIN,
  },
  {
    name: 'make admin',
    method: 'PATCH',
    route: '/api/admin/users/:id/role',
    url: async (s) => `/api/admin/users/${await s.victim()}/role`,
    body: () => ({ role: 'admin' }),
    expected: ADMIN,
  },
  {
    name: 'ban',
    method: 'PATCH',
    route: '/api/admin/users/:id/ban-status',
    url: async (s) => `/api/admin/users/${await s.victim()}/ban-status`,
    body: () => ({ banned: true, banReason: 'spam' }),
    expected: ADMIN,
  },
  {
    name: 'documents',
    method: 'GET',
    route: '/api/admin/documents',
    url: () => '/api/admin/documents',
    expected: ADMIN,
  },
  {
    name: 'upload',
    method: 'POST',
    route: '/api/admin/documents',
    url: () => '/api/admin/documents',
    raw: () => multipart(`upload-${randomUUID()}.txt`, `An uploaded note. ${randomUUID()}`),
    expected: ADMIN,
  },
  {
    name: 'embedding status',
    method: 'GET',
    route: '/api/admin/embeddings',
    url: () => '/api/admin/embeddings',
    expected: ADMIN,
  },
  {
    name: 'edit document details',
    method: 'PATCH',
    route: '/api/admin/documents/:id',
    url: async (s) => `/api/admin/documents/${await s.document()}`,
    body: () => ({ title: 'A corrected title', volume: '1', year: 1936 }),
    expected: ADMIN,
  },
  {
    name: 'remove document',
    method: 'DELETE',
    route: '/api/admin/documents/:id',
    url: async (s) => `/api/admin/documents/${await s.document()}`,
    expected: ADMIN,
  },
  {
    name: 'global limits',
    method: 'GET',
    route: '/api/admin/rate-limits/global',
    url: () => '/api/admin/rate-limits/global',
    expected: ADMIN,
  },
  {
    name: 'change global limits',
    method: 'PATCH',
    route: '/api/admin/rate-limits/global',
    url: () => '/api/admin/rate-limits/global',
    body: () => ({ maxRequestsPerDay: -1 }),
    expected: ADMIN,
  },
  {
    name: 'user limits',
    method: 'GET',
    route: '/api/admin/rate-limits/users',
    url: () => '/api/admin/rate-limits/users',
    expected: ADMIN,
  },
  {
    name: 'set user limits',
    method: 'POST',
    route: '/api/admin/rate-limits/users/:userId',
    url: async (s) => `/api/admin/rate-limits/users/${await s.victim()}`,
    body: () => ({ maxRequestsPerDay: 5, maxMessagesPerConversation: 5, maxConversations: 5 }),
    expected: ADMIN,
  },
  {
    name: 'reset user limits',
    method: 'DELETE',
    route: '/api/admin/rate-limits/users/:userId',
    url: async (s) => `/api/admin/rate-limits/users/${await s.victim()}`,
    before: async (s) => {
      await asAdmin('POST', `/api/admin/rate-limits/users/${await s.victim()}`, {
        maxRequestsPerDay: 5,
        maxMessagesPerConversation: 5,
        maxConversations: 5,
      });
    },
    expected: ADMIN,
  },
  {
    name: 'logs',
    method: 'GET',
    route: '/api/admin/logs',
    url: () => '/api/admin/logs',
    expected: ADMIN,
  },
  {
    name: 'logs csv',
    method: 'GET',
    route: '/api/admin/logs.csv',
    url: () => '/api/admin/logs.csv',
    expected: ADMIN,
  },
  {
    name: 'all conversations',
    method: 'GET',
    route: '/api/admin/conversations',
    url: () => '/api/admin/conversations',
    expected: ADMIN,
  },
  {
    name: 'user metrics',
    method: 'GET',
    route: '/api/admin/user-metrics',
    url: () => '/api/admin/user-metrics',
    expected: ADMIN,
  },
  {
    name: 'daily usage',
    method: 'GET',
    route: '/api/admin/usage/daily',
    url: () => '/api/admin/usage/daily',
    expected: ADMIN,
  },
  // --- operations ---------------------------------------------------------------------------
  // Admins, or a scraper with METRICS_TOKEN (not set here; metrics.int.test.ts covers it).
  {
    name: 'metrics',
    method: 'GET',
    route: '/api/metrics',
    url: () => '/api/metrics',
    expected: ADMIN,
  },
  // --- documents, chat, limits ------------------------------------------------------------------
  {
    name: 'document file',
    method: 'GET',
    route: '/api/documents/:id/file',
    url: async (s) => `/api/documents/${await s.document()}/file`,
    expected: PUBLIC,
  },
  {
    // The source reader's text (issue 20, another part): public like the file behind a citation.
    name: 'document text',
    method: 'GET',
    route: '/api/documents/:id/text',
    url: async (s) => `/api/documents/${await s.document()}/text`,
    expected: PUBLIC,
  },
  {
    name: 'chat (streamed)',
    method: 'POST',
    route: '/api/chat',
    url: () => '/api/chat',
    body: () => ({ question: 'What is equality?' }),
    expected: ACTOR,
  },
  {
    name: "chat in A's conversation",
    method: 'POST',
    route: '/api/chat',
    url: () => '/api/chat',
    body: async (s) => ({ question: 'And then?', conversation_id: await s.conversation() }),
    // A guest's conversation id only names their own browser-kept conversation: they get an
    // answer, and nothing is written to A's (checked below).
    after: async (s, actor) => {
      const messages = (await asOwner('GET', `/api/conversations/${await s.conversation()}`))
        .messages as unknown[];
      expect(messages.length, actor).toBe(actor === 'memberA' ? 3 : 1);
    },
    expected: { ...OWNER, visitor: 200, guest: 200 },
  },
  {
    name: 'rate an answer',
    method: 'PUT',
    route: '/api/answer-ratings',
    url: () => '/api/answer-ratings',
    body: () => ({ ...signedAnswer(), rating: 'up' }),
    expected: ACTOR,
  },
  {
    name: 'withdraw my rating',
    method: 'DELETE',
    route: '/api/answer-ratings/:signature',
    url: () => `/api/answer-ratings/${signedAnswer().signature}`,
    // Each caller rates first; a visitor's rating call makes them a new guest, so theirs is gone.
    before: async (_s, actor) => {
      await call(actor, 'PUT', '/api/answer-ratings', { ...signedAnswer(), rating: 'up' });
    },
    expected: { ...ACTOR, visitor: 404 },
  },
  {
    name: 'quality: the review queue',
    method: 'GET',
    route: '/api/admin/quality/ratings',
    url: () => '/api/admin/quality/ratings',
    expected: ADMIN,
  },
  {
    name: 'quality: the question set',
    method: 'GET',
    route: '/api/admin/quality/questions',
    url: () => '/api/admin/quality/questions',
    expected: ADMIN,
  },
  {
    name: 'quality: upload the question set',
    method: 'PUT',
    route: '/api/admin/quality/questions',
    url: () => '/api/admin/quality/questions',
    body: () => ({ content: QUESTION_SET }),
    expected: ADMIN,
  },
  {
    name: "quality: add a rated answer's question to the set",
    method: 'POST',
    route: '/api/admin/quality/ratings/:id/question',
    url: async (s) => `/api/admin/quality/ratings/${await s.rating()}/question`,
    body: () => ({ file: 'equality.txt', page: null }),
    expected: ADMIN,
  },
  {
    name: 'quality: start a run',
    method: 'POST',
    route: '/api/admin/quality/runs',
    url: () => '/api/admin/quality/runs',
    // A set to run, and no run still going (one at a time: a second start is a 409).
    before: async () => {
      await asAdmin('PUT', '/api/admin/quality/questions', { content: QUESTION_SET });
      await runsSettled();
    },
    expected: { ...ADMIN, admin: 202 },
  },
  {
    name: 'quality: the runs',
    method: 'GET',
    route: '/api/admin/quality/runs',
    url: () => '/api/admin/quality/runs',
    expected: ADMIN,
  },
  {
    name: 'quality: one run',
    method: 'GET',
    route: '/api/admin/quality/runs/:id',
    url: async (s) => `/api/admin/quality/runs/${await s.run()}`,
    expected: ADMIN,
  },
  {
    name: "quality: a run's CSV",
    method: 'GET',
    route: '/api/admin/quality/runs/:id/results.csv',
    url: async (s) => `/api/admin/quality/runs/${await s.run()}/results.csv`,
    expected: ADMIN,
  },
  {
    name: 'quality: the diff of two runs',
    method: 'GET',
    route: '/api/admin/quality/diff',
    url: async (s) => `/api/admin/quality/diff?from=${await s.run()}&to=${await s.run()}`,
    expected: ADMIN,
  },
  {
    name: 'quality: resolve a rated answer',
    method: 'PATCH',
    route: '/api/admin/quality/ratings/:id',
    url: async (s) => `/api/admin/quality/ratings/${await s.rating()}`,
    body: () => ({ resolved: true, note: 'Looked into it' }),
    expected: ADMIN,
  },
  {
    name: 'my limits',
    method: 'GET',
    route: '/api/user/rate-limits',
    url: () => '/api/user/rate-limits',
    expected: ACTOR,
  },
  // --- conversations and sharing ----------------------------------------------------------------
  {
    name: 'conversations',
    method: 'GET',
    route: '/api/conversations',
    url: () => '/api/conversations',
    expected: SIGNED_IN,
  },
  {
    name: 'new conversation',
    method: 'POST',
    route: '/api/conversations',
    url: () => '/api/conversations',
    body: () => ({}),
    expected: { ...SIGNED_IN, memberA: 201, memberB: 201, admin: 201 },
  },
  {
    name: "A's conversation",
    method: 'GET',
    route: '/api/conversations/:id',
    url: async (s) => `/api/conversations/${await s.conversation()}`,
    expected: { ...OWNER, admin: 200 },
  },
  {
    name: "rename A's conversation",
    method: 'PATCH',
    route: '/api/conversations/:id',
    url: async (s) => `/api/conversations/${await s.conversation()}`,
    body: () => ({ title: 'Renamed' }),
    expected: OWNER,
  },
  {
    name: "delete A's conversation",
    method: 'DELETE',
    route: '/api/conversations/:id',
    url: async (s) => `/api/conversations/${await s.conversation()}`,
    expected: OWNER,
  },
  {
    name: "add to A's conversation",
    method: 'POST',
    route: '/api/conversations/:id/messages',
    url: async (s) => `/api/conversations/${await s.conversation()}/messages`,
    body: () => ({ role: 'user', content: 'Mine now?' }),
    expected: { ...OWNER, memberA: 201 },
  },
  {
    // A guest (and a visitor, who becomes one) shares a snapshot of their own: the id in the
    // path is only a label then, and A's stored conversation is not touched.
    name: "share A's conversation",
    method: 'POST',
    route: '/api/conversations/:id/share',
    url: async (s) => `/api/conversations/${await s.conversation()}/share`,
    body: () => guestShare,
    expected: { ...OWNER, visitor: 200, guest: 200 },
  },
  {
    name: "revoke A's share",
    method: 'DELETE',
    route: '/api/conversations/:id/share',
    url: async (s) => {
      await s.share();
      return `/api/conversations/${await s.conversation()}/share`;
    },
    expected: OWNER,
  },
  {
    name: "A's share link",
    method: 'GET',
    route: '/api/shared/:shareableId',
    url: async (s) => `/api/shared/${await s.share()}`,
    expected: PUBLIC,
  },
  // --- community (ADR 018) ----------------------------------------------------------------------
  {
    name: 'my profile',
    method: 'GET',
    route: '/api/community/me',
    url: () => '/api/community/me',
    expected: PUBLIC,
  },
  {
    name: 'create profile (all signed-in callers have one)',
    method: 'POST',
    route: '/api/community/profiles',
    url: () => '/api/community/profiles',
    body: () => ({ username: `fresh_${randomUUID().slice(0, 8)}` }),
    expected: { ...all(409), visitor: 401, guest: 401, banned: 403 },
  },
  {
    name: 'edit my profile',
    method: 'PATCH',
    route: '/api/community/profiles/me',
    url: () => '/api/community/profiles/me',
    body: () => ({ bio: 'Hello' }),
    expected: COMMUNITY_WRITE,
  },
  {
    name: 'suggested',
    method: 'GET',
    route: '/api/community/profiles/suggested',
    url: () => '/api/community/profiles/suggested',
    expected: PUBLIC,
  },
  {
    name: "A's profile",
    method: 'GET',
    route: '/api/community/profiles/:username',
    url: (s) => `/api/community/profiles/${s.ownerName()}`,
    expected: PUBLIC,
  },
  {
    name: 'username available',
    method: 'GET',
    route: '/api/community/profiles/:username/available',
    url: () => '/api/community/profiles/someone_new/available',
    expected: PUBLIC,
  },
  {
    name: "A's profile by id",
    method: 'GET',
    route: '/api/community/users/:id/profile',
    url: (s) => `/api/community/users/${s.ownerId()}/profile`,
    expected: PUBLIC,
  },
  {
    name: "A's followers",
    method: 'GET',
    route: '/api/community/users/:id/followers',
    url: (s) => `/api/community/users/${s.ownerId()}/followers`,
    expected: PUBLIC,
  },
  {
    name: "A's following",
    method: 'GET',
    route: '/api/community/users/:id/following',
    url: (s) => `/api/community/users/${s.ownerId()}/following`,
    expected: PUBLIC,
  },
  {
    name: "A's collections",
    method: 'GET',
    route: '/api/community/users/:id/quote-collections',
    url: (s) => `/api/community/users/${s.ownerId()}/quote-collections`,
    expected: PUBLIC,
  },
  {
    name: 'follow A',
    method: 'POST',
    route: '/api/community/follow/:userId',
    url: (s) => `/api/community/follow/${s.ownerId()}`,
    expected: { ...COMMUNITY_WRITE, memberA: 400 },
  },
  {
    name: 'unfollow A',
    method: 'DELETE',
    route: '/api/community/follow/:userId',
    url: (s) => `/api/community/follow/${s.ownerId()}`,
    before: async (s, actor) => {
      if (actor === 'memberB' || actor === 'admin') {
        await call(actor, 'POST', `/api/community/follow/${s.ownerId()}`);
      }
    },
    expected: { ...COMMUNITY_WRITE, memberA: 400 },
  },
  {
    name: 'post',
    method: 'POST',
    route: '/api/community/posts',
    url: () => '/api/community/posts',
    body: () => ({ content: 'hello' }),
    expected: { ...COMMUNITY_WRITE, memberA: 201, memberB: 201, admin: 201 },
  },
  {
    name: 'posts',
    method: 'GET',
    route: '/api/community/posts',
    url: () => '/api/community/posts',
    expected: PUBLIC,
  },
  {
    name: 'trending',
    method: 'GET',
    route: '/api/community/posts',
    url: () => '/api/community/posts?sort=trending',
    expected: PUBLIC,
  },
  {
    name: "A's post",
    method: 'GET',
    route: '/api/community/posts/:id',
    url: async (s) => `/api/community/posts/${await s.post()}`,
    expected: PUBLIC,
  },
  {
    name: "delete A's post",
    method: 'DELETE',
    route: '/api/community/posts/:id',
    url: async (s) => `/api/community/posts/${await s.post()}`,
    expected: { ...COMMUNITY_OWNER, admin: 200 },
  },
  {
    name: 'feed',
    method: 'GET',
    route: '/api/community/feed',
    url: () => '/api/community/feed',
    expected: PUBLIC,
  },
  {
    name: "like A's post",
    method: 'POST',
    route: '/api/community/posts/:id/like',
    url: async (s) => `/api/community/posts/${await s.post()}/like`,
    expected: COMMUNITY_WRITE,
  },
  {
    name: "unlike A's post",
    method: 'DELETE',
    route: '/api/community/posts/:id/like',
    url: async (s) => `/api/community/posts/${await s.post()}/like`,
    expected: COMMUNITY_WRITE,
  },
  {
    name: "repost A's post",
    method: 'POST',
    route: '/api/community/posts/:id/repost',
    url: async (s) => `/api/community/posts/${await s.post()}/repost`,
    expected: COMMUNITY_WRITE,
  },
  {
    name: "undo repost of A's post",
    method: 'DELETE',
    route: '/api/community/posts/:id/repost',
    url: async (s) => `/api/community/posts/${await s.post()}/repost`,
    expected: COMMUNITY_WRITE,
  },
  {
    name: "comments on A's post",
    method: 'GET',
    route: '/api/community/posts/:id/comments',
    url: async (s) => `/api/community/posts/${await s.post()}/comments`,
    expected: PUBLIC,
  },
  {
    name: "comment on A's post",
    method: 'POST',
    route: '/api/community/posts/:id/comments',
    url: async (s) => `/api/community/posts/${await s.post()}/comments`,
    body: () => ({ content: 'yes' }),
    expected: { ...COMMUNITY_WRITE, memberA: 201, memberB: 201, admin: 201 },
  },
  {
    name: "delete A's comment",
    method: 'DELETE',
    route: '/api/community/comments/:id',
    url: async (s) => `/api/community/comments/${await s.comment()}`,
    expected: { ...COMMUNITY_OWNER, admin: 200 },
  },
  {
    name: 'search',
    method: 'GET',
    route: '/api/community/search',
    url: () => '/api/community/search?q=post',
    expected: PUBLIC,
  },
  {
    name: 'new collection',
    method: 'POST',
    route: '/api/community/quote-collections',
    url: () => '/api/community/quote-collections',
    body: () => ({ title: `Mine ${randomUUID().slice(0, 8)}` }),
    expected: { ...COMMUNITY_WRITE, memberA: 201, memberB: 201, admin: 201 },
  },
  {
    name: "A's collection",
    method: 'GET',
    route: '/api/community/quote-collections/:id',
    url: async (s) => `/api/community/quote-collections/${await s.collection()}`,
    expected: PUBLIC,
  },
  {
    name: "rename A's collection",
    method: 'PATCH',
    route: '/api/community/quote-collections/:id',
    url: async (s) => `/api/community/quote-collections/${await s.collection()}`,
    body: () => ({ title: 'Theirs' }),
    expected: COMMUNITY_OWNER,
  },
  {
    name: "delete A's collection",
    method: 'DELETE',
    route: '/api/community/quote-collections/:id',
    url: async (s) => `/api/community/quote-collections/${await s.collection()}`,
    expected: COMMUNITY_OWNER,
  },
  {
    name: "quote in A's collection?",
    method: 'GET',
    route: '/api/community/quote-collections/:id/quotes/:postId',
    url: async (s) =>
      `/api/community/quote-collections/${await s.collection()}/quotes/${await s.quote()}`,
    expected: PUBLIC,
  },
  {
    name: "save to A's collection",
    method: 'PUT',
    route: '/api/community/quote-collections/:id/quotes/:postId',
    url: async (s) =>
      `/api/community/quote-collections/${await s.collection()}/quotes/${await s.quote()}`,
    expected: COMMUNITY_OWNER,
  },
  {
    name: "remove from A's collection",
    method: 'DELETE',
    route: '/api/community/quote-collections/:id/quotes/:postId',
    url: async (s) =>
      `/api/community/quote-collections/${await s.collection()}/quotes/${await s.quote()}`,
    expected: COMMUNITY_OWNER,
  },
];

let t: TestApp;
const served = routeCollector();
let users: Record<'memberA' | 'memberB' | 'banned' | 'admin', Member>;
let guestCookie: string;
let callCount = 0;

/** A multipart upload of one text file, as a browser builds it from FormData. */
async function multipart(name: string, text: string) {
  const form = new FormData();
  form.append('files', new Blob([text]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

/**
 * Calls the app as `actor`, from an allowed origin. Members get a fresh session for each call,
 * so a sign-out or a revoked session cannot change what the next call sees; each call comes
 * from its own address, so the admin login throttle does not count across calls.
 */
async function call(
  actor: Actor,
  method: Method,
  url: string,
  body?: object,
  raw?: { payload: Buffer; contentType: string },
) {
  callCount += 1;
  let cookie: string | undefined;
  if (actor === 'guest') cookie = guestCookie;
  else if (actor !== 'visitor') {
    cookie = (await signIn(t.database.db, t.config, users[actor].id, t.clock.now())).cookie;
  }
  return t.app.inject({
    method,
    url,
    remoteAddress: `10.9.${Math.floor(callCount / 250) % 250}.${(callCount % 250) + 1}`,
    headers: {
      origin: t.config.publicUrl,
      ...(cookie ? { cookie } : {}),
      ...(raw ? { 'content-type': raw.contentType } : {}),
    },
    ...(raw ? { payload: raw.payload } : body ? { payload: body } : {}),
  });
}

async function callOk(actor: Actor, method: Method, url: string, body?: object) {
  const res = await call(actor, method, url, body);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
const asOwner = (method: Method, url: string, body?: object) =>
  callOk('memberA', method, url, body);
const asAdmin = (method: Method, url: string, body?: object) => callOk('admin', method, url, body);

beforeAll(async () => {
  t = await createTestApp(
    { COMMUNITY_POSTS_PER_HOUR: '100000', COMMUNITY_FOLLOWS_PER_HOUR: '100000' },
    { onRoute: served.collect },
  );
  const memberA = await communityMember(t);
  const memberB = await communityMember(t);
  const banned = await communityMember(t);
  await updateUser(t.database.db, banned.id, { banned: true, banReason: 'spam' });
  const admin = await communityMember(t, { role: 'admin' });
  users = { memberA, memberB, banned, admin };
  // The matrix makes many conversations and questions: no limit may answer in a guard's place.
  await asAdmin('PATCH', '/api/admin/rate-limits/global', {
    maxRequestsPerDay: -1,
    maxMessagesPerConversation: -1,
    maxConversations: -1,
  });
  const chat = await call('visitor', 'POST', '/api/chat', { question: 'Hello?' });
  const set = chat.cookies.find((cookie) => cookie.name === GUEST_COOKIE);
  if (!set) throw new Error('POST /api/chat set no guest cookie');
  guestCookie = `${GUEST_COOKIE}=${set.value}`;
});
afterAll(() => t?.close());

describe('authorization matrix', () => {
  it('declares a policy for every /api route the running app serves, and no other', () => {
    const declared = new Set(policy.map((row) => routeKey({ method: row.method, url: row.route })));
    const routes = new Set(served.keys());
    expect(routes.size).toBeGreaterThan(60);
    expect(
      [...routes].filter((key) => !declared.has(key)).sort(),
      'routes without a policy',
    ).toEqual([]);
    expect([...declared].filter((key) => !routes.has(key)).sort(), 'policies of no route').toEqual(
      [],
    );
  });

  it.each(policy)('$method $route — $name', async (row) => {
    const got = {} as Expected;
    for (const actor of ACTORS) {
      const scene = new Scene(users.memberA);
      await row.before?.(scene, actor);
      const url = await row.url(scene);
      const body = await row.body?.(scene);
      const res = await call(actor, row.method, url, body, await row.raw?.());
      got[actor] = res.statusCode;
      await row.after?.(scene, actor);
      // A 5xx only where the policy says so (sign-in not configured is a 503 by design).
      if (row.expected[actor] < 500) {
        expect(res.statusCode, `${actor}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      }
      if (res.statusCode >= 400 && url.startsWith('/api/') && !url.startsWith('/api/docs')) {
        const error = res.json().error;
        expect(typeof error?.code, `${actor}: ${res.body}`).toBe('string');
        expect(error.message.length, `${actor}: ${res.body}`).toBeGreaterThan(0);
      }
    }
    expect(got).toEqual(row.expected);
  });

  it('has a row for every route × caller', () => {
    // Reported by the test run: routes × callers (rows may test one route more than once).
    const routes = new Set(served.keys()).size;
    console.info(
      `authorization matrix: ${routes} routes, ${policy.length} rows × ${ACTORS.length} callers = ${policy.length * ACTORS.length} calls`,
    );
    expect(policy.length).toBeGreaterThanOrEqual(routes);
  });
});
