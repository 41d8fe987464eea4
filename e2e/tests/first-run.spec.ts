import { expect, test } from '@playwright/test';
import { saveScreenshot } from '../support/screenshots.ts';

// Issue 20, item 1: on an empty knowledge base the chat's welcome screen says so and how to fill
// it, instead of promising cited answers. The e2e servers hold a small corpus (one server per
// run is all the machine affords), so the empty case answers the status call as a fresh install
// does; the server's own answer on an empty and a filled database is covered by
// apps/server/test/first-run.int.test.ts.

const STATUS_PATH = '/api/knowledge/status';
const NOTICE = 'No documents have been added yet.';

test('the welcome screen on an empty knowledge base says how to add documents', async ({
  page,
}, testInfo) => {
  await page.route(`**${STATUS_PATH}`, (route) =>
    route.fulfill({ json: { documents: 0 }, headers: { 'cache-control': 'no-store' } }),
  );
  await page.goto('/chat');
  const notice = page.getByRole('status').filter({ hasText: NOTICE });
  await expect(notice).toBeVisible();
  await expect(notice.getByText('npm run ingest <folder>')).toBeVisible();
  // The persona's promise of cited answers is not made.
  await expect(page.getByText('every answer cites the file and page')).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'empty-knowledge-base');

  await notice.getByRole('link', { name: 'Admin → Knowledge Base' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=knowledge-base$/);
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
});

test('with documents in, the welcome screen promises cited answers as usual', async ({
  page,
  request,
}) => {
  const status = await request.get(STATUS_PATH);
  expect(status.ok()).toBe(true);
  expect((await status.json()).documents).toBeGreaterThan(0);

  await page.goto('/chat');
  await expect(page.getByText(/every answer cites the file and page/)).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});
