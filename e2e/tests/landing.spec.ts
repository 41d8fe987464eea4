import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { saveScreenshot } from '../support/screenshots.ts';

type Persona = { productName: string; headlineLines: string[]; tagline: string };

async function persona(request: APIRequestContext): Promise<Persona> {
  const res = await request.get('/api/persona');
  expect(res.ok()).toBe(true);
  return res.json();
}

/** The headline text a sighted user sees right now (typed so far), without hidden layout copies. */
const visibleHeadline = (page: Page) =>
  page.getByRole('heading', { level: 1 }).evaluate((heading) => {
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    let text = '';
    while (walker.nextNode()) {
      const parent = walker.currentNode.parentElement;
      if (parent?.closest('.sr-only')) continue;
      if (parent?.checkVisibility({ visibilityProperty: true }))
        text += walker.currentNode.textContent;
    }
    return text;
  });

const guestButton = (page: Page) =>
  page
    .getByRole('link', { name: 'Chat Now (Guest Mode)' })
    .or(page.getByRole('button', { name: 'Chat Now (Guest Mode)' }));

test('the landing page types the headline, shows the tagline and offers guest chat', async ({
  page,
  request,
}, testInfo) => {
  const texts = await persona(request);
  await page.goto('/');

  await expect(page).toHaveTitle(new RegExp(texts.productName));
  await expect(page.getByText(texts.tagline)).toBeVisible();
  // The first headline line is typed out letter by letter until it is complete.
  const firstLine = texts.headlineLines[0] ?? '';
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const text = await visibleHeadline(page);
        seen.add(text);
        return text;
      },
      { intervals: [40], timeout: 10_000 },
    )
    .toBe(firstLine);
  const partial = [...seen].filter((text) => text.length > 0 && text.length < firstLine.length);
  expect(partial.length).toBeGreaterThan(0);
  expect(partial.every((text) => firstLine.startsWith(text))).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(firstLine);
  // Sign-in is configured on this server (a loopback OpenID Connect provider).
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await saveScreenshot(page, testInfo, 'landing');

  await guestButton(page).click();
  await expect(page).toHaveURL(/\/chat$/);
  await saveScreenshot(page, testInfo, 'chat');
});

test('without a client id the sign-in button reads Sign in Unavailable', async ({ page }) => {
  await page.route('**/api/auth/google-client-id', (route) =>
    route.fulfill({ json: { clientId: null } }),
  );
  await page.goto('/');
  const signIn = page.getByRole('button', { name: 'Sign in Unavailable' });
  await expect(signIn).toBeVisible();
  await expect(signIn).toBeDisabled();
});

test('without animation the headline shows at once (reduced motion)', async ({ page, request }) => {
  const texts = await persona(request);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    texts.headlineLines[0] ?? '',
    {
      timeout: 1_000,
    },
  );
});

test('the sign-in button reads Please wait while loading, then Sign in once configured', async ({
  page,
}, testInfo) => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/google-client-id', async (route) => {
    await released;
    await route.fulfill({ json: { clientId: 'e2e-client.apps.googleusercontent.com' } });
  });

  await page.goto('/');
  const waiting = page.getByRole('button', { name: 'Please wait' });
  await expect(waiting).toBeVisible();
  await expect(waiting).toBeDisabled();
  await saveScreenshot(page, testInfo, 'please-wait');

  release();
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(signIn).toBeEnabled();
});

test('a failing sign-in configuration shows the Authentication Error toast', async ({
  page,
}, testInfo) => {
  await page.route('**/api/auth/google-client-id', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } }),
  );
  await page.goto('/');
  await expect(page.getByText('Authentication Error', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Failed to fetch Google configuration. Authentication may not work properly.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in Unavailable' })).toBeDisabled();
  await saveScreenshot(page, testInfo, 'auth-error-toast');
});
