import { ask, expect, test } from '../support/chat-fixtures.ts';
import {
  communityMember,
  createProfile,
  postWith,
  signInToCommunity,
  toast,
} from '../support/community-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// Issue 18: a source whose words are not the reformer's says whose they are. The e2e corpus
// holds the Constituent Assembly Debates of 25 November 1949 (support/start-server.ts), where
// T. T. Krishnamachari answers the Constitution's critics, "the Weimar Constitution produced a
// Hitler" among them: no other file in the corpus speaks of Weimar.
const DEBATES = 'cad_volume_11_25-nov-1949.html';
const QUESTION = 'Did the Weimar Constitution produce a Hitler?';
const SPEAKER = 'T. T. Krishnamachari';

test("a source row names the member whose words it quotes, and 'Post as quote' keeps the name", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const member = communityMember('community-speaker', testInfo);
  await signInToCommunity(page, member.email);
  await createProfile(page, member);
  await expect(page).toHaveURL(/\/community$/);

  await page.goto('/chat');
  await ask(page, QUESTION);
  const sources = page
    .getByRole('article', { name: 'Answer' })
    .last()
    .getByRole('list', {
      name: /sources/i,
    });
  const row = sources.getByRole('listitem').filter({ hasText: SPEAKER }).first();
  await expect(row).toContainText(DEBATES);
  await expect(row.getByText(`Words of ${SPEAKER}`)).toBeVisible();
  await saveScreenshot(page, testInfo, 'source with its speaker');

  // A member's new conversation is saved, then shown from the server: the reply's rows are drawn
  // again once, and a click on a row being replaced goes nowhere. Click until it navigates.
  await expect(async () => {
    await row.getByRole('link', { name: 'Post as quote' }).click();
    await expect(page).toHaveURL(/\/community\?quote=1$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const composer = page.getByRole('form', { name: 'Create a post' });
  await expect(composer.getByLabel('Post content')).not.toHaveValue('');
  await expect(composer).toContainText(`— ${SPEAKER}, in`);
  const excerpt = await composer.getByLabel('Post content').inputValue();
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(page, 'Post created')).toBeVisible();

  // The speaker was stored with the post: it is still there once the feed is read again.
  await page.reload();
  const post = postWith(page, excerpt.slice(0, 40));
  await expect(post.locator('figcaption')).toContainText(`— ${SPEAKER}, in`);
  // The work by its title, never its file name (issue #29).
  await expect(post.getByRole('link', { name: /Constituent Assembly Debates/ })).toBeVisible();
  await expect(post.getByText(DEBATES)).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'quote with its speaker');
});
