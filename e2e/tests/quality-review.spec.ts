import { expect as baseExpect } from '@playwright/test';
import {
  expectNoSeriousAxeViolations,
  logInAsAdmin,
  logRows,
  openTab,
  toastTitled,
  withRunLock,
} from '../support/admin-fixtures.ts';
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
  await expectNoSeriousAxeViolations(page);

  await entry.getByLabel('Note').fill('Speaker labels fixed by re-ingesting');
  await entry.getByLabel('Resolved').check();
  await expect(toastTitled(page, 'Marked resolved')).toBeVisible();
  await panel.getByLabel('Status').selectOption({ label: 'Resolved' });
  await expect(entry.getByLabel('Resolved')).toBeChecked();
  await expect(entry.getByLabel('Note')).toHaveValue('Speaker labels fixed by re-ingesting');

  // Sharpening the set: the question joins it with the page a right answer cites.
  await entry.getByText('Add to question set').click();
  const add = entry.getByRole('form', { name: `Add to question set: ${question}` });
  await add.getByLabel('Expected file').fill('baws_vol01_annihilation_of_caste.pdf');
  await add.getByLabel('Expected page').fill('0');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toContainText('A page is a whole number from 1');
  // The question set is one per server: tests/quality-runs.spec.ts counts it meanwhile.
  await withRunLock('quality-question-set', async () => {
    await add.getByLabel('Expected page').fill('51');
    const added = page.waitForResponse((r) => r.url().endsWith('/question'));
    await add.getByRole('button', { name: 'Add' }).click();
    const body = await (await added).json();
    baseExpect(body.question).toMatchObject({
      question,
      file: 'baws_vol01_annihilation_of_caste.pdf',
      page: 51,
    });
  });
  await expect(toastTitled(page, 'Added to the question set')).toBeVisible();

  const rows = await logRows(page, 'Rating resolved', question.slice(0, 40));
  await expect(rows.first()).toContainText('Speaker labels fixed by re-ingesting');
});
