import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_RESERVE_BYTES } from '../db/storage-space.ts';
import { AppError } from './app-error.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerStorageGuard, StorageGuard } from './storage-guard.ts';

const MB = 2 ** 20;

/** An app with one read and one write, guarded; `free` is the disk's free space, settable. */
async function guardedApp(dir: string | null, writeError?: () => unknown) {
  const disk = { free: 1024 * MB };
  const logs: { level: number; msg: string }[] = [];
  const app = Fastify({
    logger: {
      level: 'info',
      stream: { write: (line: string) => void logs.push(JSON.parse(line)) },
    },
  });
  const guard = new StorageGuard(dir, { measure: () => disk.free, probeIntervalMs: 1000 });
  registerErrorHandler(app);
  registerStorageGuard(app, guard);
  app.get('/api/read', async () => ({ ok: true }));
  app.post('/api/write', async () => {
    const error = writeError?.();
    if (error) throw error;
    return { ok: true };
  });
  // The writes a full disk must still allow (they only answer here).
  app.post('/api/auth/signout', async () => ({ ok: true }));
  app.post('/api/admin/login', async () => ({ ok: true }));
  return { app, guard, disk, logs };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('storage guard on the embedded database', () => {
  it('refuses writes under the reserve, keeps reads, and lets writes through when space returns', async () => {
    // Only the probe's interval and the clock: inject() needs the real setImmediate.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { app, guard, disk, logs } = await guardedApp('/data/pglite');
    const write = () => app.inject({ method: 'POST', url: '/api/write', payload: {} });
    expect((await write()).statusCode).toBe(200);

    disk.free = STORAGE_RESERVE_BYTES - MB;
    vi.advanceTimersByTime(600);
    const refused = await write();
    expect(refused.statusCode).toBe(507);
    expect(refused.json().error.code).toBe('insufficient_storage');
    expect((await app.inject({ method: 'GET', url: '/api/read' })).statusCode).toBe(200);
    expect(guard.current()).toBe('full');
    expect((await write()).statusCode).toBe(507);

    // The probe notices the space coming back with no request needed.
    disk.free = STORAGE_RESERVE_BYTES + 100 * MB;
    vi.advanceTimersByTime(1000);
    expect(logs.filter((line) => /storage writable again/.test(line.msg))).toHaveLength(1);
    expect((await write()).statusCode).toBe(200);
    expect(logs.filter((line) => /^storage full/.test(line.msg))).toHaveLength(1);
    expect(logs.find((line) => /^storage full/.test(line.msg))?.level).toBe(40);
    await app.close();
  });

  it('refuses a body too large for the space left, without entering the full state', async () => {
    const { app, guard, disk } = await guardedApp('/data/pglite');
    disk.free = STORAGE_RESERVE_BYTES + 10 * MB;
    const res = await app.inject({
      method: 'POST',
      url: '/api/write',
      headers: { 'content-type': 'application/json', 'content-length': String(5 * MB) },
      payload: '{}',
    });
    expect(res.statusCode).toBe(507);
    expect(res.json().error.message).toMatch(/too little free storage for a request of 5\.0 MB/);
    expect(guard.current()).toBe('ok');
    await app.close();
  });

  it('refuses a small write just above the reserve as storage full, and enters the full state', async () => {
    const { app, guard, disk } = await guardedApp('/data/pglite');
    disk.free = STORAGE_RESERVE_BYTES + 100;
    const res = await app.inject({
      method: 'POST',
      url: '/api/write',
      headers: { 'content-type': 'application/json' },
      payload: { text: 'x'.repeat(200) },
    });
    expect(res.statusCode).toBe(507);
    expect(res.json().error.message).toMatch(/^The server's storage is full/);
    expect(guard.current()).toBe('full');
    await app.close();
  });
});

describe('storage guard on PostgreSQL', () => {
  it('reports full after a disk_full error and ok after the next write succeeds', async () => {
    let failing = true;
    const diskFull = () =>
      failing ? Object.assign(new Error('could not extend file'), { code: '53100' }) : null;
    const { app, guard } = await guardedApp(null, diskFull);
    const write = () => app.inject({ method: 'POST', url: '/api/write', payload: {} });
    expect((await write()).statusCode).toBe(507);
    expect(guard.current()).toBe('full');
    failing = false;
    expect((await write()).statusCode).toBe(200);
    expect(guard.current()).toBe('ok');
    await app.close();
  });

  it('enters the full state on a disk-full error from the embedded database itself', async () => {
    // PGlite's emscripten ENOSPC, wrapped by Drizzle as a query error.
    let failing = true;
    const pgliteFull = () =>
      failing
        ? new Error('Failed query: insert into "messages"', {
            cause: Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 51 }),
          })
        : null;
    const { app, guard, disk } = await guardedApp('/data/pglite', pgliteFull);
    // Just above the reserve: the guard let the write through, and PGlite met the disk's end.
    disk.free = STORAGE_RESERVE_BYTES + 2 * MB;
    const write = () => app.inject({ method: 'POST', url: '/api/write', payload: {} });
    expect((await write()).statusCode).toBe(507);
    expect(guard.current()).toBe('full');
    // The next write is refused before it reaches the database, though it would not fail now.
    failing = false;
    expect((await write()).statusCode).toBe(507);
    await app.close();
  });
});

describe('while storage is full', () => {
  it('lets a member sign out and an admin sign in, inside the reserve down to its floor', async () => {
    const { app, guard, disk } = await guardedApp('/data/pglite');
    const post = (url: string) => app.inject({ method: 'POST', url, payload: {} });
    disk.free = STORAGE_RESERVE_BYTES - 8 * MB;
    expect((await post('/api/write')).statusCode).toBe(507);
    expect(guard.current()).toBe('full');
    expect((await post('/api/auth/signout')).statusCode).toBe(200);
    expect((await post('/api/admin/login')).statusCode).toBe(200);
    // Below half the reserve even these are refused: PGlite's own WAL needs the rest.
    disk.free = STORAGE_RESERVE_BYTES / 2 - MB;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await post('/api/auth/signout')).statusCode).toBe(507);
    expect((await post('/api/admin/login')).statusCode).toBe(507);
    // A large body is no sign-out, whatever its route.
    disk.free = STORAGE_RESERVE_BYTES - 8 * MB;
    await new Promise((resolve) => setTimeout(resolve, 600));
    const big = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { padding: 'x'.repeat(64 * 1024) },
    });
    expect(big.statusCode).toBe(507);
    await app.close();
  });

  it('logs each refused write at warn, without a stack', async () => {
    const { app, disk, logs } = await guardedApp('/data/pglite');
    disk.free = STORAGE_RESERVE_BYTES - 8 * MB;
    expect((await app.inject({ method: 'POST', url: '/api/write', payload: {} })).statusCode).toBe(
      507,
    );
    const refused = logs.filter((line) => line.msg === 'request refused: storage full');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.level).toBe(40);
    expect(JSON.stringify(logs)).not.toMatch(/"stack"|\n\s+at /);
    expect(logs.some((line) => line.level >= 50)).toBe(false);
    await app.close();
  });
});

describe('room reserved for documents being saved', () => {
  const onDisk = (free: number) => {
    const disk = { free };
    return { disk, guard: new StorageGuard('/data/pglite', { measure: () => disk.free }) };
  };

  it('adds reservations up, names the sizes when one does not fit, and frees them on release', () => {
    const { guard } = onDisk(STORAGE_RESERVE_BYTES + 10 * MB);
    // 2 MB of file and text may take three times that once stored: 6 MB of the 10 MB.
    const first = guard.reserveRoom(2 * MB);
    expect(first.bytes).toBe(6 * MB);
    const refused = (() => {
      try {
        guard.reserveRoom(2 * MB);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('insufficient_storage');
    expect((refused as AppError).message).toMatch(
      /too little free storage to save this document: once stored, its file and text need about 6\.0 MB, and 4\.0 MB are free beside 1 other document being saved/,
    );
    expect(guard.reservedRoom()).toEqual({ bytes: 6 * MB, count: 1 });
    first.release();
    first.release();
    expect(guard.reservedRoom()).toEqual({ bytes: 0, count: 0 });
    const second = guard.reserveRoom(2 * MB);
    expect(guard.reservedRoom()).toEqual({ bytes: 6 * MB, count: 1 });
    second.release();
    // A refusal is not the full state: smaller writes go on.
    expect(guard.current()).toBe('ok');
  });

  it('is released on failure, and a disk-full failure enters the full state', () => {
    const { guard } = onDisk(STORAGE_RESERVE_BYTES + 10 * MB);
    guard.reserveRoom(MB).release(new Error('constraint violated'));
    expect(guard.reservedRoom()).toEqual({ bytes: 0, count: 0 });
    expect(guard.current()).toBe('ok');
    guard.reserveRoom(MB).release(Object.assign(new Error('no space'), { code: 'ENOSPC' }));
    expect(guard.reservedRoom()).toEqual({ bytes: 0, count: 0 });
    expect(guard.current()).toBe('full');
    expect(() => guard.reserveRoom(1)).toThrow(/^The server's storage is full/);
  });

  it('keeps large writes out of the room it holds, not small ones', () => {
    const { guard } = onDisk(STORAGE_RESERVE_BYTES + 10 * MB);
    const held = guard.reserveRoom(2 * MB);
    // An upload streaming 2 MB would need 6 MB: only 4 MB are not promised.
    expect(() => guard.checkWrite(2 * MB)).toThrow(
      /too little free storage for a request of 2\.0 MB while another document is being saved/,
    );
    expect(() => guard.checkWrite(1000)).not.toThrow();
    expect(guard.current()).toBe('ok');
    held.release();
    expect(() => guard.checkWrite(2 * MB)).not.toThrow();
  });

  it('holds nothing on PostgreSQL, whose disk is not ours to measure', () => {
    const guard = new StorageGuard(null, { measure: () => 0 });
    const held = guard.reserveRoom(100 * MB);
    expect(held.bytes).toBe(0);
    held.release();
    expect(guard.reservedRoom()).toEqual({ bytes: 0, count: 0 });
  });
});
