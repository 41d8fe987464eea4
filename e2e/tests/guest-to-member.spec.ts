import type { Page, TestInfo } from '@playwright/test';
import { ask, expect, openSidebar, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { memberFor } from '../support/sign-in.ts';
import { expectReachable, expectToastClearOfComposer } from '../support/toast-checks.ts';

// Issue 27: a guest who asked a question and then signed in from the chat screen came back to
// /chat?c=<guest id>; whatever they chose next (Import, Not now, a reload, New chat), every
// question failed with a 404 and the URL kept the guest's id. Each choice, and signing in from
// the guest limit dialog, at both sizes, with a question asked before and after signing in.

const BEFORE = 'What is the real remedy for the caste system?';
const AFTER = `${BEFORE} (asked after signing in)`;

/** Every 404 an /api call answers, so a test can say none happened. */
function watchNotFound(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/api/')) {
      seen.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    }
  });
  return seen;
}

/** As a guest: asks a question in a fresh /chat; returns the guest conversation's id. */
async function askAsGuest(page: Page) {
  await page.goto('/chat');
  await ask(page, BEFORE);
  await expect(page.getByRole('article', { name: 'Answer' }).last()).toContainText(
    'most relevant passages',
  );
  await expect(page).toHaveURL(/\/chat\?c=[\w-]{21}$/);
  return new URL(page.url()).searchParams.get('c') ?? '';
}

/** As a guest: asks a question, then signs in from the chat screen's own button. */
async function askAsGuestThenSignIn(page: Page, testInfo: TestInfo, flow: string) {
  const guestId = await askAsGuest(page);

  // Desktop: the header's button; phone: the sidebar drawer's prompt (the header has none).
  if (testInfo.project.name === 'desktop') {
    await page.locator('header').getByRole('button', { name: 'Sign in', exact: true }).click();
  } else {
    await openSidebar(page);
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: 'Sign in', exact: true })
      .click();
  }
  await signInOnProvider(page, testInfo, flow, guestId);
  return guestId;
}

/**
 * On the provider's page, after a Sign in button sent the guest there: signs in as the flow's
 * member and checks the chat screen they come back to offers the import, without the guest id.
 */
async function signInOnProvider(page: Page, testInfo: TestInfo, flow: string, guestId: string) {
  await page.getByLabel('Email or account ID').fill(memberFor(flow, testInfo).email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Processing Authentication')).toBeVisible();
  // The toast names the product, as the page's title does (issue 27).
  await expect(page.getByText("You're now signed in to Samvad", { exact: true })).toBeVisible();
  // Back on the chat screen, no longer naming the guest's conversation.
  await expect(page).toHaveURL(/\/chat(\?|$)/, { timeout: 15_000 });
  await expectToastClearOfComposer(page, "You're now signed in to Samvad");
  const offer = page.getByRole('region', { name: 'Import conversations' });
  await expect(offer).toBeVisible();
  // Nor does the toast cover the offer it arrives with.
  for (const name of ['Import', 'Not now'])
    await expectReachable(offer.getByRole('button', { name }));
  expect(page.url()).not.toContain(guestId);
}

/** Asks as a member and checks the answer is a real one, saved in the member's conversation. */
async function askAsMember(page: Page, guestId: string) {
  await ask(page, AFTER);
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  await expect(answer).toContainText('most relevant passages');
  await expect(answer).not.toContainText('I apologize');
  await expect(page).toHaveURL(/\/chat\?c=/);
  const id = new URL(page.url()).searchParams.get('c') ?? '';
  expect(id).not.toBe(guestId);
  const saved = await page.request.get(`/api/conversations/${id}`);
  expect(saved.status()).toBe(200);
  const body = (await saved.json()) as { messages: { content: string }[] };
  expect(body.messages.map((m) => m.content)).toContain(AFTER);
  return id;
}

test('Import: the imported conversation opens, and the next question is answered in it', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const notFound = watchNotFound(page);
  const guestId = await askAsGuestThenSignIn(page, testInfo, 'g2m-import');
  await saveScreenshot(page, testInfo, 'signed-in');

  await page
    .getByRole('region', { name: 'Import conversations' })
    .getByRole('button', {
      name: 'Import',
    })
    .click();
  await expect(page.getByText('Conversations imported', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Import conversations' })).toHaveCount(0);
  // The imported copy is the one on screen, under its own server id.
  await expect(page).toHaveURL(/\/chat\?c=/);
  const importedId = new URL(page.url()).searchParams.get('c');
  expect(importedId).not.toBe(guestId);
  // In the conversation (the sidebar's row and a phone's header carry it too, as its title).
  const asked = page.locator('main').getByText(BEFORE, { exact: true });
  await expect(asked).toBeVisible();

  const id = await askAsMember(page, guestId);
  expect(id).toBe(importedId);
  await expect(asked).toBeVisible();
  await saveScreenshot(page, testInfo, 'asked-after-import');
  expect(notFound).toEqual([]);
});

test('Not now: the offer goes away (also after a reload) and questions are answered', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const notFound = watchNotFound(page);
  const guestId = await askAsGuestThenSignIn(page, testInfo, 'g2m-not-now');

  await page
    .getByRole('region', { name: 'Import conversations' })
    .getByRole('button', {
      name: 'Not now',
    })
    .click();
  await expect(page.getByRole('region', { name: 'Import conversations' })).toHaveCount(0);
  await askAsMember(page, guestId);
  await saveScreenshot(page, testInfo, 'asked-after-not-now');

  await page.reload();
  await expect(page.getByText(AFTER, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Import conversations' })).toHaveCount(0);
  expect(notFound).toEqual([]);
});

test('a reload after signing in: the guest id leaves the URL and questions are answered', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const notFound = watchNotFound(page);
  const guestId = await askAsGuestThenSignIn(page, testInfo, 'g2m-reload');

  // Reloading the very URL sign-in started from, as a member.
  await page.goto(`/chat?c=${guestId}`);
  await expect(page.getByRole('region', { name: 'Import conversations' })).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(guestId));
  await page.reload();
  await askAsMember(page, guestId);
  await saveScreenshot(page, testInfo, 'asked-after-reload');
  expect(notFound).toEqual([]);
});

test('New chat on a page whose URL still names the guest conversation clears it, and the question is answered', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const notFound = watchNotFound(page);
  const guestId = await askAsGuestThenSignIn(page, testInfo, 'g2m-new-chat');

  // Once the page knows a member is signed in it drops the guest id by itself (the reload test
  // checks that). Holding back the session's answer keeps the id in the URL until New chat is
  // pressed, as a quick click on a slow connection would: New chat itself has to clear it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Later session calls pass straight through: `held` is settled by then.
  await page.route('**/api/auth/session', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/chat?c=${guestId}`);
  // Until the session arrives the page cannot tell a member from the guest this tab was: it
  // shows none of the tab's guest conversations and takes no question (one sent then went out
  // under the guest id with the member's cookie, and was lost to a 404).
  const answers = page.getByRole('article', { name: 'Answer' });
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(answers).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/chat\\?c=${guestId}$`));
  await openSidebar(page);
  await expect(page).toHaveURL(new RegExp(`/chat\\?c=${guestId}$`));
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: 'New chat' })
    .click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(answers).toHaveCount(0);

  // The session arrives: the member's page (it offers the import), on the empty new chat.
  release();
  await expect(page.getByRole('region', { name: 'Import conversations' })).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/);
  await saveScreenshot(page, testInfo, 'new-chat-from-guest-url');
  await askAsMember(page, guestId);
  // Asked in the new chat: its one answer, none of the guest conversation's.
  await expect(answers).toHaveCount(1);
  await saveScreenshot(page, testInfo, 'asked-after-new-chat');
  expect(notFound).toEqual([]);
});

/**
 * The e2e provider knows a fixed list of accounts (support/e2e-identities.ts); this test shares
 * the New chat test's, whose member always asks in a new chat of its own. So after signing in
 * the page may open that test's conversation (a member's latest opens by default): nothing below
 * depends on what else the account holds.
 */
const LIMIT_DIALOG_FLOW = 'g2m-new-chat';

/** Starts `count` guest conversations outside the message box (five is a guest's limit). */
async function startGuestConversations(page: Page, count: number) {
  const statuses = await page.evaluate(
    async ({ count, question }) => {
      const results: number[] = [];
      for (let i = 0; i < count; i++) {
        const response = await fetch('/api/chat', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            question,
            chat_history: [],
            conversation_id: `g2m-limit-${i}`.padEnd(21, 'x'),
          }),
        });
        results.push(response.status);
      }
      return results;
    },
    { count, question: BEFORE },
  );
  expect(statuses).toEqual(Array.from({ length: count }, () => 200));
}

test('Sign in from the guest limit dialog: the question asked after it is answered', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const notFound = watchNotFound(page);
  const guestId = await askAsGuest(page);
  // Four more conversations: the guest's five are used up, so a new chat's question is refused.
  await startGuestConversations(page, 4);
  await openSidebar(page);
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: 'New chat' })
    .click();
  await expect(page).toHaveURL(/\/chat$/);
  const message = page.getByRole('textbox', { name: 'Message' });
  const sixth = `${BEFORE} (a sixth conversation)`;
  await message.fill(sixth);
  await message.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Conversation Limit Reached' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Sign in to keep more conversations.');
  await saveScreenshot(page, testInfo, 'limit-dialog');

  // Issue 27: the refused question stayed on screen, titled a conversation of its own (the
  // phone's header) and was offered for import. Now it is back in the message box, nowhere else.
  // Behind the modal dialog: out of the accessibility tree until it closes.
  await expect(page.getByRole('textbox', { name: 'Message', includeHidden: true })).toHaveValue(
    sixth,
  );
  await expect(page.getByText(sixth).and(page.locator(':not(textarea)'))).toHaveCount(0);
  await expect(page.getByRole('banner', { includeHidden: true })).not.toContainText(sixth);
  await expect(page).toHaveURL(/\/chat$/);
  const kept = await page.evaluate(() =>
    (
      JSON.parse(sessionStorage.getItem('samvad.guestConversations') ?? '[]') as {
        title: string;
      }[]
    ).map((conversation) => conversation.title),
  );
  expect(kept).toEqual([BEFORE]);

  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await signInOnProvider(page, testInfo, LIMIT_DIALOG_FLOW, guestId);
  await expect(page.getByRole('dialog', { name: 'Conversation Limit Reached' })).toHaveCount(0);
  // Only the answered conversation is offered.
  await expect(page.getByRole('region', { name: 'Import conversations' })).toContainText(
    'You have 1 conversation from before you signed in.',
  );
  await saveScreenshot(page, testInfo, 'import-offer-after-limit');

  const question = `${AFTER} (after the limit dialog, ${Date.now()})`;
  await ask(page, question);
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  await expect(answer).toContainText('most relevant passages');
  await expect(answer).not.toContainText('I apologize');
  expect(page.url()).not.toContain(guestId);
  await saveScreenshot(page, testInfo, 'asked-after-limit-dialog');
  // Saved in exactly one of the member's own conversations, never under the guest's id.
  const list = await page.request.get('/api/conversations');
  expect(list.status()).toBe(200);
  const { active } = (await list.json()) as { active: { id: string }[] };
  const holding: string[] = [];
  for (const { id } of active) {
    const saved = await page.request.get(`/api/conversations/${id}`);
    expect(saved.status()).toBe(200);
    const body = (await saved.json()) as { messages: { content: string }[] };
    if (body.messages.some((m) => m.content === question)) holding.push(id);
  }
  expect(holding).toHaveLength(1);
  expect(holding).not.toContain(guestId);
  expect(notFound).toEqual([]);
});
