import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ask, expect, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';

const QUESTION = 'What is the real remedy for the caste system?';

/** Spends chat requests outside the message box (as another tab would), `count` times. */
async function spend(page: Page, count: number, conversationIds: (i: number) => string | null) {
  const statuses = await page.evaluate(
    async ({ count, ids, question }) => {
      const results: number[] = [];
      for (let i = 0; i < count; i++) {
        const response = await fetch('/api/chat', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ question, chat_history: [], conversation_id: ids[i] }),
        });
        results.push(response.status);
      }
      return results;
    },
    { count, ids: Array.from({ length: count }, (_, i) => conversationIds(i)), question: QUESTION },
  );
  expect(statuses.every((status) => status === 200)).toBe(true);
}

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual(
    [],
  );
}

test('daily requests: chip and banners at 80, 95 and 100%, then the request dialog', async ({
  page,
}, testInfo) => {
  await page.goto('/chat');
  await spend(page, 20, () => null);
  await page.reload();
  await expect(page.getByText('20/25 requests today')).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: /^Rate limit/ });
  await expect(banner).toContainText('Rate limit warning');
  await saveScreenshot(page, testInfo, 'warning');

  await spend(page, 4, () => null);
  await page.reload();
  await expect(banner).toContainText('Rate limit almost reached');

  // The page still believes one request is left; the server refuses it.
  await spend(page, 1, () => null);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(QUESTION);
  await box.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Request Limit Reached' });
  await expect(dialog).toContainText(
    "You've reached the maximum of 25 requests per day. Please try again tomorrow.",
  );
  await expect(dialog).toContainText('Current usage: 25 / 25');
  await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'request-dialog');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Okay, I Understand' }).click();

  const reached = page.getByRole('alert').filter({ hasText: 'Rate limit reached' });
  await expect(reached).toContainText("You've reached your daily request limit");
  await expect(box).toBeDisabled();
  await expect(box).toHaveAttribute('placeholder', 'Input disabled due to rate limit');
  await saveScreenshot(page, testInfo, 'reached');
});

test('messages in a conversation: the message dialog', async ({ page }) => {
  await page.goto('/chat');
  await ask(page, QUESTION);
  const id = new URL(page.url()).searchParams.get('c');
  expect(id).toHaveLength(21);
  await spend(page, 19, () => id);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(`${QUESTION} Again.`);
  await box.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Message Limit Reached' });
  await expect(dialog).toContainText(
    "You've reached the maximum of 20 messages in this conversation. Please start a new conversation to continue.",
  );
  await expect(dialog).toContainText('Current usage: 20 / 20');
});

test("conversations: a guest's conversation dialog offers sign-in, not archive or delete", async ({
  page,
}) => {
  await page.goto('/chat');
  await spend(page, 5, (i) => `limit-test-${i}`.padEnd(21, 'x'));
  await ask(page, QUESTION);
  const dialog = page.getByRole('dialog', { name: 'Conversation Limit Reached' });
  await expect(dialog).toContainText(
    "You've reached the maximum of 5 conversations. Sign in to keep more conversations.",
  );
  await expect(dialog).not.toContainText('archive');
  await expect(dialog.getByRole('button', { name: /^Sign in/ })).toBeVisible();
  await expect(dialog).toContainText('Current usage: 5 / 5');
});
