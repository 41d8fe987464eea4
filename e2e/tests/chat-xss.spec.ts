import type { Page } from '@playwright/test';
import { XSS_PAYLOADS } from '../../apps/web/src/features/message-content/lib/xss-payloads.ts';
import { expect, test } from '../support/chat-fixtures.ts';

/** Nothing from the payloads may run, load or link out: no dialogs, no script-capable markup. */
async function expectInert(page: Page, dialogs: string[]) {
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  const findings = await page.evaluate(() => {
    // The conversation as rendered (the app's own form and icons sit outside it).
    const main = document.querySelector('[data-testid="message-scroller"]') ?? document.body;
    const bad: string[] = [];
    for (const element of main.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      if (['script', 'iframe', 'object', 'embed', 'img', 'form'].includes(tag)) bad.push(tag);
      for (const attribute of element.attributes) {
        if (attribute.name.startsWith('on')) bad.push(`${tag}[${attribute.name}]`);
        if (['href', 'src', 'xlink:href', 'action'].includes(attribute.name)) {
          const value = attribute.value.trim();
          const ok =
            /^https?:\/\//i.test(value) || /^\/(?!\/)/.test(value) || value.startsWith('#');
          if (!ok) bad.push(`${tag}[${attribute.name}=${value}]`);
        }
      }
    }
    return bad;
  });
  expect(findings).toEqual([]);
}

const payloadMessages = XSS_PAYLOADS.flatMap((payload) => [
  { role: 'user', content: payload, sources: [], timestamp: new Date().toISOString() },
  {
    role: 'assistant',
    content: `${payload} [1]`,
    sources: [{ file_name: payload, page: 1, score: 0.5, link: 'javascript:alert(1)' }],
    timestamp: new Date().toISOString(),
  },
]);

test('payloads in a guest conversation’s messages, title and sources run nothing', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const id = 'xssxssxssxssxssxssxss';
  await page.addInitScript(
    ({ id, messages, title }) => {
      sessionStorage.setItem(
        'samvad.guestConversations',
        JSON.stringify([
          {
            id,
            title,
            userId: 'anonymous',
            archived: false,
            createdAt: 'not a date',
            updatedAt: 'not a date',
            isShared: false,
            shareableId: null,
            messages: messages.map((m, i) => ({ ...m, key: `k${i}` })),
          },
        ]),
      );
    },
    { id, messages: payloadMessages, title: '<img src=x onerror=alert(1)>' },
  );
  await page.goto(`/chat?c=${id}`);
  await expect(page.getByRole('article', { name: 'Answer' }).first()).toBeVisible();
  await expectInert(page, dialogs);
});

test('payloads in a shared conversation run nothing', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/chat');
  const shareableId = await page.evaluate(
    async (messages) => {
      const response = await fetch('/api/conversations/xssxssxssxssxssxssxsy/share', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: '<svg onload=alert(1)>', messages }),
      });
      return ((await response.json()) as { shareableId: string }).shareableId;
    },
    payloadMessages.slice(0, 200),
  );
  await page.goto(`/share/${shareableId}`);
  await expect(page.getByRole('article', { name: 'Answer' }).first()).toBeVisible();
  await expectInert(page, dialogs);
});
