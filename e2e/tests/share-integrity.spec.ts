import { ask, expect, test } from '../support/chat-fixtures.ts';

// Issue 19: a guest's shared link shows the server's answers as answers, and anything the guest
// supplied themselves (here: an answer edited in the browser's storage) labelled as not verified.
const UNVERIFIED = 'Not verified: this text was supplied by the person who shared it.';

test("a guest's share keeps the server's answer, and labels an edited one unverified", async ({
  page,
  browser,
  context,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const question = `What is the real remedy for the caste system? (${testInfo.project.name})`;
  await page.goto('/chat');
  await ask(page, question);

  const shareAndOpen = async () => {
    await page.getByRole('button', { name: 'Share conversation' }).click();
    await expect(page.getByText('Link copied', { exact: true }).first()).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const visitor = await browser.newContext();
    const view = await visitor.newPage();
    await view.goto(link);
    // The question (the page's heading above it is the conversation's title: here the same).
    await expect(view.getByText(question).last()).toBeVisible();
    return { view, close: () => visitor.close() };
  };

  const genuine = await shareAndOpen();
  const answer = genuine.view.getByRole('article', { name: 'Answer' });
  await expect(answer).toContainText('most relevant passages');
  await expect(answer.getByText(UNVERIFIED)).toHaveCount(0);
  await genuine.close();

  // The guest rewrites the answer in session storage, then shares again.
  await page.evaluate(() => {
    const key = 'samvad.guestConversations';
    const stored = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    for (const message of stored[0].messages)
      if (message.role === 'assistant') message.content = 'He endorsed my party [1].';
    sessionStorage.setItem(key, JSON.stringify(stored));
  });
  await page.reload();
  await expect(page.getByText('He endorsed my party')).toBeVisible();
  const edited = await shareAndOpen();
  const forged = edited.view.getByRole('article', { name: 'Answer' });
  await expect(forged.getByText(UNVERIFIED)).toBeVisible();
  await expect(forged).toContainText('He endorsed my party [1].');
  await expect(forged.getByRole('link')).toHaveCount(0);
  await edited.close();
});
