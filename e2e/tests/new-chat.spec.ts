import type { Page } from '@playwright/test';
import { ask, expect, test } from '../support/chat-fixtures.ts';
import { E2E_ACCOUNTS } from '../support/e2e-identities.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signInThroughProvider } from '../support/sign-in.ts';

// An account no other test signs in with: chat-import.spec.ts runs at desktop size only, so its
// phone-size account is free (the conversation counts below must be this test's alone).
const MEMBER = (E2E_ACCOUNTS as Record<string, { email: string } | undefined>)['import-mobile'] ?? {
  email: 'import-mobile@e2e.test',
};
// 49 characters: short enough to be its conversation's title whole.
const QUESTION = 'Why was Nagpur chosen for the conversion in 1956?';
const FOLLOW_UP = 'What is the real remedy for the caste system?';

// Both tests use one account: one after the other, so the counts are the first test's own.
test.describe.configure({ mode: 'serial' });

/** What the server holds for the signed-in member: conversations and the usage count. */
async function serverCounts(page: Page) {
  const list = await (await page.request.get('/api/conversations')).json();
  const limits = await (await page.request.get('/api/user/rate-limits')).json();
  const titles: string[] = [...list.active, ...list.archived].map(
    (c: { title: string }) => c.title,
  );
  return { titles, created: limits.totalConversationsCreated as number };
}

test('New chat opens a draft; the first message creates exactly one conversation', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInThroughProvider(page, MEMBER.email);
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  const rows = sidebar.getByRole('button', { name: /^Actions for / });

  await ask(page, QUESTION);
  await expect(page).toHaveURL(/\/chat\?c=/);
  // A question that fits a title is the title whole (issue 27: it was cut at 30, mid-word).
  await expect(sidebar.getByText(QUESTION, { exact: true })).toBeVisible();
  const before = await serverCounts(page);
  expect(before.titles).toContain(QUESTION);
  expect(before.titles.every((title) => title === title.trimEnd())).toBe(true);
  const rowsBefore = await rows.count();

  const newChat = page.getByRole('button', { name: 'New chat' });
  for (let i = 0; i < 3; i++) await newChat.click();
  await expect(page.getByRole('region', { name: 'Example questions' })).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/);
  // A signed-in member is not told to sign in to keep conversations.
  const capabilities = page.getByRole('region', { name: 'What this assistant can do' });
  await expect(capabilities).toContainText('Conversation Memory');
  await expect(capabilities).not.toContainText(/sign in/i);
  await saveScreenshot(page, testInfo, 'draft');
  await page.waitForTimeout(500);
  expect(await rows.count()).toBe(rowsBefore);
  expect(await serverCounts(page)).toEqual(before);

  await ask(page, FOLLOW_UP);
  await expect(page).toHaveURL(/\/chat\?c=/);
  const createdId = new URL(page.url()).searchParams.get('c');
  await expect(rows).toHaveCount(rowsBefore + 1);
  const after = await serverCounts(page);
  expect(after.titles).toHaveLength(before.titles.length + 1);
  expect(after.created).toBe(before.created + 1);
  await expect(sidebar.locator('[aria-current="page"]')).toContainText(FOLLOW_UP.slice(0, 30));

  // New chat from the draft stays on it; the conversation just made is left as it was.
  await newChat.click();
  await newChat.click();
  await expect(page.getByRole('region', { name: 'Example questions' })).toBeVisible();
  expect((await serverCounts(page)).titles).toHaveLength(after.titles.length);
  expect(createdId).toBeTruthy();
});

test('the delete confirmation button is red, not the primary navy', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughProvider(page, MEMBER.email);
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  const title = QUESTION.slice(0, 29);
  // The first test's conversation (the tests run in order): wait for the list to show it, since
  // asking again while the list and the open conversation are still loading can be swallowed.
  const row = sidebar.getByRole('button', { name: `Actions for ${title}` }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete conversation' });
  const button = confirm.getByRole('button', { name: 'Delete' });
  await expect(button).toBeVisible();
  const [actual, destructive, primary] = await button.evaluate((element) => {
    const colourOf = (className: string) => {
      const probe = document.createElement('div');
      probe.className = className;
      document.body.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    };
    return [
      getComputedStyle(element).backgroundColor,
      colourOf('bg-destructive'),
      colourOf('bg-primary'),
    ];
  });
  expect(destructive).not.toBe(primary);
  expect(actual).toBe(destructive);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
});
