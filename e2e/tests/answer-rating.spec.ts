import type { Page } from '@playwright/test';
import { ask, expect, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { memberFor, signInThroughProvider } from '../support/sign-in.ts';

// Issue #31 part 1: thumbs under every answer, for guests and members, at both sizes. The
// mobile project runs a fixed list of files, so this file sets the phone size itself.

const SIZES = [
  { name: 'wide', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

const lastAnswer = (page: Page) => page.getByRole('article', { name: 'Answer' }).last();

/** Waits for the rating call the click makes, and returns its status and body. */
async function rated(page: Page, click: () => Promise<void>) {
  const response = page.waitForResponse((r) => r.url().includes('/api/answer-ratings'));
  await click();
  const done = await response;
  return { method: done.request().method(), status: done.status(), body: await done.json() };
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use(size.use);

    test('a guest rates an answer down with reasons, changes it to up, then withdraws it', async ({
      page,
    }, testInfo) => {
      await page.goto('/chat');
      await ask(page, 'What is the real remedy for the caste system?');
      const answer = lastAnswer(page);
      const good = answer.getByRole('button', { name: 'Good answer' });
      const bad = answer.getByRole('button', { name: 'Bad answer' });
      await expect(good).toHaveAttribute('aria-pressed', 'false');

      await bad.click();
      const form = answer.getByRole('form', { name: 'What was wrong?' });
      await expect(form).toBeVisible();
      await form.getByRole('button', { name: 'Send feedback' }).click();
      await expect(form.getByRole('alert')).toHaveText('Choose at least one reason');
      await form.getByLabel('Wrong source').check();
      await form.getByLabel('Should have said not covered').check();
      await form.getByLabel('Comment (optional)').fill('The page cited is about something else.');
      await expect(form).toContainText('39/500');
      await saveScreenshot(page, testInfo, 'rating-reasons');
      const down = await rated(page, () =>
        form.getByRole('button', { name: 'Send feedback' }).click(),
      );
      expect(down).toMatchObject({
        method: 'PUT',
        status: 200,
        body: {
          rating: {
            rating: 'down',
            reasons: ['wrong_source', 'should_be_not_covered'],
            comment: 'The page cited is about something else.',
          },
        },
      });
      await expect(form).toHaveCount(0);
      await expect(bad).toHaveAttribute('aria-pressed', 'true');
      await expect(answer.getByText('Thanks for your feedback')).toBeVisible();

      const up = await rated(page, () => good.click());
      expect(up).toMatchObject({ method: 'PUT', status: 200, body: { rating: { rating: 'up' } } });
      await expect(good).toHaveAttribute('aria-pressed', 'true');
      await expect(bad).toHaveAttribute('aria-pressed', 'false');

      // The guest's conversation is kept in the tab; the thumbs remember the choice too.
      await page.reload();
      await expect(lastAnswer(page).getByRole('button', { name: 'Good answer' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const withdrawn = await rated(page, () =>
        lastAnswer(page).getByRole('button', { name: 'Good answer' }).click(),
      );
      expect(withdrawn).toMatchObject({ method: 'DELETE', status: 200 });
      await expect(lastAnswer(page).getByRole('button', { name: 'Good answer' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    });

    test('a member rates an answer, and can change it after a reload', async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      await signInThroughProvider(page, memberFor(`rating-${size.name}`, testInfo).email);
      await ask(page, `Why did he call caste a division of labourers? (${Date.now()})`);
      const up = await rated(page, () =>
        lastAnswer(page).getByRole('button', { name: 'Good answer' }).click(),
      );
      expect(up).toMatchObject({ status: 200, body: { rating: { rating: 'up' } } });

      // After a reload the answer comes from the server, signed again: it can still be rated.
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      const bad = lastAnswer(page).getByRole('button', { name: 'Bad answer' });
      await bad.click();
      const form = lastAnswer(page).getByRole('form', { name: 'What was wrong?' });
      await form.getByLabel("Didn't answer").check();
      const down = await rated(page, () =>
        form.getByRole('button', { name: 'Send feedback' }).click(),
      );
      expect(down).toMatchObject({
        status: 200,
        body: { rating: { rating: 'down', reasons: ['did_not_answer'], comment: null } },
      });
      await expect(bad).toHaveAttribute('aria-pressed', 'true');
      await saveScreenshot(page, testInfo, 'member-rated');
    });

    test("a shared conversation's page shows its answers without thumbs, to its owner and to a visitor", async ({
      page,
      browser,
      context,
      baseURL,
    }, testInfo) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      const question = `What is the real remedy for the caste system? (shared, ${size.name})`;
      await page.goto('/chat');
      await ask(page, question);
      // In the chat the answer has its thumbs...
      await expect(lastAnswer(page).getByRole('button', { name: 'Good answer' })).toBeVisible();
      await page.getByRole('button', { name: 'Share conversation' }).click();
      await expect(page.getByText('Link copied', { exact: true }).first()).toBeVisible();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(new URL(link).pathname).toMatch(/^\/share\/[\w-]+$/);

      // ...and on the shared page none, whoever opens it: ratings of shared answers are refused.
      const noThumbs = async (view: Page) => {
        await view.goto(link);
        // The question (the page's heading may be the same words: the conversation's title).
        await expect(view.getByText(question, { exact: true }).last()).toBeVisible();
        const answer = view.getByRole('article', { name: 'Answer' });
        await expect(answer).toHaveCount(1);
        await expect(answer).toContainText('most relevant passages');
        // The thumbs load lazily in the chat: wait for the page to settle before counting.
        await view.waitForLoadState('networkidle');
        await expect(view.getByRole('button', { name: 'Good answer' })).toHaveCount(0);
        await expect(view.getByRole('button', { name: 'Bad answer' })).toHaveCount(0);
        await expect(view.getByRole('form', { name: 'What was wrong?' })).toHaveCount(0);
      };
      await noThumbs(page);
      await saveScreenshot(page, testInfo, 'shared-no-thumbs');
      const visitor = await browser.newContext({ ...size.use });
      try {
        await noThumbs(await visitor.newPage());
      } finally {
        await visitor.close();
      }
    });
  });
}
