import { rmSync } from 'node:fs';
import path from 'node:path';
import { type UploadEvent, uploadEventSchema } from '@samvad/contracts/admin-documents';
import type { ReadyResponse } from '@samvad/contracts/health';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { rowsOf } from '../../src/db/migrations.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import { freeBytes, STORAGE_RESERVE_BYTES } from '../../src/db/storage-space.ts';
import { createSession } from '../../src/services/session-service.ts';
import { expandingDocx } from '../support/expanding-docx.ts';
import { insertUser } from '../support/fixtures.ts';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilReady,
} from '../support/server-process.ts';
import { mountTmpfs } from '../support/tmpfs.ts';

/**
 * Issue #30 item 2: three chunked DOCX uploads (no Content-Length), 7.4 MB each on the wire
 * and 58 MB of text once read, sent together, filled a 100 MB margin; PGlite then failed
 * (`XLogBeginInsert was already called`), health stopped answering and only SIGKILL stopped the
 * server. The storage guard now reserves each document's expanded size from before its first
 * write to its last, and ingestions running side by side see each other's reservations: the
 * uploads are refused or accepted within the margin, the disk never drops into the reserve,
 * health answers throughout, and SIGTERM stops the server. DATA_DIR is on a small tmpfs (root
 * only; CI sets SAMVAD_REQUIRE_TMPFS=1 so that a missing mount fails instead of skipping).
 */
const MB = 2 ** 20;
const TMPFS_MB = 300;
/**
 * Free space above the reserve when the uploads start, and the text in each DOCX: the issue's
 * sizes halved (its 100 MB margin, 58 MB of text each), so that one document fits, two do not,
 * and the three, written together, would take some 80 MB: past the margin, into the reserve.
 */
const MARGIN_BYTES = 60 * MB;
const TEXT_BYTES = 12 * MB;
const SECRET = 'upload-expansion-secret-long-enough-0123456789';
/** start-server.ts stops within 25 s; a loaded machine gets the same. */
const SHUTDOWN_DEADLINE_MS = 25_000;
/**
 * Health answers within 1 s throughout (issue #30): the text is chunked in a worker thread
 * (chunk-off-thread.ts), rows are written and read back in pages with the event loop served
 * between them, and the index takes a book in slices (Bm25Index.upsertDocumentInSlices). Before
 * the last two, a 12 MB text held health for 2.3–4.3 s as it entered the index.
 */
const HEALTH_SLOWEST_MS = Number(process.env.RELIABILITY_HEALTH_SLOWEST_MS ?? 1_000);
/** A check that gets no answer in this long is the wedge the issue saw. */
const HEALTH_TIMEOUT_MS = 30_000;

const report: string[] = [];
const tmpfs = mountTmpfs('samvad-expansion-', TMPFS_MB);
const { mountPoint } = tmpfs;

afterAll(() => {
  for (const line of report) console.log(`[reliability] ${line}`);
  tmpfs.unmount();
});

describe('expanding uploads on a nearly full disk', () => {
  beforeAll(() => {
    tmpfs.requireWhenAsked();
  });

  it('refuses or accepts three parallel chunked DOCX uploads within the margin, health answering', async (ctx) => {
    if (tmpfs.failure) ctx.skip(tmpfs.failure);
    const dataDir = path.join(mountPoint, 'data');
    const env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      SESSION_SECRET: SECRET,
      LOG_LEVEL: 'info',
    };
    const config = loadConfig(env);
    const token = await seedAdmin(config);
    const files = await Promise.all(
      [1, 2, 3].map(async (seed) => ({
        name: `volume-${seed}.docx`,
        bytes: await expandingDocx(TEXT_BYTES, seed),
      })),
    );
    const server: ServerProcess = spawnServer(env);
    const stopped = { value: false };
    const loops: Promise<void>[] = [];
    try {
      await waitUntilReady(server);
      tmpfs.fill(STORAGE_RESERVE_BYTES + MARGIN_BYTES);
      // What the disk has left, sampled every 50 ms, and health, asked every 100 ms.
      let lowestFree = freeBytes(mountPoint);
      const health: { status: number; ms: number }[] = [];
      loops.push(
        (async () => {
          while (!stopped.value) {
            lowestFree = Math.min(lowestFree, freeBytes(mountPoint));
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })(),
        (async () => {
          while (!stopped.value) {
            const started = performance.now();
            const res = await fetch(`${server.url}/api/health`, {
              signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
            }).catch((error: unknown) => ({ status: String(error) }));
            health.push({ status: Number(res.status), ms: performance.now() - started });
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        })(),
      );

      const outcomes = await Promise.all(
        files.map((file) => uploadChunked(server.url, token, file.name, file.bytes)),
      );
      stopped.value = true;
      await Promise.all(loops);

      for (const [index, outcome] of outcomes.entries()) {
        report.push(
          `${files[index]?.name} (${((files[index]?.bytes.length ?? 0) / MB).toFixed(1)} MB, ` +
            `${TEXT_BYTES / MB} MB of text): ${outcome.status} ${outcome.summary}`,
        );
      }
      const slowest = Math.max(...health.map((check) => check.ms));
      report.push(
        `lowest free ${(lowestFree / MB).toFixed(0)} MB (reserve ${STORAGE_RESERVE_BYTES / MB} MB); ` +
          `health: ${health.length} checks, slowest ${slowest.toFixed(0)} ms`,
      );

      // Each is refused with a message naming the storage, or ingested whole.
      for (const outcome of outcomes) {
        if (outcome.status === 507) {
          expect(outcome.summary).toMatch(/free storage|storage is full/);
          continue;
        }
        expect(outcome.status).toBe(200);
        expect(['ingested', 'failed']).toContain(outcome.result);
        if (outcome.result === 'failed') expect(outcome.summary).toMatch(/free storage/);
      }
      const accepted = outcomes.filter((outcome) => outcome.result === 'ingested').length;
      // Three do not fit in the margin; what went in stayed above the reserve.
      expect(accepted).toBeLessThan(3);
      expect(lowestFree).toBeGreaterThanOrEqual(STORAGE_RESERVE_BYTES);
      expect(health.every((check) => check.status === 200)).toBe(true);
      expect(slowest).toBeLessThan(HEALTH_SLOWEST_MS);
      const ready = await fetch(`${server.url}/api/ready`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as ReadyResponse).storage).toBe('ok');

      // SIGTERM stops it within its deadline, cleanly.
      const exit = await Promise.race([
        stopServer(server),
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), SHUTDOWN_DEADLINE_MS)),
      ]);
      expect(exit, server.output().slice(-2000)).toBe(0);

      // Every document the server said it ingested is there, whole.
      const database = await openDatabase(config.database);
      try {
        const stored = rowsOf<{ file_name: string }>(
          await database.db.execute(sql`select file_name from documents order by file_name`),
        ).map((row) => row.file_name);
        const ingested = outcomes.flatMap((outcome, index) =>
          outcome.result === 'ingested' ? [files[index]?.name] : [],
        );
        expect(stored).toEqual(ingested.sort());
      } finally {
        await database.close();
      }
    } finally {
      stopped.value = true;
      const settled = Promise.allSettled(loops);
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await settled;
      tmpfs.empty();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

type UploadOutcome = { status: number; result: string | null; summary: string };

/**
 * Uploads one file as multipart data streamed in 64 KB pieces: the request declares no length
 * (Transfer-Encoding: chunked), so the guard cannot go by Content-Length.
 */
async function uploadChunked(
  baseUrl: string,
  token: string,
  name: string,
  bytes: Uint8Array,
): Promise<UploadOutcome> {
  const boundary = `----samvad${name.replace(/\W/g, '')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) {
        controller.close();
        return;
      }
      controller.enqueue(body.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
  const res = await fetch(`${baseUrl}/api/admin/documents`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  const text = await res.text();
  if (res.status !== 200) {
    const error = (JSON.parse(text) as { error?: { message?: string } }).error;
    return { status: res.status, result: null, summary: error?.message ?? text };
  }
  const events: UploadEvent[] = text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => uploadEventSchema.parse(JSON.parse(line)));
  const result = events.find((event) => event.type === 'result');
  return result?.type === 'result'
    ? { status: 200, result: result.status, summary: result.message }
    : { status: 200, result: null, summary: text.slice(0, 300) };
}

/** An admin and a bearer session, written before the server starts (PGlite is one process). */
async function seedAdmin(config: ReturnType<typeof loadConfig>): Promise<string> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const admin = await insertUser(database.db, { name: 'Expansion', role: 'admin' });
    const session = await createSession(database.db, admin.id, config.sessions, new Date(), 'x');
    return session.token;
  } finally {
    await database.close();
  }
}
