import { expectNoSeriousAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// Each screen, at both sizes, in light and dark: no serious or critical axe violations (in the
// dark, by the rules that read colours: support/axe.ts).
const SCREENS = [
  { path: '/', ready: 'Chat Now (Guest Mode)' },
  { path: '/chat', ready: 'Message' },
  { path: '/donate', ready: 'Back to Chat' },
  { path: '/admin', ready: 'Sign in' },
  { path: '/banned?reason=Testing', ready: 'Account Restricted' },
  { path: '/no-such-page', ready: '404 Page Not Found' },
];

for (const theme of ['light', 'dark'] as const) {
  for (const screen of SCREENS) {
    test(`${screen.path} has no serious accessibility problems (${theme})`, async ({
      page,
    }, testInfo) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(screen.path);
      await expect(
        page.getByText(screen.ready).or(page.getByLabel(screen.ready)).first(),
      ).toBeVisible();
      // Entrance animations (fade-up) end first: mid-fade text is paler than the page it settles
      // into, and on a busy machine axe can otherwise measure the contrast of a half-faded line.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      );
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, testInfo, theme);
    });
  }
}
