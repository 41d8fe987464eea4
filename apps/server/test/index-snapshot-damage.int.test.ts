/**
 * Issue #30 item 5: the index snapshot was trusted. A flipped bit in the header or a negative
 * length made every start exit; a moved offset or flipped data bits loaded and answered with the
 * wrong sources; a posting length of 0xFFFFFFFF hung every chat; a passage count of 2e9 took
 * 15.9 GB. Each damage is made here, from the snapshot the test wrote; a start must report it,
 * build the index from the database, answer rightly, and write a good snapshot again.
 * Damage "re-signed" below is written with a correct checksum, as a bug or a hand edit could:
 * only the checks of every length, offset and count stand between it and the index.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotEvent } from '../src/retrieval/index-snapshot-keeper.ts';
import { KnowledgeIndex } from '../src/retrieval/knowledge-index.ts';
import { KnowledgeSnapshotFile } from '../src/retrieval/knowledge-snapshot.ts';
import { decodeSnapshot, encodeSnapshot } from '../src/retrieval/snapshot-codec.ts';
import { type IngestionDeps, ingestFile } from '../src/services/ingestion-service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let snapshotPath = '';
let good: Buffer;

const WORKS: Record<string, string> = {
  'wells.md':
    '# Water\n\nThe untouchables of Mahad were refused water from the Chavdar tank, a public tank.',
  'temple.md':
    '# Temple entry\n\nThe satyagraha at the Kalaram temple in Nasik asked for entry for all Hindus.',
  'hindi.md': '# जाति\n\nजाति प्रथा ने समाज को टुकड़ों में बाँट दिया है और अछूतों को अलग रखा है।',
  'labour.md': '# Labour\n\nCaste is not a division of labour, it is a division of labourers.',
};
const EXPECTED: [string, string][] = [
  ['Chavdar tank water', 'wells.md'],
  ['Kalaram temple Nasik', 'temple.md'],
  ['जाति प्रथा समाज', 'hindi.md'],
  ['division of labourers', 'labour.md'],
];

/** The container's layout: magic, SHA-256 of the rest, header length, header, data at 8 bytes. */
const MAGIC_BYTES = 13;
const DIGEST_END = MAGIC_BYTES + 32;
const PREFIX = DIGEST_END + 4;
const pad8 = (n: number) => Math.ceil(n / 8) * 8;

function resign(bytes: Buffer): Buffer {
  createHash('sha256').update(bytes.subarray(DIGEST_END)).digest().copy(bytes, MAGIC_BYTES);
  return bytes;
}

type Header = {
  json: { index: { bm25: { store: { count: number } } } };
  arrays: { name: string; kind: string; offset: number; length: number }[];
};

/** The snapshot with its header edited, the data moved to its new place, and re-signed. */
function withHeader(bytes: Buffer, edit: (header: Header) => void): Buffer {
  const headerEnd = PREFIX + bytes.readUInt32LE(DIGEST_END);
  const header = JSON.parse(bytes.toString('utf8', PREFIX, headerEnd)) as Header;
  edit(header);
  const text = Buffer.from(JSON.stringify(header));
  const data = bytes.subarray(pad8(headerEnd));
  const out = Buffer.alloc(pad8(PREFIX + text.length) + data.length);
  bytes.copy(out, 0, 0, MAGIC_BYTES);
  out.writeUInt32LE(text.length, DIGEST_END);
  text.copy(out, PREFIX);
  data.copy(out, pad8(PREFIX + text.length));
  return resign(out);
}

/** The snapshot with one decoded array changed in place, re-signed. */
function withArray(bytes: Buffer, name: string, edit: (array: Int32Array | Uint32Array) => void) {
  const copy = Buffer.from(bytes);
  const array = decodeSnapshot(copy).arrays[name];
  if (!(array instanceof Int32Array || array instanceof Uint32Array)) {
    throw new Error(`no array ${name}`);
  }
  edit(array);
  return resign(copy);
}

async function startWith(bytes: Buffer) {
  await writeFile(snapshotPath, bytes);
  const events: SnapshotEvent[] = [];
  const index = new KnowledgeIndex(t.database.db, {
    snapshot: {
      file: new KnowledgeSnapshotFile(snapshotPath),
      onEvent: (event) => events.push(event),
    },
  });
  await index.load();
  return { index, events };
}

beforeAll(async () => {
  t = await createTestApp();
  const deps: IngestionDeps = {
    db: t.database.db,
    files: t.knowledge.files,
    maxFileBytes: 1_000_000,
  };
  for (const [fileName, text] of Object.entries(WORKS)) {
    await ingestFile(deps, { fileName, bytes: new TextEncoder().encode(text), replace: false });
  }
  await t.knowledge.index.sync();
  await t.knowledge.index.flushSnapshot();
  snapshotPath = t.config.knowledge.snapshotFile ?? '';
  good = await readFile(snapshotPath);
});
afterAll(() => t.close());

const flipBit = (bytes: Buffer, at: number, bit = 0) => {
  const copy = Buffer.from(bytes);
  copy[at] = (copy[at] ?? 0) ^ (1 << bit);
  return copy;
};

const DAMAGE: [string, () => Buffer][] = [
  ['one flipped bit in the header key "arrays"', () => flipBit(good, good.indexOf('"arrays"') + 2)],
  [
    'a negative array length (re-signed)',
    () =>
      withHeader(good, (header) => {
        const place = header.arrays.find((a) => a.name.endsWith('postings'));
        if (place) place.length = -1;
      }),
  ],
  [
    'an offset moved by 2 bytes (re-signed)',
    () =>
      withHeader(good, (header) => {
        const place = header.arrays.find((a) => a.name.endsWith('passageLength'));
        if (place) place.offset += 2;
      }),
  ],
  [
    '1,000 flipped bits in the data',
    () => {
      let copy = good;
      const dataStart = pad8(PREFIX + good.readUInt32LE(DIGEST_END));
      for (let i = 0; i < 1000; i++) {
        const at = dataStart + ((i * 7919) % (good.length - dataStart));
        copy = flipBit(copy, at, i % 8);
      }
      return copy;
    },
  ],
  [
    'a posting length of 0xFFFFFFFF (re-signed)',
    () =>
      withArray(good, 'bm25.store.postingLength', (lengths) => {
        lengths[0] = 0xffffffff;
      }),
  ],
  [
    'a passage count of 2e9 (re-signed)',
    () =>
      withHeader(good, (header) => {
        header.json.index.bm25.store.count = 2e9;
      }),
  ],
  [
    "a passage's chunk list that loops (re-signed)",
    () => {
      const heads = decodeSnapshot(Buffer.from(good)).arrays['bm25.index.passageHead'];
      const head = heads?.[0] ?? 0;
      return withArray(good, 'bm25.index.chunkNext', (next) => {
        next[head] = head;
      });
    },
  ],
];

describe('a damaged index snapshot', () => {
  it('the snapshot used here loads as it is, and answers each question from its work', async () => {
    const { index, events } = await startWith(good);
    expect(events[0]).toMatchObject({ event: 'loaded' });
    for (const [question, file] of EXPECTED) {
      expect((await index.search(question, 1))[0]?.fileName).toBe(file);
    }
  });

  it.each(DAMAGE)(
    '%s: reported, rebuilt from the database, answered rightly',
    async (_, damage) => {
      const { index, events } = await startWith(damage());
      expect(events[0]).toMatchObject({ event: 'unusable' });
      expect((events[0] as { reason: string }).reason).toMatch(/^unreadable/);
      for (const [question, file] of EXPECTED) {
        expect((await index.search(question, 1))[0]?.fileName).toBe(file);
      }
      // The rebuild wrote a good snapshot again, which the next start loads.
      await index.flushSnapshot();
      expect(events.at(-1)).toMatchObject({ event: 'saved' });
      const again = await startWith(await readFile(snapshotPath));
      expect(again.events[0]).toMatchObject({ event: 'loaded', behind: 0 });
    },
  );

  it('a whole snapshot written by other code (another fingerprint) is rebuilt, not used', async () => {
    const parts = decodeSnapshot(Buffer.from(good));
    const json = parts.json as { label: { fingerprint: string } };
    const other = encodeSnapshot({
      json: { ...json, label: { ...json.label, fingerprint: `${json.label.fingerprint}x` } },
      arrays: parts.arrays,
    });
    const { index, events } = await startWith(other);
    expect(events[0]).toEqual({ event: 'unusable', reason: 'made by other code' });
    expect((await index.search('Chavdar tank water', 1))[0]?.fileName).toBe('wells.md');
  });
});
