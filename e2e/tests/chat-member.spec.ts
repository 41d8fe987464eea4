import AxeBuilder from '@axe-core/playwright';
import { ask, expect, openSidebar, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { memberFor, signInThroughProvider } from '../support/sign-in.ts';

const QUESTION = 'What is the real remedy for the caste system?';

test('a member’s conversation persists across a reload and in another browser', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = memberFor('chat', testInfo);
  await signInThroughProvider(page, member.email);
  const question = `${QUESTION} (${Date.now()})`;
  await ask(page, question);
  await expect(page.getByRole('article', { name: 'Answer' }).last()).toContainText(
    'most relevant passages',
  );
  await expect(page).toHaveURL(/\/chat\?c=/);
  await saveScreenshot(page, testInfo, 'answered');

  await page.reload();
  await expect(page.getByText(question)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Answer' }).last()).toContainText(
    'most relevant passages',
  );
  await openSidebar(page);
  await expect(
    page.getByRole('navigation', { name: 'Conversations' }).getByText(question.slice(0, 30)),
  ).toBeVisible();

  const other = await browser.newContext();
  try {
    const elsewhere = await other.newPage();
    await signInThroughProvider(elsewhere, member.email);
    await openSidebar(elsewhere);
    await elsewhere
      .getByRole('navigation', { name: 'Conversations' })
      .getByText(question.slice(0, 30))
      .click();
    await expect(elsewhere.getByText(question)).toBeVisible();
    await expect(elsewhere.getByRole('list', { name: /sources/i }).first()).toBeVisible();
  } finally {
    await other.close();
  }
});

test('a member renames, archives, restores and deletes a conversation', async ({
  page,
}, testInfo) => {
  await signInThroughProvider(page, memberFor('lists', testInfo).email);
  await ask(page, QUESTION);
  await openSidebar(page);
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  const title = QUESTION.slice(0, 30);
  await expect(sidebar.getByText(title).first()).toBeVisible();

  await sidebar
    .getByRole('button', { name: `Actions for ${title}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename conversation' });
  await renameDialog.getByLabel('Title').fill(`Remedies ${testInfo.project.name}`);
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Conversation renamed', { exact: true })).toBeVisible();
  const renamed = `Remedies ${testInfo.project.name}`;
  await expect(sidebar.getByText(renamed)).toBeVisible();
  await saveScreenshot(page, testInfo, 'renamed');

  await sidebar.getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByText('Conversation archived', { exact: true })).toBeVisible();
  await sidebar.getByRole('tab', { name: 'Archived' }).click();
  await expect(sidebar.getByText(renamed)).toBeVisible();

  await sidebar.getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByText('Conversation unarchived', { exact: true })).toBeVisible();
  await sidebar.getByRole('tab', { name: 'Active' }).click();
  await expect(sidebar.getByText(renamed)).toBeVisible();

  await sidebar.getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete conversation' });
  await expect(confirm).toContainText('Are you sure you want to delete this conversation?');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual(
    [],
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Conversation deleted', { exact: true })).toBeVisible();
  await expect(sidebar.getByText(renamed)).toHaveCount(0);
});

test('a shared link opens read-only in a fresh browser, and stops working once revoked', async ({
  page,
  browser,
  context,
  baseURL,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signInThroughProvider(page, memberFor('share', testInfo).email);
  await ask(page, QUESTION);
  await page.getByRole('button', { name: 'Share conversation' }).click();
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseURL}/share/[\\w-]+$`));

  const visitor = await browser.newContext();
  try {
    const view = await visitor.newPage();
    await view.goto(link);
    // The page's heading is the conversation's title, whole (issue 27: "…remedy for th..."),
    // and the question is under it.
    await expect(view.getByRole('heading', { level: 1 })).toHaveText(QUESTION);
    await expect(view.getByText(QUESTION).last()).toBeVisible();
    await expect(
      view.getByText('This is a shared view-only conversation. You cannot send messages here.'),
    ).toBeVisible();
    await expect(view.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await saveScreenshot(view, testInfo, 'shared-view');
    const axe = await new AxeBuilder({ page: view }).analyze();
    expect(axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual(
      [],
    );

    await openSidebar(page);
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    const row = sidebar.getByRole('listitem').filter({ hasText: '· Shared' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Actions for ${QUESTION.slice(0, 30)}` }).click();
    await page.getByRole('menuitem', { name: 'Revoke link' }).click();
    await expect(page.getByText('Link revoked', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);

    const alert = view.waitForEvent('dialog');
    await view.goto(link);
    const dialog = await alert;
    expect(dialog.message()).toBe(
      'This shared conversation could not be loaded. It may have been deleted or made private.',
    );
    await dialog.accept();
    await expect(view).toHaveURL(`${baseURL}/`);
  } finally {
    await visitor.close();
  }
});
