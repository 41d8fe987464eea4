import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

const artifactsDir = path.resolve(import.meta.dirname, '../artifacts');

/**
 * Saves a full-page screenshot named after the test, the project (size) and a step, when
 * E2E_SCREENSHOTS is set: they are for people reviewing the screens, and on a shared 2-core CI
 * machine the full-page captures were minutes of the run. The wait for entrance animations
 * happens either way, so a test runs the same steps whether or not it captures.
 */
export async function saveScreenshot(page: Page, testInfo: TestInfo, step: string): Promise<void> {
  const name = `${testInfo.titlePath.slice(1).join(' - ')} - ${step}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  // Let entrance animations settle; endless ones (a blinking caret) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({
    path: path.join(artifactsDir, testInfo.project.name, `${name}.png`),
    fullPage: true,
  });
}
