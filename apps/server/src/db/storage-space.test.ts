import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertRoomToStart,
  freeBytes,
  isDiskFullError,
  STORAGE_MINIMUM_TO_START_BYTES,
  StorageFullError,
} from './storage-space.ts';

describe('storage space', () => {
  it('measures a folder not made yet on its nearest existing parent', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'samvad-space-'));
    try {
      expect(freeBytes(path.join(dir, 'not', 'yet'))).toBe(freeBytes(dir));
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('refuses to start under the minimum with a message naming the folder and the space', () => {
    expect(() =>
      assertRoomToStart('/srv/data/pglite', STORAGE_MINIMUM_TO_START_BYTES),
    ).not.toThrow();
    const start = () => assertRoomToStart('/srv/data/pglite', 3 * 2 ** 20);
    expect(start).toThrow(StorageFullError);
    expect(start).toThrow(
      'DATA_DIR: no space left on device in /srv/data/pglite (need at least 32 MB free to open the embedded database, 3.0 MB free).',
    );
  });

  it('tells a full disk from other failures', () => {
    expect(isDiskFullError(new Error('x', { cause: { code: '53100' } }))).toBe(true);
    expect(isDiskFullError(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFullError(Object.assign(new Error('FS'), { name: 'ErrnoError', errno: 51 }))).toBe(
      true,
    );
    expect(isDiskFullError(Object.assign(new Error('FS'), { name: 'ErrnoError', errno: 44 }))).toBe(
      false,
    );
    expect(isDiskFullError(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
  });
});
