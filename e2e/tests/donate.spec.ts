import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { saveScreenshot } from '../support/screenshots.ts';

type Donation = { upiId: string; payeeName: string; paymentUrl: string; message: string };

async function donationSettings(request: APIRequestContext): Promise<Donation> {
  const res = await request.get('/api/persona');
  expect(res.ok()).toBe(true);
  return (await res.json()).donation;
}

/** Waits out running transitions (a theme switch fades colours), so contrast is read settled. */
const settle = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/** Axe findings that block people (serious or critical), as "rule: target" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    );
}

const upiIdField = (page: Page) => page.getByRole('textbox', { name: 'UPI ID' });
const qrCode = (page: Page) => page.getByRole('img', { name: /^QR code to pay/ });

test('the donation page shows the UPI id, copies it and shows the bills', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const donation = await donationSettings(request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/donate');

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(upiIdField(page)).toHaveValue(donation.upiId);
  await expect(page.getByText(donation.message)).toBeVisible();

  const cardLink = page.getByRole('link', { name: /Donate by card/ });
  await expect(cardLink).toHaveAttribute('href', donation.paymentUrl);
  await expect(cardLink).toHaveAttribute('target', '_blank');
  await expect(cardLink).toHaveAttribute('rel', 'noopener noreferrer');

  const bills = page.getByRole('region', { name: 'Where your donation goes' }).getByRole('img');
  await expect(bills).toHaveCount(3);
  for (const bill of await bills.all()) {
    await bill.scrollIntoViewIfNeeded();
    await expect(bill).toBeVisible();
    // Loaded and drawn, not a broken-image icon.
    expect(await bill.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
      240,
    );
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, testInfo, 'donate');

  await page.getByRole('button', { name: 'Copy UPI ID' }).click();
  const copied = page.getByRole('button', { name: 'Copied' });
  await expect(copied).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(donation.upiId);
  await saveScreenshot(page, testInfo, 'copied');
  // The 'copied' state lasts 2 seconds.
  await expect(page.getByRole('button', { name: 'Copy UPI ID' })).toBeVisible({ timeout: 4_000 });
  await expect(copied).toBeHidden();
});

test('the QR code shows on desktop only; phones get a UPI-app link', async ({
  page,
  request,
}, testInfo) => {
  const donation = await donationSettings(request);
  await page.goto('/donate');
  await expect(upiIdField(page)).toHaveValue(donation.upiId);

  if (testInfo.project.name === 'desktop') {
    await expect(qrCode(page)).toBeVisible();
    await expect(qrCode(page)).toHaveAttribute('src', /^data:image\/svg\+xml/);
    const size = await qrCode(page).evaluate((img: HTMLImageElement) => [
      img.complete,
      img.naturalWidth > 0,
    ]);
    expect(size).toEqual([true, true]);
    await expect(page.getByRole('link', { name: 'Open in a UPI app' })).toHaveCount(0);
  } else {
    await expect(page.getByRole('link', { name: 'Open in a UPI app' })).toHaveAttribute(
      'href',
      /^upi:\/\/pay\?pa=/,
    );
    await expect(qrCode(page)).toHaveCount(0);
  }

  // Resizing across 768px adds or removes the code.
  const wide = testInfo.project.name === 'desktop';
  await page.setViewportSize(wide ? { width: 767, height: 800 } : { width: 768, height: 844 });
  if (wide) await expect(qrCode(page)).toHaveCount(0);
  else await expect(qrCode(page)).toBeVisible();
});

test("'Back to Chat' goes to the chat", async ({ page }) => {
  await page.goto('/donate');
  await page.getByRole('link', { name: 'Back to Chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});

test('the donation page has no serious accessibility problems, light or dark', async ({
  page,
}, testInfo) => {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto('/donate');
  await expect(upiIdField(page)).toBeVisible();
  if (testInfo.project.name === 'desktop') await expect(qrCode(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, testInfo, 'dark');
});
