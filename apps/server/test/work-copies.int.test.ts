import { readFileSync } from 'node:fs';
import { type Source, sourceSchema } from '@samvad/contracts/sources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { corpusAvailable, corpusFile } from './support/corpus.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue #29 item 4: one entry per work. The shared corpus holds Annihilation of Caste as a BAWS
// PDF and as Markdown, and the debate of 25 November 1949 as HTML and inside volume 11's EPUB.
// An answer cites each work once, from the copy with page numbers where there is one, and
// every quote it gives is in the passage of the source it cites.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  if (!corpusAvailable) return;
  for (const parts of [
    ['ambedkar', 'text', 'annihilation_of_caste.md'],
    ['ambedkar', 'pdf', 'baws_vol01_annihilation_of_caste.pdf'],
    ['ambedkar', 'constituent_assembly', 'cad_volume_11_25-nov-1949.html'],
    ['ambedkar', 'constituent_assembly', 'cad_volume_11.epub'],
  ]) {
    const outcome = await ingestFile(
      {
        db: t.database.db,
        files: t.knowledge.files,
        maxFileBytes: t.config.knowledge.maxFileBytes,
      },
      {
        fileName: parts[parts.length - 1] as string,
        bytes: new Uint8Array(readFileSync(corpusFile(...parts))),
      },
    );
    if (outcome.status !== 'ingested') throw new Error(JSON.stringify(outcome));
  }
  await t.knowledge.index.sync();
}, 240_000);
afterAll(() => t.close());

async function ask(question: string): Promise<{ answer: string; sources: Source[] }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: { origin: t.config.publicUrl, accept: 'application/json' },
    payload: { question },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { answer: body.answer, sources: body.sources.map((s: unknown) => sourceSchema.parse(s)) };
}

const flat = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Each quote with the citation number after it. */
function quotes(answer: string) {
  return [...answer.matchAll(/“([^”]+)” \[(\d+)\]/g)].map((m) => ({
    text: m[1] ?? '',
    n: Number(m[2]),
  }));
}

describe.runIf(corpusAvailable)('copies of one work collapse to one source', () => {
  it.each([
    'What is the real remedy for breaking caste?',
    'What did Ambedkar say about the Shastras and inter-marriage?',
    'What is your ideal society if you do not want caste?',
  ])(
    'cites Annihilation of Caste from its paged PDF, not also from the Markdown: %s',
    async (q) => {
      const { answer, sources } = await ask(q);
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.map((s) => s.file_name)).not.toContain('annihilation_of_caste.md');
      for (const source of sources) expect(source.page).toBeGreaterThan(0);
      // Each row's cited sentence (picked from the whole passage it opens at: the PDF's page)
      // is in the quote that cites it: the quote's words are on that page.
      for (const quote of quotes(answer)) {
        const source = sources[quote.n - 1];
        expect(source?.quote, answer).toBeDefined();
        const cited = flat(source?.quote ?? '');
        expect(cited.length).toBeGreaterThan(10);
        expect(flat(quote.text)).toContain(cited.split(' ').slice(0, 6).join(' '));
      }
    },
  );

  it('cites the debate of 25 November 1949 from one file, not from both the HTML and the EPUB', async () => {
    const { answer, sources } = await ask('What did Ambedkar say about the grammar of anarchy?');
    // The cited rows (a row no marker points at was read, not quoted: "Also read"; a copy cut
    // differently from the cited passage may stay there, see answers/work-copies.ts).
    const cited = quotes(answer).map((quote) => sources[quote.n - 1]);
    expect(cited.length).toBeGreaterThan(0);
    const files = new Set(cited.map((s) => s?.file_name));
    expect(files.size).toBeGreaterThan(0);
    expect(files.has('cad_volume_11_25-nov-1949.html') && files.has('cad_volume_11.epub')).toBe(
      false,
    );
  });
});
