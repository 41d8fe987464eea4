import { randomInt } from 'node:crypto';
import { type Browser, test as base, expect, type Page } from '@playwright/test';

/** The second server, answering with the loopback model (support/fake-llm.ts). */
export const llmBaseURL = `http://127.0.0.1:${process.env.E2E_LLM_APP_PORT}`;

/**
 * Each test comes from its own network (the server trusts X-Forwarded-For here), so guests'
 * per-network daily limits start from zero in every test.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': ip });
  },
});
export { expect };

/** Sends a question through the message box and waits until the answer has finished. */
export async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  // Wait for the streamed reply itself to end: the Stop button is not on screen yet right after
  // Enter, so waiting only for it to be gone could return before the answer was drawn (and a
  // click then lands on a row that the end of the stream redraws).
  const reply = page.waitForResponse(
    (response) => response.url().endsWith('/api/chat') && response.request().method() === 'POST',
  );
  await box.press('Enter');
  await (await reply).finished();
  await expect(page.getByRole('button', { name: 'Stop generating' })).toHaveCount(0, {
    timeout: 20_000,
  });
}

/** Opens the sidebar on small screens (it is always shown on desktop). */
export async function openSidebar(page: Page) {
  const open = page.getByRole('button', { name: 'Open sidebar' });
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await expect(open.or(sidebar).first()).toBeVisible();
  if (await open.isVisible()) await open.click();
  await expect(sidebar).toBeVisible();
}

/** A guest from a network of its own asks in a fresh /chat; returns the page and the answer. */
export async function askAsGuest(browser: Browser, question: string) {
  const context = await browser.newContext({
    extraHTTPHeaders: {
      'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    },
  });
  const page = await context.newPage();
  await page.goto('/chat');
  await ask(page, question);
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  await expect(answer).not.toBeEmpty();
  return { page, answer, close: () => context.close() };
}
