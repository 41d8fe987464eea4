import type { Page, TestInfo } from '@playwright/test';
import { logInAsAdmin, withRunLock } from '../support/admin-fixtures.ts';
import { expect, openSidebar, test } from '../support/chat-fixtures.ts';
import { newPerson, postAction } from '../support/community-fixtures.ts';
import { memberFor, signInThroughProvider } from '../support/sign-in.ts';
import { ATTACKER_ORIGIN, LEAKING_IMAGE, packCorpus, XSS_CORPUS } from '../support/xss-corpus.ts';

/**
 * Rendering safety (issue #10): the XSS corpus (support/xss-corpus.ts) shown everywhere user or
 * corpus text appears. Nothing may run (no dialog, no call of the exposed `__xss`), no
 * script-capable markup may reach the DOM, and nothing may be requested from another origin.
 */

const OIDC_ORIGIN = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;

type Watch = { dialogs: string[]; calls: string[]; leaks: string[] };

/** Installs the tripwires on a page before its first navigation. */
async function watch(page: Page, appOrigin: string): Promise<Watch> {
  const seen: Watch = { dialogs: [], calls: [], leaks: [] };
  await page.exposeFunction('__xss', (marker: unknown) => {
    seen.calls.push(String(marker));
  });
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob|about):/.test(url)) return;
    const { origin } = new URL(url);
    // Signing in visits the (loopback) sign-in provider: that is no leak.
    if (origin !== appOrigin && origin !== OIDC_ORIGIN) seen.leaks.push(url);
  });
  return seen;
}

/** Nothing ran, nothing left the origin, and the DOM holds no script-capable markup. */
async function expectInert(page: Page, seen: Watch, where: string) {
  // Give late handlers (onerror of a failed load, autofocus, animations) a moment to fire.
  await page.waitForTimeout(300);
  const findings = await page.evaluate(() => {
    const bad: string[] = [];
    // A URL that runs or renders something on this origin. (A plain https link to another site,
    // whatever its path says, is a link the reader may follow: allowed.)
    const dangerousUrl = /^\s*(javascript|vbscript|data:text\/html|data:image\/svg)/i;
    for (const element of document.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      if (['iframe', 'object', 'embed', 'frame', 'base', 'frameset'].includes(tag)) bad.push(tag);
      if (tag === 'script') {
        const src = element.getAttribute('src');
        const own =
          src?.startsWith('/assets/') || element.getAttribute('type') === 'application/json';
        if (!own || element.closest('body')) bad.push(`script ${src ?? element.textContent}`);
      }
      if (tag === 'meta' && element.getAttribute('http-equiv')) bad.push('meta http-equiv');
      if (tag === 'link' && element.closest('body')) bad.push('link in body');
      if (
        tag === 'style' &&
        /attacker\.example|javascript:|__xss/.test(element.textContent ?? '')
      ) {
        bad.push('style from a payload');
      }
      for (const attribute of element.attributes) {
        if (attribute.name.startsWith('on')) bad.push(`${tag}[${attribute.name}]`);
        if (attribute.name === 'srcdoc' || attribute.name === 'formaction') {
          bad.push(`${tag}[${attribute.name}]`);
        }
        if (
          ['href', 'src', 'xlink:href', 'action', 'data', 'style', 'ping', 'poster'].includes(
            attribute.name,
          )
        ) {
          if (
            dangerousUrl.test(attribute.value) ||
            /url\(\s*['"]?(javascript|https?:\/\/attacker)/i.test(attribute.value)
          ) {
            bad.push(`${tag}[${attribute.name}=${attribute.value}]`);
          }
        }
      }
    }
    return bad;
  });
  expect({ where, ...seen, findings }).toEqual({
    where,
    dialogs: [],
    calls: [],
    leaks: [],
    findings: [],
  });
}

type ApiAnswer = { status: number; body: unknown };

/** A same-origin API call from the page (its cookies, its Origin header). */
async function api(page: Page, method: string, url: string, body?: unknown): Promise<ApiAnswer> {
  const answer = await page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, text };
    },
    { method, url, body },
  );
  const parsed = answer.text ? (JSON.parse(answer.text) as unknown) : null;
  expect(answer.status, `${method} ${url}: ${answer.text.slice(0, 300)}`).toBeLessThan(300);
  return { status: answer.status, body: parsed };
}

const now = () => new Date().toISOString();
const joined = XSS_CORPUS.join('\n\n');
const REAL_QUESTION = 'What is the real remedy for the caste system?';

/** A source whose every field is hostile. */
const hostileSources = (payload: string) => [
  { file_name: payload, page: 1, score: 0.5, link: 'javascript:__xss("source")' },
];

test.describe.configure({ mode: 'parallel' });

test('chat messages, sources, renamed titles and shared views run nothing', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? '').origin;
  const seen = await watch(page, origin);

  // A guest's shared snapshot: every payload as a question, an answer and a source.
  await page.goto('/chat');
  const snapshot = XSS_CORPUS.flatMap((payload) => [
    { role: 'user', content: payload, sources: [], timestamp: now() },
    {
      role: 'assistant',
      content: `${payload} [1]\n\n${LEAKING_IMAGE}`,
      sources: hostileSources(payload),
      timestamp: now(),
    },
  ]);
  const guestShare = await api(page, 'POST', `/api/conversations/xss${tag(testInfo)}guest/share`, {
    title: '<svg onload=__xss("title")>',
    messages: snapshot,
  });
  await page.goto(`/share/${(guestShare.body as { shareableId: string }).shareableId}`);
  await expect(page.getByRole('article', { name: 'Answer' }).first()).toBeVisible();
  await expect(page.getByText('attacker.example', { exact: false }).first()).toBeAttached();
  await expectInert(page, seen, 'guest shared view');

  // A member's stored conversation, renamed to payloads, with hostile messages and sources.
  await signInThroughProvider(page, memberFor('xss-chat', testInfo).email);
  const titles = ['<img src=x onerror=__xss(91)>', '[t](javascript:__xss(92))'];
  const ids: string[] = [];
  for (const title of titles) {
    const created = await api(page, 'POST', '/api/conversations', { title: 'New Conversation' });
    const id = (created.body as { id: string }).id;
    await api(page, 'PATCH', `/api/conversations/${id}`, { title });
    ids.push(id);
  }
  const [conversationId = ''] = ids;
  await api(page, 'POST', `/api/conversations/${conversationId}/messages`, {
    role: 'user',
    content: joined,
  });
  // Answers come only from the server (issue 19: a member can no longer store made-up ones).
  await api(page, 'POST', '/api/chat', {
    question: REAL_QUESTION,
    conversation_id: conversationId,
  });

  await page.goto(`/chat?c=${conversationId}`);
  await expect(page.getByRole('article', { name: 'Answer' }).first()).toBeVisible();
  await openSidebar(page);
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await expect(sidebar.getByText(titles[0] ?? '', { exact: true })).toBeVisible();
  await expect(sidebar.getByText(titles[1] ?? '', { exact: true })).toBeVisible();
  await expectInert(page, seen, 'member chat');

  const memberShare = await api(page, 'POST', `/api/conversations/${conversationId}/share`);
  await page.goto(`/share/${(memberShare.body as { shareableId: string }).shareableId}`);
  await expect(page.getByRole('article', { name: 'Answer' }).first()).toBeVisible();
  await expectInert(page, seen, 'member shared view');
});

test('profiles, posts, comments and collections run nothing', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? '').origin;
  const seen = await watch(page, origin);
  await signInThroughProvider(page, memberFor('xss-community', testInfo).email);

  const username = `xss-${testInfo.project.name}`;
  const [bio = '', description = ''] = packCorpus(300);
  await api(page, 'POST', '/api/community/profiles', {
    username,
    displayName: '<img src=x onerror=__xss("display")>',
    bio,
  });
  const posts = packCorpus(500);
  const postIds: string[] = [];
  for (const content of posts) {
    const created = await api(page, 'POST', '/api/community/posts', { content });
    postIds.push((created.body as { post: { id: string } }).post.id);
  }
  const leaking = await api(page, 'POST', '/api/community/posts', {
    content: `${LEAKING_IMAGE} ${ATTACKER_ORIGIN}/leak?q=secret`,
  });
  postIds.push((leaking.body as { post: { id: string } }).post.id);
  const [firstPost = ''] = postIds;
  for (const content of packCorpus(500).slice(0, 3)) {
    await api(page, 'POST', `/api/community/posts/${firstPost}/comments`, { content });
  }
  const collection = await api(page, 'POST', '/api/community/quote-collections', {
    title: '<svg/onload=__xss("collection")> [c](javascript:__xss(93))',
    description,
    isPublic: true,
  });
  const collectionId = (collection.body as { collection: { id: string } }).collection.id;

  // The member's own profile: name, bio, every post; then a post's comments.
  await page.goto(`/community/profile/${username}`);
  await expect(page.locator('#profile-name')).toHaveText('<img src=x onerror=__xss("display")>');
  await expect(page.getByRole('article')).toHaveCount(postIds.length);
  const first = page.getByRole('article').last();
  await postAction(first, 'Comment').click();
  const comments = first.getByRole('region', { name: /Comments on the post/ });
  await expect(comments.getByText('__xss', { exact: false }).first()).toBeVisible();
  await expectInert(page, seen, 'profile, posts and comments');

  await page.goto(`/community/collections/${collectionId}`);
  await expect(page.getByText('__xss("collection")', { exact: false }).first()).toBeVisible();
  await expectInert(page, seen, 'collection');

  // The feed, as a visitor sees it.
  const visitor = await newPerson(browser, baseURL);
  try {
    const visitorSeen = await watch(visitor.page, origin);
    await visitor.page.goto(`/community/profile/${username}`);
    await expect(visitor.page.getByRole('article')).toHaveCount(postIds.length);
    await expectInert(visitor.page, visitorSeen, "a visitor's view of the profile");
    await visitor.page.goto('/community');
    await expect(visitor.page.getByRole('article').first()).toBeVisible();
    await expectInert(visitor.page, visitorSeen, 'community feed');
  } finally {
    await visitor.context.close();
  }
});

test('admin tables, the View Messages dialog and the audit log run nothing', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? '').origin;
  const { email } = memberFor('xss-admin', testInfo);

  // The member (whose provider name is a payload) writes a hostile conversation.
  const member = await newPerson(browser, baseURL);
  let userId = '';
  try {
    await signInThroughProvider(member.page, email);
    const session = await api(member.page, 'GET', '/api/auth/session');
    userId = (session.body as { user: { id: string } }).user.id;
    const created = await api(member.page, 'POST', '/api/conversations', {
      title: '<img src=x onerror=__xss(94)>',
    });
    const id = (created.body as { id: string }).id;
    await api(member.page, 'POST', `/api/conversations/${id}/messages`, {
      role: 'user',
      content: joined,
    });
    await api(member.page, 'POST', '/api/chat', { question: REAL_QUESTION, conversation_id: id });
  } finally {
    await member.context.close();
  }

  const seen = await watch(page, origin);
  // The admin password test changes the one admin's password: not while it is in use here.
  await withRunLock('admin-password', async () => {
    await logInAsAdmin(page);
    const [reason = ''] = packCorpus(500);
    await api(page, 'PATCH', `/api/admin/users/${userId}/ban-status`, {
      banned: true,
      banReason: reason,
    });

    await page.goto(`/admin?q=${encodeURIComponent(email)}`);
    const users = page.getByRole('tabpanel', { name: 'Users' });
    await expect(users.getByRole('row').filter({ hasText: email })).toBeVisible();
    await expect(users.getByText("__xss('name')", { exact: false }).first()).toBeVisible();
    await expectInert(page, seen, 'users table');

    await page.goto(`/admin?tab=conversations&chatsOf=${userId}`);
    const conversations = page.getByRole('tabpanel', { name: 'Conversations' });
    const row = conversations.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('<img src=x onerror=__xss(94)>');
    await expectInert(page, seen, 'conversations table');
    await row.getByRole('button', { name: 'View Messages' }).click();
    const dialog = page.getByRole('dialog');
    // The three messages: the hostile question, then the chat's question and the server's answer
    // (markdown lists inside them have list items of their own).
    const messages = dialog.getByRole('list', { name: 'Messages' }).locator(':scope > li');
    await expect(messages).toHaveCount(3);
    await expect(messages.first()).toContainText('__xss');
    await expectInert(page, seen, 'View Messages dialog');
    await page.keyboard.press('Escape');

    await page.goto('/admin?tab=logs&action=ban_user');
    const logs = page.getByRole('tabpanel', { name: 'Admin Logs' });
    // The details show the start of the reason (the corpus' first payloads), as text.
    await expect(
      logs.getByText('ban reason: none → <script>alert(1)</script>', { exact: false }).first(),
    ).toBeVisible();
    await expectInert(page, seen, 'audit log');
  });
});

/** A short, project-unique id part (guest conversation ids are opaque strings). */
function tag(testInfo: TestInfo) {
  return `${testInfo.project.name}${Date.now().toString(36)}`;
}
