import { REPLY_TEXTS, sourceInNote } from '@samvad/server/answers/reply-texts.ts';
import { ask, expect, test } from '../support/chat-fixtures.ts';

// A question in Hindi (Devanagari) is answered in Hindi: the web app detects the language from the
// script and sends it as detected_language, and the offline answer opens, or refuses, with the
// Hindi texts, quoting the English writings as they are. "shastras" is the one English word
// of the question, the word the writings use; the rest is Hindi.
const COVERED = 'जाति व्यवस्था के बारे में shastras क्या कहते हैं?';
const NOT_COVERED = 'पनीर कैसे बनाते हैं?';

async function askInHindi(page: Parameters<typeof ask>[0], question: string) {
  const request = page.waitForRequest(
    (sent) => sent.url().endsWith('/api/chat') && sent.method() === 'POST',
  );
  await ask(page, question);
  expect((await request).postDataJSON()).toMatchObject({ question, detected_language: 'hi' });
  return page.getByRole('article', { name: 'Answer' }).last();
}

test('a question in Hindi is answered with the Hindi opening, quoting its sources', async ({
  page,
}) => {
  await page.goto('/chat');
  const answer = await askInHindi(page, COVERED);
  await expect(answer).toContainText(REPLY_TEXTS.hi.opening);
  expect(((await answer.textContent()) ?? '').trim().startsWith(REPLY_TEXTS.hi.opening)).toBe(true);
  await expect(answer).toContainText('shastras');
  // The quotes stay in English, each with a note in Hindi that its source is in English.
  await expect(answer).toContainText(`(${sourceInNote('hi', 'en')})`);
  await expect(
    answer
      .getByRole('list', { name: /sources/i })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
});

test('a Hindi question the writings do not cover is refused in Hindi, with no sources', async ({
  page,
}) => {
  await page.goto('/chat');
  const answer = await askInHindi(page, NOT_COVERED);
  await expect(answer).toContainText(REPLY_TEXTS.hi.notCovered);
  expect(((await answer.textContent()) ?? '').trim().startsWith(REPLY_TEXTS.hi.notCovered)).toBe(
    true,
  );
  await expect(answer.getByRole('list', { name: /sources/i })).toHaveCount(0);
  await expect(answer.getByRole('link', { name: /View source/ })).toHaveCount(0);
});
