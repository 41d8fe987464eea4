/**
 * A small tmpfs for the reliability suite's disk-full tests (root only). Mounted when the test
 * file loads; a machine that cannot mount one gets `failure`, which a test skips on, unless CI's
 * SAMVAD_REQUIRE_TMPFS=1 asks that it fail instead.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeBytes } from '../../src/db/storage-space.ts';

export type Tmpfs = {
  mountPoint: string;
  /** Why none could be mounted; null when mounted. */
  failure: string | null;
  /** Fills the disk with one file until only `leaveBytes` are free (0: all of it). */
  fill(leaveBytes: number): void;
  /** Removes the filler file. */
  empty(): void;
  /** Throws under SAMVAD_REQUIRE_TMPFS=1 when none could be mounted (call in beforeAll). */
  requireWhenAsked(): void;
  unmount(): void;
};

export function mountTmpfs(prefix: string, sizeMb: number): Tmpfs {
  const mountPoint = mkdtempSync(path.join(tmpdir(), prefix));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}M`, 'tmpfs', mountPoint]);
  const failure =
    mounted.status === 0
      ? null
      : `cannot mount a tmpfs here (${(mounted.stderr?.toString() || mounted.error?.message || 'mount failed').trim()}); run as root`;
  const filler = path.join(mountPoint, 'filler');
  return {
    mountPoint,
    failure,
    fill(leaveBytes) {
      rmSync(filler, { force: true });
      try {
        writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(mountPoint) - leaveBytes)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    },
    empty() {
      rmSync(filler, { force: true });
    },
    requireWhenAsked() {
      if (failure && process.env.SAMVAD_REQUIRE_TMPFS === '1') {
        throw new Error(`SAMVAD_REQUIRE_TMPFS=1 but ${failure}`);
      }
    },
    unmount() {
      if (!failure) spawnSync('umount', ['-l', mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    },
  };
}
