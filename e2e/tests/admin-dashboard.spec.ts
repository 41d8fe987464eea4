import type { Page } from '@playwright/test';
import {
  adminFlowMember,
  expectNoSeriousAxeViolations,
  fillAdminLogin,
  logInAsAdmin,
  logRows,
  memberBrowser,
  openTab,
  rowWith,
  searchUsers,
  toastTitled,
  withRunLock,
} from '../support/admin-fixtures.ts';
import { ask, expect, llmBaseURL, test } from '../support/chat-fixtures.ts';
import { E2E_ADMIN } from '../support/e2e-identities.ts';
import { saveScreenshot } from '../support/screenshots.ts';

const QUESTION = 'What is the real remedy for the caste system?';
const TABS = [
  'Users',
  'Conversations',
  'User Metrics',
  'Admin Logs',
  'Rate Limits',
  'Knowledge Base',
  'Quality',
] as const;

/** Wide tables scroll inside their cards: the page itself never scrolls sideways. */
async function expectNoPageOverflow(page: Page) {
  const [scrollWidth, viewport] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(viewport);
  expect(viewport).toBe(page.viewportSize()?.width);
}

// Changing the password signs out the admin's other sessions, so this runs on the second
// server (no other test signs in as its admin there), one project at a time.
test.describe('on the model server', () => {
  test.use({ baseURL: llmBaseURL });

  test('logs in with the bootstrap credentials and changes the password', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const changed = `${E2E_ADMIN.password} changed on ${testInfo.project.name}`;
    await withRunLock('admin-password', async () => {
      await page.goto('/admin');
      await fillAdminLogin(page, E2E_ADMIN);
      await expect(toastTitled(page, 'Login successful')).toBeVisible();
      await expect(page.getByText(`Signed in as ${E2E_ADMIN.username}`)).toBeVisible();

      await page.getByRole('button', { name: 'Password Management' }).click();
      const dialog = page.getByRole('dialog', { name: 'Password Management' });
      const submit = dialog.getByRole('button', { name: 'Change password' });
      await submit.click();
      await expect(dialog.getByRole('alert')).toHaveText('All fields are required');
      await dialog.getByLabel('Current password').fill(E2E_ADMIN.password);
      await dialog.getByLabel('New password', { exact: true }).fill(changed);
      await dialog.getByLabel('Confirm new password').fill(`${changed}!`);
      await submit.click();
      await expect(dialog.getByText('New passwords do not match')).toBeVisible();
      await saveScreenshot(page, testInfo, 'password-dialog');
      await dialog.getByLabel('Confirm new password').fill(changed);
      await submit.click();
      await expect(toastTitled(page, 'Password changed')).toBeVisible();
      await expect(dialog).toHaveCount(0);

      try {
        await page.getByRole('button', { name: 'Logout' }).click();
        await expect(toastTitled(page, 'Logged out')).toBeVisible();
        await expect(page).toHaveURL(/\/admin$/);
        await fillAdminLogin(page, E2E_ADMIN);
        await expect(page.getByRole('alert')).toHaveText(
          'Invalid username or password. Please try again.',
        );
        await fillAdminLogin(page, { ...E2E_ADMIN, password: changed });
        await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

        // The audit log has the change and both kinds of login.
        await expect(
          (await logRows(page, 'Password change', E2E_ADMIN.username)).first(),
        ).toBeVisible();
        await expect(
          (await logRows(page, 'Failed login', E2E_ADMIN.username)).first(),
        ).toContainText(`username: ${E2E_ADMIN.username}`);
        await expect((await logRows(page, 'Login', E2E_ADMIN.username)).first()).toBeVisible();
      } finally {
        // Back to the bootstrap password for the next project's run of this test.
        const restored = await page.request.post('/api/admin/change-password', {
          headers: { origin: llmBaseURL },
          data: {
            username: E2E_ADMIN.username,
            currentPassword: changed,
            newPassword: E2E_ADMIN.password,
          },
        });
        expect(restored.status()).toBe(200);
      }
    });
  });
});

test('finds a user with the search box, makes them admin and back', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = adminFlowMember('admin-role', testInfo);
  const memberSide = await memberBrowser(browser, member.email, baseURL);
  await memberSide.close();

  await logInAsAdmin(page);
  await searchUsers(page, `  ${member.email}  `);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(member.email)}`));
  const row = rowWith(page, member.email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(member.name);

  await row.getByRole('button', { name: 'Make Admin' }).click();
  await expect(toastTitled(page, 'Role updated')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Remove Admin' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'made-admin');
  await row.getByRole('button', { name: 'Remove Admin' }).click();
  await expect(row.getByRole('button', { name: 'Make Admin' })).toBeVisible();

  const logs = await logRows(page, 'Role change', member.email);
  await expect(logs.filter({ hasText: 'role: user → admin' })).toHaveCount(1);
  await expect(logs.filter({ hasText: 'role: admin → user' })).toHaveCount(1);
  await expect(logs.first()).toContainText(E2E_ADMIN.username);
});

test('bans a member with a reason: their browser shows the banned screen; unbans', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = adminFlowMember('admin-ban', testInfo);
  const reason = `Spamming the assistant (${testInfo.project.name})`;
  const memberSide = await memberBrowser(browser, member.email, baseURL);
  try {
    await logInAsAdmin(page);
    await searchUsers(page, member.email);
    const row = rowWith(page, member.email);
    await row.getByRole('button', { name: 'Ban User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ban User' });
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Ban User' }).click();
    await expect(toastTitled(page, 'Ban status updated')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Unban User' })).toBeVisible();
    await expect(row).toContainText(reason);

    await memberSide.page.goto('/chat');
    await expect(memberSide.page).toHaveURL(/\/banned/);
    await expect(memberSide.page.getByRole('heading', { name: 'Account Banned' })).toBeVisible();
    await expect(memberSide.page.getByText(reason)).toBeVisible();

    await row.getByRole('button', { name: 'Unban User' }).click();
    await expect(toastTitled(page, 'Ban status updated')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Ban User' })).toBeVisible();

    await expect((await logRows(page, 'Ban', member.email)).first()).toContainText(reason);
    await expect((await logRows(page, 'Unban', member.email)).first()).toContainText(
      'banned: true → false',
    );
  } finally {
    await memberSide.close();
  }
});

test('per-user limits: the member hits them in the chat; Reset to Global', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const member = adminFlowMember('admin-limits', testInfo);
  const memberSide = await memberBrowser(browser, member.email, baseURL);
  try {
    // The member asks once under the global limits; their page still shows those limits.
    const chat = memberSide.page;
    await ask(chat, QUESTION);
    await expect(chat.getByRole('article', { name: 'Answer' })).toHaveCount(1);

    await logInAsAdmin(page);
    await searchUsers(page, member.email);
    await rowWith(page, member.email).getByRole('button', { name: 'Manage Limits' }).click();
    await expect(page.getByRole('tab', { name: 'Rate Limits' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const form = page.getByRole('form', { name: 'User limits' });
    await expect(form.getByLabel('User ID or email')).toHaveValue(member.email);
    await form.getByLabel('Max requests per day').fill('1');
    await form.getByRole('button', { name: 'Save user limits' }).click();
    await expect(toastTitled(page, 'User limits updated')).toBeVisible();
    const limitRow = rowWith(page.getByRole('table', { name: 'User limits' }), member.email);
    await expect(limitRow).toHaveCount(1);
    await expect(limitRow).toContainText('1');
    await expectNoPageOverflow(page);
    await saveScreenshot(page, testInfo, 'user-limits');

    // The next question runs into the new limit: the chat's limit dialog.
    const box = chat.getByRole('textbox', { name: 'Message' });
    await box.fill(`${QUESTION} Once more.`);
    await box.press('Enter');
    const limitDialog = chat.getByRole('dialog', { name: 'Request Limit Reached' });
    await expect(limitDialog).toContainText("You've reached the maximum of 1 request per day.");
    await expect(limitDialog).toContainText('Current usage: 1 / 1');
    await limitDialog.getByRole('button', { name: 'Okay, I Understand' }).click();
    await expect(chat.getByRole('article', { name: 'Answer' })).toHaveCount(1);

    // A reload keeps the tab and the user (they are in the URL).
    await page.reload();
    await expect(form.getByLabel('User ID or email')).toHaveValue(member.email);
    await limitRow.getByRole('button', { name: 'Reset to Global' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset to global limits?' });
    await confirm.getByRole('button', { name: 'Reset to Global' }).click();
    await expect(toastTitled(page, 'Reset to global defaults')).toBeVisible();
    await expect(limitRow).toHaveCount(0);

    await expect((await logRows(page, 'User limits set', member.email)).first()).toContainText(
      'limits › max requests per day: none → 1',
    );
    await expect((await logRows(page, 'User limits reset', member.email)).first()).toContainText(
      'limits › max requests per day: 1 → none',
    );
  } finally {
    await memberSide.close();
  }
});

test("reads a member's conversation: View Chats, then View Messages", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = adminFlowMember('admin-chats', testInfo);
  const memberSide = await memberBrowser(browser, member.email, baseURL);
  try {
    await ask(memberSide.page, QUESTION);
    await expect(memberSide.page.getByRole('article', { name: 'Answer' })).toContainText(
      /\w+ \w+ \w+/,
    );
  } finally {
    await memberSide.close();
  }

  await logInAsAdmin(page);
  await searchUsers(page, member.email);
  await rowWith(page, member.email).getByRole('button', { name: 'View Chats' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Conversations' });
  await expect(panel.getByText(`Conversations of ${member.email}`)).toBeVisible();
  const rows = rowWith(panel, member.email);
  await expect(rows).toHaveCount(1);
  await rows.getByRole('button', { name: 'View Messages' }).click();

  const dialog = page.getByRole('dialog');
  const messages = dialog.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toContainText('User');
  await expect(messages.nth(0)).toContainText(QUESTION);
  await expect(messages.nth(1)).toContainText('Assistant');
  await expect(messages.nth(1).locator('time')).toHaveAttribute('datetime', /^\d{4}-/);
  await saveScreenshot(page, testInfo, 'messages');
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');

  await panel.getByRole('button', { name: 'Clear Filter' }).click();
  await expect(page).not.toHaveURL(/chatsOf=/);
  await expect(panel.getByText("Every member's conversations", { exact: false })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`every tab has no serious accessibility problems (${theme})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: theme });
    await logInAsAdmin(page);
    for (const name of TABS) {
      await openTab(page, name);
      await expectNoPageOverflow(page);
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, testInfo, `${theme}-${name}`);
    }
    // Back returns to the previous tab; a reload keeps the tab.
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Knowledge Base' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Knowledge Base' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('button', { name: 'Password Management' }).click();
    await expect(page.getByRole('dialog', { name: 'Password Management' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}
