import { ask, expect, test } from '../support/chat-fixtures.ts';

// Issue #29 item 3: the sources under an answer read most relevant first (the spec), and the
// marker [n] in the answer points at the n-th row. The e2e corpus holds Annihilation of Caste
// (support/start-server.ts), which gives two remedies for caste on two pages: the answer quotes
// both, so it has at least two markers and two rows. Rows no marker points at are passages the
// answer read but did not quote ("Also read"): they keep their row, so the numbers may skip one.
const QUESTION = 'What is the real remedy for breaking caste?';

test('the rows read 1, 2, … in relevance order, and each marker opens its own row', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/chat');
  await ask(page, QUESTION);
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  const rows = answer.getByRole('list', { name: /sources/i }).getByRole('listitem');
  await expect(rows.nth(1)).toBeVisible();

  const listed = await rows.evaluateAll((items) =>
    items.map((item) => ({
      id: item.id,
      number: Number(item.querySelector('span')?.textContent?.replace(/\D/g, '')),
      percent: Number(/(\d+)%/.exec(item.textContent ?? '')?.[1]),
    })),
  );
  // Row k carries the number k, and the relevance never rises down the list.
  expect(listed.map((row) => row.number)).toEqual(listed.map((_, index) => index + 1));
  for (let k = 1; k < listed.length; k++) {
    expect(listed[k]?.percent).toBeLessThanOrEqual(listed[k - 1]?.percent ?? 0);
  }

  // Every marker in the text names a row by its number and leads to that very row.
  const markers = answer.locator('a[href^="#source-"]');
  // The markers are drawn once the markdown renderer has loaded (lazily, after the plain text).
  await expect(markers.nth(1)).toBeVisible();
  const count = await markers.count();
  expect(count).toBeGreaterThanOrEqual(2);
  for (let index = 0; index < count; index++) {
    const marker = markers.nth(index);
    const number = Number(await marker.textContent());
    const target = (await marker.getAttribute('href'))?.slice(1);
    expect(target).toBe(listed[number - 1]?.id);
  }
  // Following a marker lands on its row.
  const first = markers.first();
  const number = Number(await first.textContent());
  await first.click();
  await expect(rows.nth(number - 1)).toHaveId(/^source-/);
  await expect(page).toHaveURL(new RegExp(`#${listed[number - 1]?.id}$`));
});
