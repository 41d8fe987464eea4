import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { ask, expect, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// Issue 20, item 7: 'View source' opens every format at the passage. The formats of the e2e
// corpus other than PDF (Kalpit's .txt speeches, the Constituent Assembly's .html sitting:
// support/start-server.ts) open in the source reader, /sources/<document>?chunk=<passage>, with
// the passage highlighted, in view and focused. PDFs open in the reader at their page
// (/sources/<document>?page=N&q=…, issue #29: pdf-highlight.spec.ts).

// Answered from Kalpit's speech2.txt alone ("The Buddha was against ritualism…"): an answer lists
// only the passages it quotes (issue #29), so the question must be one a text file answers.
const TEXT_QUESTION = 'Was the Buddha against ritualism and the authority of the Vedas?';
const DEBATE_QUESTION = 'What did Ambedkar say about the grammar of anarchy?';

/** The first 'View source' of the last answer that opens in the reader. */
function readerLink(page: Page) {
  return page
    .getByRole('article', { name: 'Answer' })
    .last()
    .getByRole('link', { name: /View source/ })
    .and(page.locator('[href^="/sources/"]'))
    .first();
}

async function openInReader(page: Page, context: BrowserContext) {
  const link = readerLink(page);
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/sources\/[\w-]+\?chunk=[\w-]+(#p-[\d.]+)?$/);
  const [reader] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(reader).toHaveURL(new RegExp(`${href.replace(/[?.#]/g, '\\$&')}$`));
  const cited = reader.locator('[aria-current="true"]');
  await expect(cited).toBeVisible();
  await expect(cited).toBeInViewport();
  await expect(cited).toBeFocused();
  await expect(cited.getByText('Cited passage')).toBeVisible();
  return { reader, cited, href };
}

test('a text source opens in the reader at its passage, and its original downloads', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/chat');
  await ask(page, TEXT_QUESTION);
  const { reader, cited } = await openInReader(page, context);

  // The passage is the one the answer cites: its source row's excerpt is in it.
  const row = page
    .getByRole('article', { name: 'Answer' })
    .last()
    .getByRole('listitem')
    .filter({ has: page.locator('a[href^="/sources/"]') })
    .first();
  await expect(row).toContainText(/speech\d\.txt/);
  const title = reader.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  await expect(cited).toContainText(/\w{4,}/);
  await saveScreenshot(reader, testInfo, 'reader at the passage');

  const download = reader.getByRole('link', { name: 'Download the original' });
  const fileName = await download.getAttribute('download');
  expect(fileName).toMatch(/^speech\d\.txt$/);
  const [file] = await Promise.all([reader.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(fileName);
  expect(await file.failure()).toBeNull();

  const axe = await new AxeBuilder({ page: reader }).analyze();
  expect(axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual(
    [],
  );
});

test('a debate source opens at its paragraph, with its id shown', async ({ page, context }) => {
  await page.goto('/chat');
  await ask(page, DEBATE_QUESTION);
  const row = page
    .getByRole('article', { name: 'Answer' })
    .last()
    .getByRole('listitem')
    .filter({ hasText: 'cad_volume_11_25-nov-1949.html' })
    .first();
  // Titles first, the file name under them (item 8).
  await expect(row).toContainText('Constituent Assembly Debates, 25 Nov 1949');
  await expect(row).toContainText(/¶ 11\.165\.\d+/);
  const { reader, cited, href } = await openInReader(page, context);
  const paragraph = href.split('#p-')[1];
  expect(paragraph).toMatch(/^11\.165\.\d+$/);
  await expect(cited.getByRole('link', { name: `¶ ${paragraph}` })).toBeVisible();
  await expect(reader.locator(`[id="p-${paragraph}"]`)).toBeInViewport();
});

test('a PDF source opens in the reader at its page, not in the browser viewer', async ({
  page,
}) => {
  await page.goto('/chat');
  await ask(
    page,
    'What did Ambedkar say about the Jat-Pat-Todak Mandal and the presidential address?',
  );
  const links = page
    .getByRole('article', { name: 'Answer' })
    .last()
    .getByRole('link', {
      name: /View source/,
    });
  await expect(
    links.and(page.locator('[href^="/sources/"][href*="page="]')).first(),
  ).toHaveAttribute('href', /^\/sources\/[\w-]+\?page=\d+(&label=[^&]+)?&q=[^&]+$/);
  await expect(links.and(page.locator('[href*="/file#page="]'))).toHaveCount(0);
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the reader opens at the passage, highlighted and in view', async ({
    page,
    context,
  }, testInfo) => {
    await page.goto('/chat');
    await ask(page, TEXT_QUESTION);
    const { reader, cited } = await openInReader(page, context);
    const box = await cited.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    // No sideways scrolling on a phone.
    const overflow = await reader.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(reader, testInfo, 'reader at the passage');
  });
});
