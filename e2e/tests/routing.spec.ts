import { expect, test } from '@playwright/test';
import { saveScreenshot } from '../support/screenshots.ts';

test('a reload on a deep link serves the app', async ({ page, request }, testInfo) => {
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/chat$/);
  const main = page.getByRole('main');
  await expect(main).toBeVisible();
  const before = await main.textContent();

  await page.reload();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(main).toHaveText(before ?? '');
  await saveScreenshot(page, testInfo, 'chat-after-reload');

  // The server answers every non-API page path with the app itself.
  const share = await request.get('/share/abc');
  expect(share.status()).toBe(200);
  expect(share.headers()['content-type']).toContain('text/html');
  expect(await share.text()).toContain('<div id="root">');
});

test('an unknown page shows the not-found card', async ({ page }, testInfo) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await saveScreenshot(page, testInfo, 'not-found');
});

test('an unknown API path is a JSON 404, not the app', async ({ request }) => {
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({
    error: { code: 'not_found', message: 'Nothing matches GET /api/nope' },
  });
});
