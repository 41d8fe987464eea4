import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotEvent } from '../src/retrieval/index-snapshot-keeper.ts';
import { KnowledgeIndex } from '../src/retrieval/knowledge-index.ts';
import { KnowledgeSnapshotFile } from '../src/retrieval/knowledge-snapshot.ts';
import {
  type IngestionDeps,
  ingestFile,
  removeDocuments,
} from '../src/services/ingestion-service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let deps: IngestionDeps;
let snapshotPath = '';

const WORKS: Record<string, string> = {
  'wells.md':
    '# Water\n\nThe untouchables of Mahad were refused water from the Chavdar tank, a public tank.',
  'temple.md':
    '# Temple entry\n\nThe satyagraha at the Kalaram temple in Nasik asked for entry for all Hindus.',
  'hindi.md': '# जाति\n\nजाति प्रथा ने समाज को टुकड़ों में बाँट दिया है और अछूतों को अलग रखा है।',
};
const QUESTIONS = ['Chavdar tank water', 'Kalaram temple entry', 'जाति प्रथा समाज', 'Mahad'];

const ingest = (fileName: string, text: string) =>
  ingestFile(deps, { fileName, bytes: new TextEncoder().encode(text), replace: false });

/** A second process's index on the same database and snapshot file. */
async function restart(options: { k1?: number } = {}) {
  const events: SnapshotEvent[] = [];
  const index = new KnowledgeIndex(t.database.db, {
    ...(options.k1 ? { ranking: { bm25: { k1: options.k1 } } } : {}),
    snapshot: {
      file: new KnowledgeSnapshotFile(snapshotPath),
      onEvent: (event) => events.push(event),
    },
  });
  await index.load();
  return { index, events };
}

// Without approxBytes: a loaded index holds its arrays at their exact length, not grown.
const statsOf = (index: KnowledgeIndex) => ({ ...index.stats, approxBytes: 0, vectorBytes: 0 });

const answers = async (index: KnowledgeIndex) =>
  Promise.all(
    QUESTIONS.map(async (q) =>
      (await index.search(q, 5)).map((p) => [p.fileName, p.page, p.title, p.text, p.score, p.link]),
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.database.db, files: t.knowledge.files, maxFileBytes: 1_000_000 };
  snapshotPath = t.config.knowledge.snapshotFile ?? '';
  for (const [name, text] of Object.entries(WORKS)) await ingest(name, text);
  await t.knowledge.index.sync();
  await t.knowledge.index.flushSnapshot();
});
afterAll(() => t.close());

describe('the knowledge index snapshot', () => {
  it('is kept beside the database, and a restart loads it instead of rebuilding', async () => {
    expect(path.dirname(snapshotPath)).toBe(path.join(t.config.dataDir, 'index'));
    const { index, events } = await restart();
    expect(events).toEqual([
      { event: 'loaded', position: expect.any(Number), behind: 0, ms: expect.any(Number) },
    ]);
    expect(statsOf(index)).toEqual(statsOf(t.knowledge.index));
    expect(await answers(index)).toEqual(await answers(t.knowledge.index));
    expect((await index.search('Chavdar tank', 1))[0]?.fileName).toBe('wells.md');
  });

  it('catches up with documents added and removed since, before it is ready', async () => {
    const added = await ingest(
      'dhamma.md',
      '# The middle path\n\nThe Buddha taught a middle path between indulgence and torment, a path for every man.',
    );
    expect(added.status).toBe('ingested');
    await removeDocuments(deps, 'temple.md');
    const { index, events } = await restart();
    expect(events[0]).toMatchObject({ event: 'loaded', behind: 2 });
    expect((await index.search('Buddha middle path', 1))[0]?.fileName).toBe('dhamma.md');
    expect((await index.search('Kalaram temple', 5)).map((p) => p.fileName)).not.toContain(
      'temple.md',
    );
    // What a fresh build gives, exactly.
    const fresh = new KnowledgeIndex(t.database.db);
    await fresh.load();
    expect(statsOf(index)).toEqual(statsOf(fresh));
    expect(await answers(index)).toEqual(await answers(fresh));
  });

  it('far behind, serves what it holds and applies the changes in the background', async () => {
    await t.knowledge.index.sync();
    await t.knowledge.index.flushSnapshot();
    for (let i = 0; i < 22; i++) {
      await ingest(`letter-${i}.md`, `# Letter ${i}\n\nA letter numbered zq${i}x about reform.`);
    }
    const { index, events } = await restart();
    expect(events[0]).toMatchObject({ event: 'loaded', behind: 22 });
    await index.sync();
    expect((await index.search('zq21x', 1))[0]?.fileName).toBe('letter-21.md');
    expect(index.loaded.documents).toBe(t.knowledge.index.loaded.documents + 22);
  });

  it('is not used when it was made with other settings or is damaged; the index is built', async () => {
    const other = await restart({ k1: 0.9 });
    expect(other.events[0]).toEqual({ event: 'unusable', reason: 'made with other settings' });
    expect((await other.index.search('zq3x', 1))[0]?.fileName).toBe('letter-3.md');
    await other.index.flushSnapshot();

    const bytes = await readFile(snapshotPath);
    await writeFile(snapshotPath, bytes.subarray(0, bytes.length - 100));
    const damaged = await restart();
    expect(damaged.events[0]).toMatchObject({ event: 'unusable' });
    expect((damaged.events[0] as { reason: string }).reason).toMatch(/^unreadable/);
    expect((await damaged.index.search('Chavdar tank', 1))[0]?.fileName).toBe('wells.md');
    // The rebuilt index wrote a whole snapshot again.
    await damaged.index.flushSnapshot();
    expect(damaged.events.at(-1)).toMatchObject({ event: 'saved' });
    const again = await restart();
    expect(again.events[0]).toMatchObject({ event: 'loaded', behind: 0 });
  });
});
