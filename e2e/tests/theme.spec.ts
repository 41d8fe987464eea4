import { expect, type Page, test } from '@playwright/test';
import { saveScreenshot } from '../support/screenshots.ts';

async function chooseTheme(page: Page, name: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: 'Change theme' }).click();
  await page.getByRole('menuitemradio', { name }).click();
}

const html = (page: Page) => page.locator('html');

test('a chosen theme persists across reloads', async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(html(page)).not.toHaveClass(/\bdark\b/);

  await chooseTheme(page, 'Dark');
  await expect(html(page)).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await saveScreenshot(page, testInfo, 'dark');

  await chooseTheme(page, 'Light');
  await page.reload();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await saveScreenshot(page, testInfo, 'light');
});

test('system follows the operating system and is not stored', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await chooseTheme(page, 'Dark');
  await chooseTheme(page, 'System');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);

  // A change of the OS setting applies at once, without a reload.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
});
