import { randomBytes } from 'node:crypto';
import { openKnowledgeBase } from '../support/admin-fixtures.ts';
import { askAsGuest, expect, test } from '../support/chat-fixtures.ts';

// Issue #29, admin control (ADR 034): an admin corrects a document's title in the Knowledge
// Base tab, and the next answer cites it so. The servers are shared by every spec running at
// once, so the document edited is one this test uploads (with a name and words of its own), and
// it is removed at the end.

test("an admin corrects a document's title, and the next answer cites it by that title", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one project is enough: the edit is server-side');
  test.setTimeout(180_000);
  const tag = randomBytes(4).toString('hex');
  const file = `zorvani-well-${tag}.txt`;
  const title = `The Zorvani Well Resolution (${tag})`;
  const text = [
    `Notes ${tag}.`,
    '',
    'The Zorvani well committee of Ratnagiri resolved in open council that the Zorvani well',
    'shall be open to every villager, whatever his caste, and that no one shall be turned away',
    'from drawing its water.',
  ].join('\n');

  await openKnowledgeBase(page);
  await page.getByLabel('Choose files').setInputFiles({
    name: file,
    mimeType: 'text/plain',
    buffer: Buffer.from(text),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Upload finished', { exact: true })).toBeVisible({
    timeout: 60_000,
  });
  const row = page.getByRole('row').filter({ hasText: file });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Edit details of ${file}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit details' });
  await dialog.getByLabel('Year').fill('3500');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The server's refusal, under the field it names; the dialog stays open.
  await expect(dialog.getByText('Must be 2999 or earlier')).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Author').fill('B. R. Ambedkar');
  await dialog.getByLabel('Volume').fill('5');
  await dialog.getByLabel('Year').fill('1927');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Document details saved', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').first()).toHaveText(title);

  const cited = await askAsGuest(
    browser,
    'What did the Zorvani well committee of Ratnagiri resolve about the Zorvani well?',
  );
  const sources = cited.answer.getByRole('list', { name: /sources/i });
  const source = sources.getByRole('listitem').filter({ hasText: file });
  await expect(source).toContainText(title);
  await cited.close();

  // Left as found for the specs that run after.
  await row.getByRole('button', { name: `Remove ${file}` }).click();
  await page
    .getByRole('dialog', { name: 'Remove document' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByRole('row').filter({ hasText: file })).toHaveCount(0);
});
