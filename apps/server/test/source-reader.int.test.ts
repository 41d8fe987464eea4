import { readFileSync } from 'node:fs';
import {
  DOCUMENT_TEXT_MAX_LIMIT,
  type DocumentTextResponse,
  documentTextResponseSchema,
} from '@samvad/contracts/source-reader';
import { parseSourceReaderLink } from '@samvad/contracts/source-rules';
import { type Source, sourceSchema } from '@samvad/contracts/sources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile } from '../src/services/ingestion-service.ts';
import { corpusAvailable, corpusFile } from './support/corpus.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 20, items 7–9: 'View source' opens every format at the passage (PDFs at their page, the
// rest in the source reader, which reads the document's text a window at a time), sources name
// the document by its title, and 'Post as quote' quotes the sentence the answer cites.

let t: TestApp;
let origin: string;
const ids: Record<string, string> = {};

/** A long Markdown book: 80 paragraphs of ~100 words of running text, so many chunks overlap. */
const PARAGRAPHS = Array.from({ length: 80 }, (_, i) =>
  Array.from(
    { length: 8 },
    (_, j) =>
      `Section ${i + 1} sentence ${j + 1} tells of liberty, equality and fraternity in turn.`,
  ).join(' '),
);
const BOOK = `# The Long Book of Test Sections\n\n${PARAGRAPHS.join('\n\n')}\n`;

async function ingest(fileName: string, bytes: Uint8Array): Promise<string> {
  const outcome = await ingestFile(
    { db: t.database.db, files: t.knowledge.files, maxFileBytes: t.config.knowledge.maxFileBytes },
    { fileName, bytes },
  );
  if (outcome.status !== 'ingested') throw new Error(`${fileName}: ${JSON.stringify(outcome)}`);
  return outcome.document.id;
}

beforeAll(async () => {
  t = await createTestApp();
  origin = t.config.publicUrl;
  ids.book = await ingest('long_book.md', new TextEncoder().encode(BOOK));
  if (corpusAvailable) {
    for (const [key, ...parts] of [
      ['caste', 'ambedkar', 'text', 'annihilation_of_caste.md'],
      ['pdf', 'ambedkar', 'pdf', 'baws_vol01_annihilation_of_caste.pdf'],
      ['cad', 'ambedkar', 'constituent_assembly', 'cad_volume_11_25-nov-1949.html'],
    ] as const) {
      ids[key] = await ingest(
        parts[parts.length - 1] ?? key,
        new Uint8Array(readFileSync(corpusFile(...parts))),
      );
    }
  }
  await t.knowledge.index.sync();
}, 120_000);
afterAll(() => t.close());

async function readText(documentId: string, query = ''): Promise<DocumentTextResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/documents/${documentId}/text${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return documentTextResponseSchema.parse(res.json());
}

/** The document as a reader sees it: every window's chunks, their repeated openings hidden. */
function shownText(chunks: DocumentTextResponse['chunks']): string {
  return chunks.map((chunk) => chunk.text.slice(chunk.repeatsPrevious)).join('\n\n');
}

describe('GET /api/documents/:id/text', () => {
  it('answers 404 for a document not in the knowledge base, or a passage not in it', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/documents/nope/text' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${ids.book}/text?around=someone-else-3`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toContain('someone-else-3');
  });

  it('refuses a window over the limit, or two cursors at once, with a 400 naming the problem', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${ids.book}/text?limit=${DOCUMENT_TEXT_MAX_LIMIT + 1}`,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toMatch(/limit/i);
    const both = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${ids.book}/text?before=4&after=2`,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toMatch(/at most one of around, before and after/);
  });

  it('reads a window from the start, then on by cursor to the end, each passage once', async () => {
    const first = await readText(ids.book ?? '', '?limit=3');
    expect(first.title).toBe('The Long Book of Test Sections');
    expect(first.fileName).toBe('long_book.md');
    expect(first.format).toBe('markdown');
    expect(first.chunks.map((c) => c.ordinal)).toEqual([0, 1, 2]);
    expect(first.before).toBeNull();
    expect(first.after).toBe(2);

    const all = [...first.chunks];
    let after = first.after;
    while (after !== null) {
      const next = await readText(ids.book ?? '', `?after=${after}&limit=4`);
      expect(next.chunks.length).toBeLessThanOrEqual(4);
      all.push(...next.chunks);
      after = next.after;
    }
    expect(all.map((c) => c.ordinal)).toEqual(all.map((_, i) => i));
    expect(all.length).toBeGreaterThan(10);
    // Chunks overlap by a few sentences; shown once, every sentence of the book appears once.
    expect(all.some((c) => c.repeatsPrevious > 0)).toBe(true);
    const shown = shownText(all);
    for (let i = 1; i <= 80; i++) {
      for (const j of [1, 8]) {
        const sentence = `Section ${i} sentence ${j} tells`;
        expect(shown.split(sentence).length - 1, sentence).toBe(1);
      }
    }
  });

  it('opens a window around a passage, and reads back from it by cursor', async () => {
    const whole = await readText(ids.book ?? '', `?limit=${DOCUMENT_TEXT_MAX_LIMIT}`);
    const target = whole.chunks[12];
    if (!target) throw new Error('the book has too few chunks');
    const around = await readText(ids.book ?? '', `?around=${target.id}&limit=7`);
    expect(around.chunks.map((c) => c.ordinal)).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(around.chunks.find((c) => c.id === target.id)?.text).toBe(target.text);
    expect(around.before).toBe(10);
    expect(around.after).toBe(16);
    // The first chunk of a window still knows its overlap with the one before it.
    expect(around.chunks[0]?.repeatsPrevious).toBe(whole.chunks[10]?.repeatsPrevious);

    const back = await readText(ids.book ?? '', `?before=${around.before}&limit=7`);
    expect(back.chunks.map((c) => c.ordinal)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(back.before).toBe(3);
    const start = await readText(ids.book ?? '', '?before=3&limit=7');
    expect(start.chunks.map((c) => c.ordinal)).toEqual([0, 1, 2]);
    expect(start.before).toBeNull();
  });

  it.runIf(corpusAvailable)(
    'gives the debate paragraph ids of the Constituent Assembly',
    async () => {
      const page = await readText(ids.cad ?? '', `?limit=${DOCUMENT_TEXT_MAX_LIMIT}`);
      expect(page.title).toBe('Constituent Assembly Debates, 25 Nov 1949');
      expect(page.format).toBe('html');
      const anchored = page.chunks.filter((c) => c.paragraphId !== null);
      expect(anchored.length).toBeGreaterThan(page.chunks.length / 2);
      for (const chunk of anchored) expect(chunk.paragraphId).toMatch(/^11\.\d+\.\d+$/);
    },
  );
});

async function ask(question: string): Promise<{ answer: string; sources: Source[] }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: { origin, accept: 'application/json' },
    payload: { question, chat_history: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { answer: body.answer, sources: body.sources.map((s: unknown) => sourceSchema.parse(s)) };
}

describe.runIf(corpusAvailable)('chat sources: links, titles and the cited sentence', () => {
  // Only cited passages are listed now, and the PDF copy of a work is cited over its Markdown
  // copy (issue #29), so the non-PDF link is checked on a debate (HTML) answer.
  it('links a non-PDF source to the reader at its passage, and a PDF to its page', async () => {
    const remedy = await ask('What is the real remedy for breaking caste?');
    const pdf = remedy.sources.find((s) => s.file_name.endsWith('.pdf'));
    if (!pdf) throw new Error(`expected a PDF source: ${JSON.stringify(remedy.sources)}`);
    expect(pdf.link).toBe(`/api/documents/${ids.pdf}/file#page=${pdf.page}`);
    expect(pdf.page).toBeGreaterThan(0);

    const debate = await ask('What did Ambedkar say about the grammar of anarchy?');
    const html = debate.sources.find((s) => s.file_name === 'cad_volume_11_25-nov-1949.html');
    if (!html) throw new Error(`expected the debate: ${JSON.stringify(debate.sources)}`);
    const reader = parseSourceReaderLink(html.link ?? '');
    expect(reader?.documentId).toBe(ids.cad);
    // The chunk it names is the passage: the reader's window around it holds the excerpt.
    const window = await readText(reader?.documentId ?? '', `?around=${reader?.chunkId}`);
    const cited = window.chunks.find((c) => c.id === reader?.chunkId);
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    expect(flat(cited?.text ?? '')).toContain((html.excerpt ?? '').replace(/…$/, ''));
  });

  it('names each source by its title, keeping the file name', async () => {
    const { sources } = await ask('What is the real remedy for breaking caste?');
    const pdf = sources.find((s) => s.file_name === 'baws_vol01_annihilation_of_caste.pdf');
    expect(pdf?.title).toBe('Annihilation of Caste with a Reply to Mahatma Gandhi');
    // The e-text's own title page, in capitals under "Intro" (issue #29 item 5).
    expect((await readText(ids.caste ?? '', '?limit=1')).title).toBe(
      'Annihilation of Caste with a Reply to Mahatma Gandhi',
    );
  });

  it("quotes the sentence the answer cites, not the passage's opening", async () => {
    const { answer, sources } = await ask('What is the real remedy for breaking caste?');
    expect(answer).toContain('The real remedy for breaking Caste is inter-marriage');
    const citing = sources.find((s) => s.quote?.includes('real remedy for breaking Caste'));
    expect(citing?.quote).toBe('The real remedy for breaking Caste is inter-marriage.');
    // Today's bug: the excerpt (the chunk's start) was quoted instead.
    expect(citing?.excerpt?.startsWith('The real remedy for breaking Caste')).toBe(false);
    // Every quote is what the answer cites under that source's number.
    sources.forEach((source, index) => {
      if (!source.quote) return;
      expect(answer).toContain(`[${index + 1}]`);
    });
  });

  it('links a debate passage to the reader, at its paragraph', async () => {
    const { sources } = await ask('What did Ambedkar say about the grammar of anarchy?');
    const debate = sources.find((s) => s.file_name === 'cad_volume_11_25-nov-1949.html');
    if (!debate) throw new Error(`no debate source: ${JSON.stringify(sources)}`);
    expect(debate.title).toBe('Constituent Assembly Debates, 25 Nov 1949');
    const reader = parseSourceReaderLink(debate.link ?? '');
    expect(reader?.documentId).toBe(ids.cad);
    // "¶ 11.165.323": the sitting's paragraph the passage starts at, in the link's fragment too.
    expect(debate.paragraph_id).toMatch(/^11\.165\.\d+$/);
    expect(reader?.paragraphId).toBe(debate.paragraph_id);
    expect(debate.link?.endsWith(`#p-${debate.paragraph_id}`)).toBe(true);
  });
});
