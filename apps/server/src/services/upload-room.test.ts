/**
 * Issue #30 item 2: the disk guard checked only Content-Length × 3. A chunked upload declares no
 * length, and a 7.4 MB DOCX holding 58 MB of text grew eightfold on ingestion: three of them
 * filled a 100 MB margin and PGlite could not recover. The bytes are now counted as they stream,
 * and the expanded size is checked before anything of a document is written.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { receiveUpload } from './document-upload-service.ts';

const MB = 1024 * 1024;
const uploadsDir = mkdtempSync(path.join(tmpdir(), 'samvad-upload-room-'));
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

/** One file part whose body is `total` bytes made on demand, counting what was pulled. */
function filePart(filename: string, total: number) {
  const pulled = { bytes: 0 };
  const file = new Readable({
    read() {
      if (pulled.bytes >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(64 * 1024, total - pulled.bytes);
      pulled.bytes += size;
      this.push(Buffer.alloc(size, 0x61));
    },
  });
  const part = { type: 'file', fieldname: 'files', filename, file } as unknown as Multipart;
  return { part, pulled };
}

async function* partsOf(...parts: Multipart[]) {
  for (const part of parts) yield part;
}

describe('an upload counted as it streams, whatever it declared', () => {
  it('is refused with 507 once its bytes outgrow the room, its temp files removed', async () => {
    const { part, pulled } = filePart('big.txt', 40 * MB);
    const seen: number[] = [];
    const room = (bytes: number) => {
      seen.push(bytes);
      if (bytes > 5 * MB) throw new AppError('insufficient_storage', 'no room');
    };
    const error = await receiveUpload(partsOf(part), {
      uploadsDir,
      maxFileBytes: 100 * MB,
      room,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('insufficient_storage');
    // Checked at least every megabyte, and stopped well before the 40 MB were read.
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(pulled.bytes).toBeLessThan(10 * MB);
    expect(readdirSync(uploadsDir)).toEqual([]);
  });

  it('counts every file of one upload together', async () => {
    const first = filePart('a.txt', 3 * MB);
    const second = filePart('b.txt', 3 * MB);
    let most = 0;
    const upload = await receiveUpload(partsOf(first.part, second.part), {
      uploadsDir,
      maxFileBytes: 100 * MB,
      room: (bytes) => {
        most = Math.max(most, bytes);
      },
    });
    expect(upload.files.map((file) => ('bytes' in file ? file.bytes : 0))).toEqual([
      3 * MB,
      3 * MB,
    ]);
    expect(most).toBeGreaterThanOrEqual(5 * MB);
    expect(existsSync(upload.dir)).toBe(true);
  });
});
