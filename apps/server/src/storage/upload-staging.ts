import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isRunning } from '../db/directory-lock.ts';

/**
 * Each upload's temp folder is named `upload-<pid>-<random>`: whose it is, so that a process
 * starting can remove what a crashed one left (a decompression bomb among it, perhaps) at once,
 * and leave alone the uploads of another live process sharing the folder.
 */
const FOLDER_PREFIX = 'upload-';
const OWNED_FOLDER = /^upload-(\d+)-/;
/** Past this age a folder goes whoever made it: the pid may have been reused by another process. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** A new temp folder for one upload, under `uploadsDir` (which must exist). */
export function newUploadFolder(uploadsDir: string): Promise<string> {
  return mkdtemp(path.join(uploadsDir, `${FOLDER_PREFIX}${process.pid}-`));
}

/**
 * At start: removes the temp files of uploads that no running process is receiving: those of
 * processes that have died (a crash mid-upload), of an earlier process with this one's id (a
 * restarted container is pid 1 again), in folders of no known owner, and anything older than a
 * day. Best effort: returns the folders removed.
 */
export async function removeStaleUploads(uploadsDir: string, now: Date): Promise<string[]> {
  const names = await readdir(uploadsDir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const folder = path.join(uploadsDir, name);
    const info = await stat(folder).catch(() => null);
    if (!info) continue;
    const owner = Number(OWNED_FOLDER.exec(name)?.[1] ?? Number.NaN);
    const receiving = owner !== process.pid && Number.isSafeInteger(owner) && isRunning(owner);
    if (receiving && now.getTime() - info.mtimeMs <= STALE_UPLOAD_MS) continue;
    await rm(folder, { recursive: true, force: true }).then(
      () => removed.push(name),
      () => undefined,
    );
  }
  return removed;
}
