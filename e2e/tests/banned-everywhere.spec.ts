import { expect, type Page, test } from '@playwright/test';
import { E2E_ACCOUNTS, E2E_ADMIN } from '../support/e2e-identities.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { signInThroughProvider } from '../support/sign-in.ts';

// Issue 20, item 10: a member banned by an administrator who signs in again keeps their identity
// for the banned screen (email and reason), and the tab shows the banned screen wherever it goes.
// This spec runs at desktop size only; the account below is the banned-flow account no desktop
// test uses (tests/accounts-signin.spec.ts bans 'banned-desktop' at the same time).
const account = E2E_ACCOUNTS['banned-mobile'];

/** Landing → provider → callback, for an account the server refuses: ends on /banned. */
async function signInAgain(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Email or account ID').fill(account.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/banned\?reason=/, { timeout: 15_000 });
}

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });

test('a banned member who signs in again sees the banned screen with their email, everywhere', async ({
  page,
  context,
  playwright,
  baseURL,
}, testInfo) => {
  await signInThroughProvider(page, account.email);
  const { user } = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()));

  const admin = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  try {
    expect((await admin.post('/api/admin/login', { data: E2E_ADMIN })).status()).toBe(200);
    const reason = 'Repeated abuse of the chat';
    const ban = await admin.patch(`/api/admin/users/${user.id}/ban-status`, {
      data: { banned: true, banReason: reason },
    });
    expect(ban.status()).toBe(200);

    // A fresh start in this browser (no cookies, no tab storage), then sign-in again.
    await context.clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await signInAgain(page);
    await expect(page.getByRole('heading', { name: 'Account Banned' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText(reason)).toBeVisible();
    await saveScreenshot(page, testInfo, 'banned-after-sign-in');

    // The server names the account (403, banned) but gives it no session.
    const session = await page.evaluate(async () => {
      const res = await fetch('/api/auth/session');
      return { status: res.status, body: await res.json() };
    });
    expect(session.status).toBe(403);
    expect(session.body).toMatchObject({ banned: true, reason, user: { email: account.email } });
    const conversations = await page.evaluate(() =>
      fetch('/api/conversations').then((r) => r.status),
    );
    expect(conversations).toBe(401);

    // Going to the chat in the same tab shows the banned screen, not a guest chat.
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/banned\?reason=/);
    await expect(page.getByRole('heading', { name: 'Account Banned' })).toBeVisible();
    await expect(messageBox(page)).toHaveCount(0);

    // Even when the server no longer knows who this was (its cookie gone), the tab's ban details
    // keep it on the banned screen.
    await context.clearCookies();
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/banned\?reason=/);
    await expect(page.getByText(reason)).toBeVisible();
    await expect(messageBox(page)).toHaveCount(0);

    // Sign Out ends it: storage cleared, the guest chat is open again.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/chat');
    await expect(messageBox(page)).toBeVisible();
  } finally {
    await admin.patch(`/api/admin/users/${user.id}/ban-status`, { data: { banned: false } });
    await admin.dispose();
  }
});
