import { expect, type Page, type TestInfo } from '@playwright/test';
import { E2E_ACCOUNTS } from './e2e-identities.ts';

/** Landing → provider's login page → callback → /chat, as a person would click through it. */
export async function signInThroughProvider(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Email or account ID').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Processing Authentication')).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/, { timeout: 15_000 });
}

/** The account a flow uses in this project (desktop or mobile), so parallel tests stay apart. */
export function memberFor(flow: string, testInfo: TestInfo) {
  const account = (E2E_ACCOUNTS as Record<string, { email: string } | undefined>)[
    `${flow}-${testInfo.project.name}`
  ];
  if (!account) throw new Error(`no e2e account for ${flow}-${testInfo.project.name}`);
  return account;
}
