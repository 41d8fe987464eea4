import { ask, expect, test } from '../support/chat-fixtures.ts';

// Issue #29 item 8: each source row offers its citation in Chicago and MLA, with a Copy button.
// The e2e corpus holds Annihilation of Caste in the first volume of the Writings and Speeches
// (baws_vol01_annihilation_of_caste.pdf, support/start-server.ts): a page of it is cited with
// the volume and the page printed on it.
const QUESTION = 'What is the real remedy for breaking caste?';

test("'Cite this' gives the row's source in Chicago and MLA, and copies it", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/chat');
  await ask(page, QUESTION);
  const answer = page.getByRole('article', { name: 'Answer' }).last();
  const row = answer
    .getByRole('list', { name: /sources/i })
    .getByRole('listitem')
    .first();
  // The page the row shows is the one the citation gives ("p. 67": printed, not the PDF page).
  const shownPage = (await row.getByText(/^p\. /).textContent())?.replace('p. ', '') ?? '';
  expect(shownPage).not.toBe('');

  await row.getByText('Cite this').click();
  const chicago = row.locator('dt:text-is("Chicago") + dd');
  const mla = row.locator('dt:text-is("MLA") + dd');
  await expect(chicago).toHaveText(
    new RegExp(`^B\\. R\\. Ambedkar, Annihilation of Caste.*, vol\\. 1, ${shownPage}\\.$`),
  );
  await expect(mla).toHaveText(
    new RegExp(`^Ambedkar, B\\. R\\. Annihilation of Caste.*\\. Vol\\. 1, p\\. ${shownPage}\\.$`),
  );
  // The work's title is set in italics.
  await expect(chicago.locator('cite')).toHaveText(/^Annihilation of Caste/);

  await row.getByRole('button', { name: 'Copy the MLA citation' }).click();
  await expect(row.getByRole('button', { name: 'Copy the MLA citation' })).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await mla.textContent());
});
