import { randomInt } from 'node:crypto';
import { mkdir, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousAxeViolations as expectNoSeriousViolations } from './axe.ts';
import { E2E_ADMIN } from './e2e-identities.ts';
import { signInThroughProvider } from './sign-in.ts';

/**
 * The members the admin dashboard tests act on: one per flow and project, so parallel tests
 * never change each other's users. They follow the naming of the chat flows' accounts in
 * e2e-identities.ts, where they are registered with the provider.
 */
export const ADMIN_FLOWS = ['admin-role', 'admin-ban', 'admin-limits', 'admin-chats'] as const;

export function adminFlowMember(flow: (typeof ADMIN_FLOWS)[number], testInfo: TestInfo) {
  const id = `${flow}-${testInfo.project.name}`;
  return { email: `${id}@e2e.test`, name: `Member ${flow} ${testInfo.project.name}` };
}

/**
 * No serious or critical axe violations on the dashboard as it is. The app shell's account menu
 * button (not the dashboard's) is left out: it is named "Account menu" but shows the user's
 * initials (label-content-name-mismatch), reported to its owner.
 */
export function expectNoSeriousAxeViolations(page: Page) {
  return expectNoSeriousViolations(page, { exclude: 'header button[aria-label="Account menu"]' });
}

/** /admin → the login form → the dashboard. */
export async function logInAsAdmin(page: Page, credentials = E2E_ADMIN) {
  await page.goto('/admin');
  await fillAdminLogin(page, credentials);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/** The dashboard's Knowledge Base tab, signed in as the admin. */
export async function openKnowledgeBase(page: Page) {
  await logInAsAdmin(page);
  await page.getByRole('tab', { name: 'Knowledge Base' }).click();
  await expect(page.getByRole('heading', { name: 'Upload documents' })).toBeVisible();
}

export async function fillAdminLogin(
  page: Page,
  credentials: { username: string; password: string },
) {
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.getByLabel('Username').fill(credentials.username);
  await form.getByLabel('Password').fill(credentials.password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** The dashboard's search: typed, then Enter; the Users tab shows the results. */
export async function searchUsers(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search users' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
}

/** A table row by some text in it (the user's email). */
export function rowWith(scope: Page | Locator, text: string): Locator {
  return scope.getByRole('row').filter({ hasText: text });
}

export async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  return panel;
}

/** The toast with this title (the newest replaces the one on screen). */
export function toastTitled(page: Page, title: string): Locator {
  return page.getByText(title, { exact: true }).first();
}

/**
 * The Admin Logs tab filtered to `action` (its label), and the rows naming `target`. Newest
 * first, so this test's rows are on the first page.
 */
export async function logRows(page: Page, action: string, target: string) {
  const panel = await openTab(page, 'Admin Logs');
  await panel.getByLabel('Action').selectOption({ label: action });
  await expect(page).toHaveURL(/[?&]action=/);
  return rowWith(panel, target);
}

/**
 * A member signed in through the provider in a browser context of their own (and from their own
 * network address), as a second person at another computer.
 */
export async function memberBrowser(browser: Browser, email: string, baseURL: string | undefined) {
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': ip },
  });
  const page = await context.newPage();
  await signInThroughProvider(page, email);
  return { page, close: () => context.close() };
}

/**
 * Runs `work` while holding a lock shared by all test workers of this run (a directory:
 * creating one is atomic). For what must not overlap, such as changing the one admin password.
 */
export async function withRunLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), `samvad-e2e-${process.env.E2E_PORT}-${name}.lock`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    await rmdir(lock);
  }
}
