import AxeBuilder from '@axe-core/playwright';
import { corpusFile } from '@samvad/server/test/support/corpus.ts';
import { openKnowledgeBase } from '../support/admin-fixtures.ts';
import { askAsGuest, expect, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// The server starts with Annihilation of Caste; each project uploads another BAWS chapter, and
// asks what only that chapter answers, so the two projects running at once keep apart.
const UPLOADS: Record<string, { file: string; pages: number; question: string }> = {
  desktop: {
    file: 'baws_vol01_thoughts_on_linguistic_states.pdf',
    pages: 34,
    question: 'Why did Ambedkar support linguistic states with one language for one state?',
  },
  mobile: {
    file: 'baws_vol01_ranade_gandhi_and_jinnah.pdf',
    pages: 36,
    question: 'What did Ambedkar say about the birthday of Ranade and hero worship?',
  },
};

test('an admin uploads a document that answers then cite, and removing it takes the citation away', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const upload = UPLOADS[testInfo.project.name];
  if (!upload) throw new Error(`no upload for project ${testInfo.project.name}`);
  const { file, pages, question } = upload;

  await openKnowledgeBase(page);
  // Every state the progress bar passes through, however quickly the server reads the file.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const text = bar.getAttribute('aria-valuetext');
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });

  await page.getByLabel('Choose files').setInputFiles(corpusFile('ambedkar', 'pdf', file));
  await expect(page.getByRole('list', { name: 'Selected files' })).toContainText(file);
  const uploaded = page.waitForResponse(
    (res) => res.url().endsWith('/api/admin/documents') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Upload' }).click();
  expect((await uploaded).headers()['content-type']).toContain('application/x-ndjson');

  const progress = page.getByRole('list', { name: 'Upload progress' });
  const bar = progress.getByRole('progressbar', { name: `${file}: progress` });
  await expect(progress.getByText('Ingested', { exact: true })).toBeVisible({ timeout: 60_000 });
  const result = progress.getByText(new RegExp(`^Ingested: ${pages} pages, \\d+ chunks\\.$`));
  await expect(result).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  const chunks = Number((await result.textContent())?.match(/(\d+) chunks/)?.[1]);
  expect(chunks).toBeGreaterThan(10);

  const seen = await page.evaluate(
    () => (window as unknown as { progressSeen: string[] }).progressSeen,
  );
  expect(seen.some((text) => new RegExp(`^Reading page \\d+ of ${pages}$`).test(text))).toBe(true);
  // The chunk stage ('N pages · M chunks, saving…') can be replaced by the result within one
  // render when both events arrive together; the result above carries the chunk count.
  await expect(page.getByText('Upload finished', { exact: true })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: file });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(pages));
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(chunks));
  await saveScreenshot(page, testInfo, 'knowledge-base-uploaded');
  // The table scrolls inside its frame; the page itself never scrolls sideways.
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
  const axe = await new AxeBuilder({ page }).include('[role="tabpanel"]').analyze();
  expect(axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual(
    [],
  );

  // A guest's answer now cites the uploaded file in its sources.
  const cited = await askAsGuest(browser, question);
  await expect(cited.answer.getByRole('list', { name: /sources/i })).toContainText(file);
  await cited.close();

  await row.getByRole('button', { name: `Remove ${file}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove document' });
  await expect(dialog).toContainText(`${chunks} chunks`);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Document removed', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: file })).toHaveCount(0);

  // Asked again, the answer no longer cites it.
  const after = await askAsGuest(browser, question);
  await expect(after.answer).not.toContainText(file);
  await after.close();
});
