import { ask, expect, openSidebar, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { memberFor } from '../support/sign-in.ts';

test('after signing in, a guest is offered their browser conversations and imports them', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const question = `What is the real remedy for the caste system? (${testInfo.project.name})`;
  await page.goto('/chat');
  await ask(page, question);

  // Sign in from the chat screen, in the same tab (session storage survives the round trip).
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Email or account ID').fill(memberFor('import', testInfo).email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/chat$/, { timeout: 15_000 });

  const offer = page.getByRole('region', { name: 'Import conversations' });
  await expect(offer).toContainText('You have 1 conversation from before you signed in.');
  await saveScreenshot(page, testInfo, 'import-offer');
  await offer.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Conversations imported', { exact: true })).toBeVisible();
  await expect(offer).toHaveCount(0);

  await openSidebar(page);
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await sidebar.getByText(question.slice(0, 30)).first().click();
  // In the conversation (its sidebar row holds it too, as the title).
  await expect(page.locator('main').getByText(question)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Answer' }).first()).toContainText(
    'most relevant passages',
  );
});
