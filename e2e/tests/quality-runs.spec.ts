import { expect as baseExpect, type Page, type TestInfo } from '@playwright/test';
import {
  expectNoSeriousAxeViolations,
  logInAsAdmin,
  openTab,
  toastTitled,
  withRunLock,
} from '../support/admin-fixtures.ts';
import { expect, test } from '../support/chat-fixtures.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// Issue #31 part 3: the deployment's question set, uploaded in the Quality tab, run in the
// background with progress, its figures, the history chart, the comparison and the CSV.

const PDF = 'ambedkar/pdf/baws_vol01_annihilation_of_caste.pdf';
const BASE = [
  {
    question: 'Who gave the name Hindu, according to him, and was it a foreign name?',
    kind: 'factual',
    language: 'en',
    file: PDF,
    page: 28,
  },
  {
    question: 'अंबेडकर के अनुसार "हिंदू" नाम किसने और किस मक़सद से दिया था?',
    kind: 'paraphrase',
    language: 'hi',
    file: PDF,
    page: 28,
  },
  {
    question: 'How is raw mango pickle seasoned with mustard and fenugreek?',
    kind: 'unanswerable',
    language: 'en',
    file: null,
    page: null,
  },
  {
    question: 'What is the real remedy for the caste system?',
    kind: 'factual',
    language: 'en',
    file: 'not-in-the-knowledge-base.pdf',
    page: 3,
  },
];
/** Enough questions that the run is seen in progress. */
const SET = Array.from({ length: 24 }, (_, i) => {
  const base = BASE[i % BASE.length];
  return JSON.stringify({ id: `e2e-${i + 1}`, ...base });
}).join('\n');

const file = (name: string, text: string) => ({
  name,
  mimeType: 'application/x-ndjson',
  buffer: Buffer.from(text),
});

test('an admin uploads a question set, runs it with progress, and reads figures, chart, comparison and CSV', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await logInAsAdmin(page);
  // The question set is one per server: tests/quality-review.spec.ts adds to it.
  await withRunLock('quality-question-set', () => uploadAndRun(page, testInfo));
});

async function uploadAndRun(page: Page, testInfo: TestInfo) {
  const panel = await openTab(page, 'Quality');
  const upload = panel.getByLabel('Question set file (JSONL)');

  await upload.setInputFiles(file('bad.jsonl', `${SET.split('\n')[0]}\n{"id": "broken"\n`));
  await expect(panel.getByRole('alert')).toContainText('Line 2: not valid JSON');

  await upload.setInputFiles(file('set.jsonl', SET));
  await expect(toastTitled(page, 'Question set uploaded')).toBeVisible();
  await expect(panel.getByTestId('question-count')).toHaveText('24');
  await expect(panel.getByRole('alert')).toHaveCount(0);

  const runButton = panel.getByRole('button', { name: 'Run the question set' });
  await runButton.click();
  const progress = panel.getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuemax', '24');
  await expect(runButton).toBeDisabled();
  await saveScreenshot(page, testInfo, 'quality-run-progress');
  await expect(progress).toHaveCount(0, { timeout: 120_000 });

  const results = panel.getByRole('table', { name: /^Results of run \d+$/ });
  await expect(results).toBeVisible();
  await expect(results.getByRole('row', { name: /All questions 24/ })).toBeVisible();
  await expect(results.getByRole('row', { name: /Language: hi/ })).toBeVisible();
  await runButton.click();
  await expect(progress).toBeVisible();
  await expect(progress).toHaveCount(0, { timeout: 120_000 });
  const chart = panel.getByTestId('quality-run-chart');
  await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /\d+ finished runs/);
  baseExpect(await chart.locator('circle').count()).toBeGreaterThanOrEqual(4);

  const compare = panel.getByRole('region', { name: 'Compare two runs' });
  await expect(compare.getByRole('region', { name: 'Found → lost' })).toContainText('(0)');
  await expect(compare.getByRole('region', { name: 'Lost → found' })).toContainText('(0)');
  await saveScreenshot(page, testInfo, 'quality-runs');
  await expectNoSeriousAxeViolations(page);

  const csvLink = panel.getByRole('link', { name: /^CSV of run \d+$/ }).first();
  const csv = await page.request.get((await csvLink.getAttribute('href')) ?? '');
  baseExpect(csv.ok()).toBe(true);
  const lines = (await csv.text()).trim().split('\r\n');
  baseExpect(lines[0]).toBe(
    'question_id,question,kind,language,answerable,rank,refused,hit,top_source',
  );
  baseExpect(lines).toHaveLength(25);

  // The figures on screen are the CSV's rows counted: refusals of the unanswerable questions.
  const cells = lines.slice(1).map((line) => line.slice(1, -1).split('","'));
  const unanswerable = cells.filter((row) => row[2] === 'unanswerable');
  const refused = unanswerable.filter((row) => row[6] === 'true').length;
  baseExpect(unanswerable).toHaveLength(6);
  const latest = panel.getByRole('table', { name: /^Results of run \d+$/ });
  await expect(latest.getByRole('row', { name: /Kind: unanswerable 6/ })).toContainText(
    `${Math.round((refused / 6) * 100)}%`,
  );
}
