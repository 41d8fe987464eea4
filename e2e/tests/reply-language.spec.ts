import type { Page } from '@playwright/test';
import { REPLY_TEXTS } from '@samvad/server/answers/reply-texts.ts';
import { ask, expect, test } from '../support/chat-fixtures.ts';
import { type OwnServer, ownServerUrl, startOwnServer } from '../support/own-server.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// Issue 27: Marathi and Hindi are both Devanagari, and Marathi questions got the Hindi opening
// and refusal; the empty knowledge base answered in English whatever the question's language.

/** Asks through the message box; returns the detected_language sent and the answer. */
async function askIn(page: Page, question: string) {
  const request = page.waitForRequest(
    (sent) => sent.url().endsWith('/api/chat') && sent.method() === 'POST',
  );
  await ask(page, question);
  const sent = (await request).postDataJSON() as { detected_language: string };
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  return {
    language: sent.detected_language,
    answer,
    text: ((await answer.textContent()) ?? '').trim(),
  };
}

test('a Marathi question gets the Marathi opening or refusal, a Hindi one the Hindi', async ({
  page,
}, testInfo) => {
  await page.goto('/chat');
  // The issue's own question.
  const education = await askIn(page, 'आंबेडकरांनी शिक्षणाबद्दल काय सांगितले?');
  expect(education.language).toBe('mr');
  expect(
    [REPLY_TEXTS.mr.opening, REPLY_TEXTS.mr.notCovered].some((t) => education.text.startsWith(t)),
  ).toBe(true);

  const recipe = await askIn(page, 'पुरणपोळी कशी बनवायची?');
  expect(recipe.language).toBe('mr');
  expect(recipe.text.startsWith(REPLY_TEXTS.mr.notCovered)).toBe(true);

  const hindi = await askIn(page, 'पनीर कैसे बनाते हैं?');
  expect(hindi.language).toBe('hi');
  expect(hindi.text.startsWith(REPLY_TEXTS.hi.notCovered)).toBe(true);
  await saveScreenshot(page, testInfo, 'marathi-and-hindi');
});

// A fresh install: a server of its own on an empty database (the shared e2e servers hold a corpus).
test.describe('on an empty knowledge base', () => {
  test.describe.configure({ mode: 'serial' });
  const offset = 4;
  const emptyURL = ownServerUrl(offset);
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    // Nothing to embed in an empty knowledge base: no model to load.
    server = await startOwnServer(offset, { EMBEDDINGS: 'off' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the "no documents" reply is in the question’s language', async ({ page }, testInfo) => {
    await page.goto(`${emptyURL}/chat`);
    for (const [question, language] of [
      ['आंबेडकरांनी शिक्षणाबद्दल काय सांगितले?', 'mr'],
      ['अंबेडकर ने शिक्षा के बारे में क्या कहा?', 'hi'],
      ['சாதி பற்றி அம்பேத்கர் என்ன சொன்னார்?', 'ta'],
      ['What did Ambedkar say about education?', 'en'],
    ] as const) {
      const { answer } = await askIn(page, question);
      await expect(answer).toContainText(REPLY_TEXTS[language].noDocuments.split('`')[0] ?? '');
      await expect(answer.getByRole('list', { name: /sources/i })).toHaveCount(0);
    }
    await saveScreenshot(page, testInfo, 'no-documents-in-four-languages');
  });
});
