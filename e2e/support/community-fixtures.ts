import { type Browser, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousAxeViolations as expectNoSeriousViolations } from './axe.ts';
import { memberFor, signInThroughProvider } from './sign-in.ts';

/**
 * The community flows' members: an account per flow and project (e2e-identities.ts), and a
 * username made from the flow and the project, so the desktop and mobile runs, which share one
 * server, never collide.
 */
export function communityMember(flow: string, testInfo: TestInfo) {
  const { email } = memberFor(flow, testInfo);
  const username = `${flow.replace(/^community-/, '')}-${testInfo.project.name}`;
  return {
    email,
    username,
    displayName: `${flow.replace(/^community-/, '')} ${testInfo.project.name}`,
  };
}

/** A browser of its own (cookies, network address) for a second person. */
export async function newPerson(browser: Browser, baseURL: string | undefined) {
  const ip = `10.${rand(256)}.${rand(256)}.${1 + rand(254)}`;
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': ip },
  });
  return { context, page: await context.newPage() };
}

const rand = (n: number) => Math.floor(Math.random() * n);

/** Signs in through the provider (which lands on /chat), then opens the community. */
export async function signInToCommunity(page: Page, email: string) {
  await signInThroughProvider(page, email);
  await page.goto('/community');
}

/** From the community's intro card: Create Profile, the form, and back to where it leads. */
export async function createProfile(
  page: Page,
  member: { username: string; displayName: string },
  bio = 'Reads the speeches twice.',
) {
  await page.getByRole('link', { name: 'Create Profile' }).click();
  await fillProfileForm(page, member, bio);
}

export async function fillProfileForm(
  page: Page,
  member: { username: string; displayName: string },
  bio: string,
) {
  await expect(page.getByRole('heading', { name: 'Create Profile' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Profile' });
  await form.getByLabel('Username').fill(member.username);
  await expect(form.getByText('This username is available')).toBeVisible();
  await form.getByLabel('Display name').fill(member.displayName);
  await form.getByLabel('Bio').fill(bio);
  await form.getByRole('button', { name: 'Create Profile' }).click();
  await expect(toast(page, 'Profile created')).toBeVisible();
}

/** Writes a post (a quote when asked) in the composer and waits for "Post created". */
export async function writePost(page: Page, text: string, { quote = false } = {}) {
  const composer = page.getByRole('form', { name: 'Create a post' });
  await composer.getByLabel('Post content').fill(text);
  if (quote) {
    const toggle = composer.getByRole('button', { name: 'Quote' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  }
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(page, 'Post created')).toBeVisible();
}

/** The post (its first entry on the page) whose text includes `text`. */
export function postWith(page: Page, text: string): Locator {
  return page.getByRole('article').filter({ hasText: text }).first();
}

/** A like, repost or comment button of a post, by its label ("Like, 3 likes"). */
export function postAction(post: Locator, label: 'Like' | 'Repost' | 'Comment'): Locator {
  return post.getByRole('button', { name: new RegExp(`^${label},`) });
}

/**
 * A toast by its title. Found by its markup rather than its role: while a modal dialog is open
 * the rest of the page, toasts included, is hidden from the accessibility tree.
 */
export function toast(page: Page, title: string): Locator {
  return page
    .locator('[role="region"][aria-label^="Notifications"] li')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();
}

/**
 * No serious or critical axe violations on the page as it is. The header's account menu button
 * is left out: it is the auth feature's (its name "Account menu" does not contain the initials
 * it shows, axe's label-content-name-mismatch), reported to its owner, not the community's.
 */
export async function expectNoSeriousAxeViolations(page: Page) {
  // Entrance animations first: half-faded text would be judged at its passing contrast. Waited
  // for until none starts within 150 ms of the last ending: a toast's code loads on first use, so
  // it can begin fading in after an earlier wait had ended.
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.effect?.getTiming().iterations !== Infinity &&
            animation.playState !== 'finished',
        );
    for (let round = 0; round < 20; round++) {
      await Promise.all(running().map((animation) => animation.finished.catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (running().length === 0) return;
    }
  });
  // A toast closes by itself after 5 s, fading out; one doing so while axe reads the page is
  // judged half-transparent. The screen is what is scanned here: its toasts have gone first.
  await expect(page.locator('[role="region"] li[data-state="open"]')).toHaveCount(0);
  await expectNoSeriousViolations(page, { exclude: '[aria-label="Account menu"]' });
}
