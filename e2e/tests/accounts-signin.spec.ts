import { expect, test } from '@playwright/test';
import { E2E_ACCOUNTS, E2E_ADMIN } from '../support/e2e-identities.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signInThroughProvider } from '../support/sign-in.ts';

test('a member signs in at the provider, lands on /chat signed in, and signs out', async ({
  page,
}, testInfo) => {
  await signInThroughProvider(page, E2E_ACCOUNTS.reader.email);
  const menu = page.getByRole('button', { name: 'Account menu' });
  await expect(menu).toBeVisible();
  await saveScreenshot(page, testInfo, 'signed-in');

  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Account settings' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(
    page.getByText("You've been successfully signed out", { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  const session = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()));
  expect(session).toEqual({ user: null, banned: false });
});

test('a banned member sees the banned screen with the reason, wherever they are', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const account =
    E2E_ACCOUNTS[testInfo.project.name === 'mobile' ? 'banned-mobile' : 'banned-desktop'];
  await signInThroughProvider(page, account.email);
  const { user } = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()));

  // An administrator bans the member through the API, with their own session.
  const admin = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  try {
    expect((await admin.post('/api/admin/login', { data: E2E_ADMIN })).status()).toBe(200);
    const reason = `Posting spam (${testInfo.project.name})`;
    const ban = await admin.patch(`/api/admin/users/${user.id}/ban-status`, {
      data: { banned: true, banReason: reason },
    });
    expect(ban.status()).toBe(200);

    await page.goto('/chat');
    await expect(page).toHaveURL(/\/banned\?reason=/);
    await expect(page.getByRole('heading', { name: 'Account Banned' })).toBeVisible();
    await expect(page.getByText(reason)).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await saveScreenshot(page, testInfo, 'banned');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  } finally {
    await admin.patch(`/api/admin/users/${user.id}/ban-status`, { data: { banned: false } });
    await admin.dispose();
  }
});
