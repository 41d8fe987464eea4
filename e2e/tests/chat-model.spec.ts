import { ask, expect, llmBaseURL, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// These run against the server that answers with the loopback model (support/fake-llm.ts).
test.use({ baseURL: llmBaseURL });

const ABOUT = 'What is the real remedy for the caste system';

test('a model answer streams with its citation linked to the source', async ({
  page,
}, testInfo) => {
  await page.goto('/chat');
  await ask(page, `${ABOUT}?`);
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  await expect(answer).toContainText('According to the writings');
  const marker = answer.getByRole('link', { name: /^Source 1/ });
  await expect(marker).toHaveAttribute('href', /#source-.+-1$/);
  await expect(answer.getByRole('list', { name: /sources/i }).getByRole('listitem')).toHaveCount(1);
  await saveScreenshot(page, testInfo, 'model-answer');
});

test('Stop ends a streaming answer and keeps what was said, marked as stopped', async ({
  page,
}, testInfo) => {
  await page.goto('/chat');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(`${ABOUT}, slowly?`);
  await box.press('Enter');
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  await expect(answer).toContainText('According to');
  await page.getByRole('button', { name: 'Stop generating' }).click();
  await expect(answer.getByText('Stopped', { exact: true })).toBeVisible();
  // Nothing is added after Stop. Compared without whitespace: the last re-render may drop the
  // space the stream ended on ("According to Stopped" → "According toStopped").
  const wordsOf = (text: string | null) => (text ?? '').replace(/\s+/g, '');
  const kept = wordsOf(await answer.textContent());
  await page.waitForTimeout(1200);
  expect(wordsOf(await answer.textContent())).toBe(kept);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'stopped');
});

test('an empty reply is replaced by the no-response apology after 2 seconds', async ({ page }) => {
  await page.goto('/chat');
  await ask(page, `${ABOUT}? The model says nothing.`);
  await expect(page.getByRole('article', { name: 'Answer' }).last()).toContainText(
    'I apologize, but no response was generated. Please try again, or contact support if the problem continues.',
    { timeout: 5000 },
  );
});

test('a failing model gives the apology with the error details', async ({ page }, testInfo) => {
  await page.goto('/chat');
  await ask(page, `${ABOUT}? The model fails.`);
  await expect(page.getByRole('article', { name: 'Answer' }).last()).toContainText(
    'I apologize, but I encountered an error processing your request. The server might be experiencing issues. Please try again in a moment. Error details: API request failed with status 502',
  );
  await saveScreenshot(page, testInfo, 'error-apology');
});
