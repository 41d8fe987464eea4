import { expect as baseExpect } from '@playwright/test';
import { logInAsAdmin, logRows, openTab, toastTitled } from '../support/admin-fixtures.ts';
import { ask, expect, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// Issue #31 part 2: a reader's thumbs-down reaches the admin's review queue, where it is read
// with its sources, filtered, and resolved with a note that the audit log keeps.

test('a rated answer is reviewed, filtered and resolved with a note in the Quality tab', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const question = `What did he say about the caste system and endogamy? (${Date.now()})`;
  await page.goto('/chat');
  await ask(page, question);
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  const answerStart = ((await answer.locator('p').first().textContent()) ?? '').slice(0, 40);
  await answer.getByRole('button', { name: 'Bad answer' }).click();
  const form = answer.getByRole('form', { name: 'What was wrong?' });
  await form.getByLabel('Wrong speaker').check();
  const rated = page.waitForResponse((r) => r.url().endsWith('/api/answer-ratings'));
  await form.getByRole('button', { name: 'Send feedback' }).click();
  baseExpect((await rated).status()).toBe(200);

  await logInAsAdmin(page);
  const panel = await openTab(page, 'Quality');
  await panel.getByLabel('Reason').selectOption({ label: 'Wrong speaker' });
  const entry = panel.getByRole('article', { name: `Rated answer: ${question}` });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Thumbs down');
  await expect(entry).toContainText(answerStart.trim());
  const source = entry.getByRole('link').first();
  await expect(source).toHaveAttribute('href', /^\/(api\/documents|sources)\//);
  baseExpect((await page.request.get((await source.getAttribute('href')) ?? '')).ok()).toBe(true);

  // Another reason's filter leaves it out; the language filter keeps it (an English question).
  await panel.getByLabel('Reason').selectOption({ label: 'Wrong language' });
  await expect(entry).toHaveCount(0);
  await panel.getByLabel('Reason').selectOption({ label: 'Wrong speaker' });
  await panel.getByLabel('Language').selectOption('en');
  await expect(entry).toBeVisible();
  await saveScreenshot(page, testInfo, 'quality-queue');

  await entry.getByLabel('Note').fill('Speaker labels fixed by re-ingesting');
  await entry.getByLabel('Resolved').check();
  await expect(toastTitled(page, 'Marked resolved')).toBeVisible();
  await panel.getByLabel('Status').selectOption({ label: 'Resolved' });
  await expect(entry.getByLabel('Resolved')).toBeChecked();
  await expect(entry.getByLabel('Note')).toHaveValue('Speaker labels fixed by re-ingesting');

  const rows = await logRows(page, 'Rating resolved', question.slice(0, 40));
  await expect(rows.first()).toContainText('Speaker labels fixed by re-ingesting');
});
