import AxeBuilder from '@axe-core/playwright';
import { ask, expect, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// Issue #29, part 7: a PDF source opens in the reader, which draws its page with pdf.js (canvas
// and text layer) and highlights the cited passage on it. Answered from the e2e corpus's
// baws_vol01_annihilation_of_caste.pdf ("The real remedy for breaking Caste is inter-marriage").
const QUESTION = 'What is the real remedy for the caste system?';

/** Letters and digits only, in one case: how the reader compares the quote with the page. */
const comparable = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '');

test('a PDF source opens at its page, drawn, with the cited passage highlighted', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/chat');
  await ask(page, QUESTION);
  const view = page
    .getByRole('article', { name: 'Answer' })
    .last()
    .getByRole('link', { name: /View source/ })
    .and(page.locator('[href^="/sources/"][href*="page="]'))
    .first();
  const href = (await view.getAttribute('href')) ?? '';
  // The API's link (the file at its page) is what the row reads the reader's link from.
  expect(href).toMatch(/^\/sources\/[\w-]+\?page=\d+(&label=[^&]+)?&q=[^&]+$/);
  const target = new URL(href, 'http://x.invalid');
  const pdfPage = target.searchParams.get('page');
  const label = target.searchParams.get('label');
  const quote = target.searchParams.get('q') ?? '';

  const [reader] = await Promise.all([context.waitForEvent('page'), view.click()]);
  await expect(reader.getByRole('heading', { level: 1 })).toContainText('Annihilation');
  const heading = label ? `Printed page ${label} · PDF page ${pdfPage}` : `PDF page ${pdfPage}`;
  await expect(reader.getByRole('heading', { level: 2 })).toHaveText(heading);
  const region = reader.getByRole('region', { name: heading });
  await expect(region).toBeVisible();
  await expect(reader.getByRole('status')).toHaveText('The cited passage is highlighted.');

  // The page is drawn: the canvas has ink on it, not only paper.
  const canvas = region.locator('canvas');
  await expect(canvas).toBeVisible();
  const ink = await canvas.evaluate((element: HTMLCanvasElement) => {
    const { data } = element
      .getContext('2d')
      ?.getImageData(0, 0, element.width, element.height) ?? {
      data: [],
    };
    let dark = 0;
    for (let index = 0; index < data.length; index += 4) {
      if ((data[index] ?? 255) < 128) dark++;
    }
    return { width: element.width, dark };
  });
  expect(ink.width).toBeGreaterThan(300);
  expect(ink.dark).toBeGreaterThan(1000);

  // Its text layer is there, selectable text over the drawn words.
  const runs = region.locator('.textLayer span');
  expect(await runs.count()).toBeGreaterThan(20);
  await expect(region.locator('.textLayer')).toContainText('ANNIHILATION OF CASTE');

  // The highlighted runs hold the cited sentence, and the first is scrolled into view.
  const marks = region.locator('mark');
  await expect(marks.first()).toBeInViewport();
  const marked = comparable((await marks.allTextContents()).join(''));
  const words = quote.split(/\s+/).filter((word) => comparable(word).length >= 5);
  expect(words.length).toBeGreaterThan(1);
  for (const word of words.slice(0, 4)) expect(marked).toContain(comparable(word));
  await saveScreenshot(reader, testInfo, 'pdf page with the passage highlighted');

  // The original stays a click away: the file at this page, and the download.
  await expect(reader.getByRole('link', { name: 'Open the PDF at this page' })).toHaveAttribute(
    'href',
    new RegExp(`^/api/documents/[\\w-]+/file#page=${pdfPage}$`),
  );
  await expect(reader.getByRole('link', { name: 'Download the original' })).toHaveAttribute(
    'download',
    'baws_vol01_annihilation_of_caste.pdf',
  );

  const axe = await new AxeBuilder({ page: reader }).analyze();
  expect(axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual(
    [],
  );
});
