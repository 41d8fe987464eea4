import { adminDocumentListResponseSchema } from '@samvad/contracts/admin-documents';
import type { Source } from '@samvad/contracts/sources';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChanges } from '../src/db/schema.ts';
import { findDocumentById } from '../src/repositories/document-repository.ts';
import { ingestFile, removeDocuments } from '../src/services/ingestion-service.ts';
import { adminTestCallers, type Caller, callAs } from './support/admin-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue #29 item 5, end to end: a file that names itself nowhere (an excerpt saved as
 * notes_3.txt) takes the title of the document holding its words, whichever arrives first; the
 * Knowledge Base tab flags a title still made from a file name; answers cite the copy's title,
 * and an admin's title still comes first.
 */
/** A work in several sentences, under its heading; each test has its own, so none is another's copy. */
const WORKS = {
  mahad: [
    'The Mahad Satyagraha',
    'The satyagrahis marched to the Chavdar tank at Mahad to drink its water in the month of March.',
    'The municipality had declared the tank open to all, yet the untouchables were still forbidden to touch it.',
    'Drinking from the tank asserted a civic right that no custom of the town could take away from them.',
    'The water of a public tank belongs to every citizen, and no custom can make a man less than a citizen.',
    'The orthodox of the town answered with violence, and the tank was purified with cow dung and urine.',
  ],
  nasik: [
    'The Kalaram Temple Entry',
    'For five years the untouchables of Nasik stood at the gates of the Kalaram temple asking to enter.',
    'The trustees of the temple closed its four gates and the procession of the chariot was stopped at night.',
    'Stones were thrown at the satyagrahis while the police of the district stood by and watched them fall.',
    'The struggle showed that entry into temples would not by itself win the untouchables an equal place.',
    'Their leaders turned from the temple to the legislature, where the rights of citizens are written down.',
  ],
  poona: [
    'The Poona Pact',
    'The Communal Award of August gave the depressed classes separate electorates in the provincial councils.',
    'Gandhi began a fast unto death in Yerwada jail against the separate electorates given by the Award.',
    'After days of talks the leaders agreed on reserved seats in joint electorates with a primary election.',
    'The number of reserved seats in the provincial legislatures was nearly doubled from what the Award gave.',
    'The agreement was signed in September and the fast ended with a glass of orange juice in the jail.',
  ],
};

const markdownOf = ([heading, ...sentences]: string[]) =>
  [`# ${heading}`, ...sentences].join('\n\n');
// An excerpt: the work's sentences after the first, without its heading: nothing names it.
const excerptOf = ([, , ...sentences]: string[]) => sentences.join('\n\n');
const UNRELATED =
  'Education is the milk of a tigress; whoever drinks it will roar, and the poor must have it.\n\n' +
  'Organise yourselves in every village and town, and agitate for your rights without rest.';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await adminTestCallers(t));
});
afterAll(async () => {
  await t?.close();
});

const deps = () => ({ db: t.database.db, files: t.knowledge.files, maxFileBytes: 1024 * 1024 });

async function ingest(fileName: string, text: string) {
  const outcome = await ingestFile(deps(), { fileName, bytes: new TextEncoder().encode(text) });
  if (outcome.status === 'failed') throw new Error(`${fileName}: ${outcome.message}`);
  return outcome.document;
}

async function changesOf(documentId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ total: count() })
    .from(knowledgeChanges)
    .where(eq(knowledgeChanges.documentId, documentId));
  return row?.total ?? 0;
}

describe('a title from a copy of the work', () => {
  it('is taken by an excerpt ingested after the work', async () => {
    await ingest('the_kalaram_temple_entry.md', markdownOf(WORKS.nasik));
    const excerpt = await ingest('notes_1.txt', excerptOf(WORKS.nasik));
    expect(excerpt).toMatchObject({ title: 'The Kalaram Temple Entry', titleSource: 'copy' });
  });

  it('is given to an excerpt ingested before the work, with a change every index follows', async () => {
    const excerpt = await ingest('notes_2.txt', excerptOf(WORKS.poona));
    const unrelated = await ingest('notes_3.txt', UNRELATED);
    expect(excerpt).toMatchObject({ title: 'Notes 2', titleSource: 'file_name' });
    expect(await changesOf(excerpt.id)).toBe(1);
    await ingest('the_poona_pact.md', markdownOf(WORKS.poona));
    expect(await findDocumentById(t.database.db, excerpt.id)).toMatchObject({
      title: 'The Poona Pact',
      titleSource: 'copy',
    });
    expect(await changesOf(excerpt.id)).toBe(2);
    // A file whose words are nowhere else keeps its file name, flagged in the Knowledge Base tab.
    expect(await findDocumentById(t.database.db, unrelated.id)).toMatchObject({
      title: 'Notes 3',
      titleSource: 'file_name',
    });
    const list = adminDocumentListResponseSchema.parse(
      (await callAs(t, admin, 'GET', '/api/admin/documents')).json(),
    );
    const sourceOf = (fileName: string) =>
      list.documents.find((document) => document.fileName === fileName)?.titleSource;
    expect(sourceOf('notes_2.txt')).toBe('copy');
    expect(sourceOf('notes_3.txt')).toBe('file_name');
    expect(sourceOf('the_poona_pact.md')).toBe('heading');
  });

  it("is what answers cite the excerpt by, kept when the work goes, until an admin's title", async () => {
    const excerpt = await ingest('notes_4.txt', excerptOf(WORKS.mahad));
    await ingest('the_mahad_satyagraha.md', markdownOf(WORKS.mahad));
    // Alone, the excerpt is the one source of its words (copies are cited once, item 4).
    await removeDocuments(deps(), 'the_mahad_satyagraha.md');
    await t.knowledge.index.sync();
    const ask = async (): Promise<Source[]> => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: { origin: t.config.publicUrl, accept: 'application/json' },
        payload: {
          question: 'Why was the Chavdar tank purified with cow dung and urine?',
          chat_history: [],
        },
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { sources: Source[] }).sources;
    };
    const [cited] = await ask();
    expect(cited).toMatchObject({ file_name: 'notes_4.txt', title: 'The Mahad Satyagraha' });

    const url = `/api/admin/documents/${encodeURIComponent(excerpt.id)}`;
    const edited = await callAs(t, admin, 'PATCH', url, { title: 'Mahad notes (excerpt)' });
    expect(edited.statusCode).toBe(200);
    await t.knowledge.index.sync();
    const [corrected] = await ask();
    expect(corrected).toMatchObject({ file_name: 'notes_4.txt', title: 'Mahad notes (excerpt)' });
  });
});
