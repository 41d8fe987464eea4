import { expect, test } from '@playwright/test';
import { saveScreenshot } from '../support/screenshots.ts';

// What works against the real server without a sign-in provider configured: the banned screen
// and the admin login form. (Google sign-in itself needs a provider; the unit tests cover it.)

test('the banned screen shows the reason and Sign Out clears storage and goes home', async ({
  page,
}, testInfo) => {
  await page.goto('/banned?reason=Spamming');
  await expect(page.getByRole('heading', { name: 'Account Restricted' })).toBeVisible();
  await expect(page.getByText('Spamming', { exact: true })).toBeVisible();
  await expect(
    page.getByText('You cannot use the chat while your account is restricted.'),
  ).toBeVisible();
  await saveScreenshot(page, testInfo, 'banned');

  await page.evaluate(() => {
    localStorage.setItem('theme', 'dark');
    sessionStorage.setItem('banDetails', JSON.stringify({ banned: true, reason: 'Spamming' }));
  });
  const signOut = page.waitForResponse(
    (res) => res.url().endsWith('/api/auth/signout') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Sign Out' }).click();
  expect((await signOut).status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Chat Now (Guest Mode)' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
});

test('the admin login form asks for both fields', async ({ page }, testInfo) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('autocomplete', 'username');
  await expect(page.getByLabel('Password')).toHaveAttribute('autocomplete', 'current-password');
  await expect(page.getByText(/There are no default credentials/)).toBeVisible();
  await saveScreenshot(page, testInfo, 'admin-login');

  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter both username and password');
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();
  await saveScreenshot(page, testInfo, 'admin-login-empty');
});

test('a wrong admin username or password is refused with a message', async ({ page }, testInfo) => {
  await page.goto('/admin');
  // One attempt per screen size, each with its own name: the server throttles repeated failures.
  await page.getByLabel('Username').fill(`e2e-nobody-${testInfo.project.name}`);
  await page.getByLabel('Password').fill('not the password');
  const login = page.waitForResponse((res) => res.url().endsWith('/api/admin/login'));
  await page.getByRole('button', { name: 'Log in' }).click();
  expect((await login).status()).toBe(401);
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid username or password. Please try again.',
  );
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'admin-login-refused');
});
