import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirectoryLockedError, lockDirectory } from './directory-lock.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'samvad-lock-'));

describe('lockDirectory', () => {
  it('refuses a second lock while the first is held, and frees it on unlock', () => {
    const dir = tempDir();
    const unlock = lockDirectory(dir);
    expect(() => lockDirectory(dir)).toThrow(DirectoryLockedError);
    unlock();
    expect(existsSync(path.join(dir, 'samvad.lock'))).toBe(false);
    lockDirectory(dir)();
  });

  it('refuses a lock held by another running process', () => {
    const dir = tempDir();
    // The parent of this process runs for as long as the test does.
    writeFileSync(path.join(dir, 'samvad.lock'), String(process.ppid));
    expect(() => lockDirectory(dir)).toThrow(/already in use by another Samvad process/);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'samvad.lock'), '2147483646');
    const unlock = lockDirectory(dir);
    expect(readFileSync(path.join(dir, 'samvad.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
  });

  it('takes over a stale lock bearing its own pid (a crashed process restarted as the same pid)', () => {
    const dir = tempDir();
    // What a container restarted after a crash finds: the lock of its previous life, as pid 1.
    writeFileSync(path.join(dir, 'samvad.lock'), String(process.pid));
    const unlock = lockDirectory(dir);
    expect(() => lockDirectory(dir)).toThrow(DirectoryLockedError);
    unlock();
  });
});
