import AxeBuilder from '@axe-core/playwright';
import { ask, expect, openSidebar, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';

test('a guest asks an example question and reads a cited, streamed answer', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('multilingual-hint')).toBeVisible();
  await saveScreenshot(page, testInfo, 'welcome');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual(
    [],
  );

  const example = page
    .getByRole('region', { name: 'Example questions' })
    .getByRole('button')
    .first();
  const question = (await example.textContent()) ?? '';
  const chatResponse = page.waitForResponse('**/api/chat');
  await example.click();
  const request = (await chatResponse).request();
  expect(request.postDataJSON()).toMatchObject({
    question,
    chat_history: [],
    detected_language: 'en',
  });
  await expect(page.getByRole('button', { name: 'Stop generating' })).toHaveCount(0);

  const answer = page.getByRole('article', { name: 'Answer' }).last();
  await expect(answer).toContainText('Here are the most relevant passages');
  const sources = answer.getByRole('list', { name: /sources/i });
  await expect(sources.getByRole('listitem').first()).toContainText('%');
  await saveScreenshot(page, testInfo, 'answered');

  // View source opens the source in the reader: text formats at the passage (`?chunk=…`, issue
  // 20), a PDF at its page with the cited text (`?page=…&q=…`, issue #29); a PDF without a page,
  // the file itself.
  const view = answer.getByRole('link', { name: /View source/ }).first();
  const href = await view.getAttribute('href');
  expect(href).toMatch(
    /^(\/api\/documents\/[^/]+\/file|\/sources\/[\w-]+\?(chunk=[\w-]+(#p-[\d.]+)?|page=\d+(&label=[^&]+)?(&q=[^&]+)?))$/,
  );
  const [popup] = await Promise.all([context.waitForEvent('page'), view.click()]);
  await expect(popup).toHaveURL(new RegExp(`${href?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  const original = await page.request.get(href ?? '');
  expect(original.ok()).toBe(true);

  const after = await new AxeBuilder({ page }).analyze();
  expect(after.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual(
    [],
  );
});

test('a guest sees a PDF source open in the reader at its page', async ({ page, context }) => {
  await page.goto('/chat');
  await ask(
    page,
    'What did Ambedkar say about the Jat-Pat-Todak Mandal and the presidential address?',
  );
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  const pdfLink = answer
    .getByRole('link', { name: /View source/ })
    .and(page.locator('[href^="/sources/"][href*="page="]'))
    .first();
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  const href = (await pdfLink.getAttribute('href')) ?? '';
  const pdfPage = new URL(href, page.url()).searchParams.get('page');
  const [popup] = await Promise.all([context.waitForEvent('page'), pdfLink.click()]);
  expect(popup.url()).toContain(href);
  // The file itself, at the page, is one click away in the reader.
  const original = popup.getByRole('link', { name: 'Open the PDF at this page' });
  await expect(original).toHaveAttribute('href', new RegExp(`/file#page=${pdfPage}$`));
  const file = await page.request.get((await original.getAttribute('href')) ?? '');
  expect(file.headers()['content-type']).toContain('application/pdf');
});

test('the sidebar is a drawer on small screens that closes on an outside click', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the drawer exists below 768px only');
  await page.goto('/chat');
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeHidden();
  await openSidebar(page);
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  await expect(page.getByText('Sign in to save your conversations')).toBeVisible();
  await saveScreenshot(page, testInfo, 'drawer-open');
  await page.getByTestId('drawer-backdrop').click({ position: { x: 370, y: 400 } });
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeHidden();
});
