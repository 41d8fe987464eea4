/**
 * Issue #30 item 2: a compressed file grows on ingestion (a 5.4 MB DOCX took 42 MB), and three
 * uploads side by side each saw the same free space before any of them wrote. The room a
 * document needs once stored (its file and its text) is reserved before anything is written and
 * held until its last write, so ingestions running together see each other's reservations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_RESERVE_BYTES } from '../src/db/storage-space.ts';
import { AppError } from '../src/http/app-error.ts';
import { StorageGuard } from '../src/http/storage-guard.ts';
import { findDocumentsByFileName } from '../src/repositories/document-repository.ts';
import { type IngestionDeps, ingestFile } from '../src/services/ingestion-service.ts';
import { FileStore } from '../src/storage/file-store.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const MB = 2 ** 20;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A Markdown file of about 1 MB, whose text is about as large again once chunked. */
const bookOf = (subject: string) =>
  new TextEncoder().encode(
    `# ${subject}\n\n${`The ${subject} is the theme of this long text. `.repeat(22_000)}`,
  );

const documentCount = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/knowledge/status' })).json().documents;

/** The file store, with each write waiting for `opened` (an ingestion held mid-write). */
class GatedFileStore extends FileStore {
  opened: Promise<void>;
  open: () => void = () => undefined;
  constructor(root: string) {
    super(root);
    this.opened = new Promise((resolve) => {
      this.open = resolve;
    });
  }
  override async put(sha256: string, bytes: Uint8Array): Promise<void> {
    await this.opened;
    await super.put(sha256, bytes);
  }
}

describe('a document without room on the disk', () => {
  it('fails before it is written, for the size of its text and file together', async () => {
    const deps = { db: t.database.db, files: t.knowledge.files, maxFileBytes: 10_000_000 };
    const bytes = bookOf('annihilation of caste');
    let asked = 0;
    const refused = await ingestFile(deps, {
      fileName: 'growth.md',
      bytes,
      reserveRoom: (needed) => {
        asked = needed;
        throw new AppError('insufficient_storage', 'The server has too little free storage');
      },
    });
    expect(refused).toMatchObject({ status: 'failed', reason: 'too_large' });
    expect((refused as { message: string }).message).toMatch(/too little free storage/);
    // The file and its chunks' text: at least twice the file here (the text is the file).
    expect(asked).toBeGreaterThanOrEqual(2 * bytes.length * 0.9);
    expect(await documentCount()).toBe(0);

    let released = 0;
    const admitted = await ingestFile(deps, {
      fileName: 'growth.md',
      bytes,
      reserveRoom: () => ({ release: () => void released++ }),
    });
    expect(admitted.status).toBe('ingested');
    expect(released).toBe(1);
  });
});

describe('room reserved while a document is written', () => {
  it('counts an ingestion still writing against the next, and frees its room when it ends', async () => {
    // Room for one of these documents (about 6.5 MB each once stored), not for two.
    const disk = { free: STORAGE_RESERVE_BYTES + 10 * MB };
    const guard = new StorageGuard('/data/pglite', { measure: () => disk.free });
    const files = new GatedFileStore(t.knowledge.files.root);
    const deps: IngestionDeps = { db: t.database.db, files, maxFileBytes: 10_000_000 };
    const reserveRoom = (bytes: number) => guard.reserveRoom(bytes);

    // The first has its room and waits at its first write: the disk does not show it yet.
    const first = ingestFile(deps, { fileName: 'first.md', bytes: bookOf('first'), reserveRoom });
    await expect.poll(() => guard.reservedRoom().count, { timeout: 60_000 }).toBe(1);
    const second = await ingestFile(deps, {
      fileName: 'second.md',
      bytes: bookOf('second'),
      reserveRoom,
    });
    expect(second).toMatchObject({ status: 'failed', reason: 'too_large' });
    expect((second as { message: string }).message).toMatch(
      /too little free storage to save this document: once stored, its file and text need about \d+\.\d MB, and \d+\.\d MB are free beside 1 other document being saved/,
    );

    files.open();
    expect((await first).status).toBe('ingested');
    expect(guard.reservedRoom()).toEqual({ bytes: 0, count: 0 });
    // Once the first is written (the disk shows it now), the second fits where there is room.
    disk.free = STORAGE_RESERVE_BYTES + 40 * MB;
    const retried = await ingestFile(deps, {
      fileName: 'second.md',
      bytes: bookOf('second'),
      reserveRoom,
    });
    expect(retried.status).toBe('ingested');
    expect(guard.reservedRoom().count).toBe(0);
  });

  it('is released when the write fails, and a disk-full failure says so and enters the full state', async () => {
    const disk = { free: STORAGE_RESERVE_BYTES + 40 * MB };
    const guard = new StorageGuard('/data/pglite', { measure: () => disk.free });
    const deps: IngestionDeps = { db: t.database.db, files: t.knowledge.files, maxFileBytes: 1e7 };
    const failing = await ingestFile(deps, {
      fileName: 'audit-fails.md',
      bytes: bookOf('audit'),
      reserveRoom: (bytes) => guard.reserveRoom(bytes),
      beforeCommit: async () => {
        throw new Error('the audit row could not be written');
      },
    });
    expect(failing).toMatchObject({ status: 'failed', reason: 'internal' });
    expect(guard.reservedRoom()).toEqual({ bytes: 0, count: 0 });
    expect(guard.current()).toBe('ok');

    // PGlite meeting the end of the disk mid-transaction (its emscripten ENOSPC, wrapped).
    disk.free = STORAGE_RESERVE_BYTES + 20 * MB;
    const full = await ingestFile(deps, {
      fileName: 'disk-full.md',
      bytes: bookOf('full disk'),
      reserveRoom: (bytes) => guard.reserveRoom(bytes),
      beforeCommit: async () => {
        disk.free = STORAGE_RESERVE_BYTES + MB;
        throw new Error('Failed query: insert into "chunks"', {
          cause: Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 51 }),
        });
      },
    });
    expect(full).toMatchObject({
      status: 'failed',
      reason: 'too_large',
      message: expect.stringMatching(/^The storage filled up while this document was saved/),
    });
    expect(guard.reservedRoom()).toEqual({ bytes: 0, count: 0 });
    expect(guard.current()).toBe('full');
    // Nothing of either was kept.
    for (const name of ['audit-fails.md', 'disk-full.md']) {
      expect(await findDocumentsByFileName(t.database.db, name)).toEqual([]);
    }
  });
});
