import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  freeBytes,
  isDiskFullError,
  megabytes,
  STORAGE_RESERVE_BYTES,
} from '../db/storage-space.ts';
import { AppError } from './app-error.ts';

export type StorageState = 'ok' | 'full';

export const STORAGE_FULL_MESSAGE =
  "The server's storage is full; nothing was saved. Reading still works: please try again later.";

/** Writes resume only with a WAL segment's worth more than the reserve, so they do not flap. */
const RESUME_MARGIN_BYTES = 16 * 2 ** 20;
/** While full, free space is measured this often, so writes resume without a restart. */
const PROBE_INTERVAL_MS = 3000;
/** A write's free-space reading may be this old: statfs per request would be wasteful. */
const MEASURE_CACHE_MS = 500;
/** A write may need its body several times over: the file, its rows, their WAL. */
const BODY_SPACE_FACTOR = 3;

/** Space a write may need below which its refusal means the disk is full, whatever its size. */
const SMALL_WRITE_BYTES = 2 ** 20;

/** Room promised to a write that outlasts its request (a document being ingested). */
export type RoomReservation = {
  /** Bytes held: what the write may take on disk. */
  readonly bytes: number;
  /** Ends the reservation (later calls do nothing); a disk-full `error` enters the full state. */
  release(error?: unknown): void;
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes let into the reserve while storage is full: a few rows each, and without them a member
 * could not sign out (end a session on a shared computer) nor an admin sign in to free space.
 */
const ESSENTIAL_WRITES = new Set([
  'POST /api/auth/signout',
  'DELETE /api/auth/sessions/:id',
  'POST /api/admin/login',
]);
/** Essential writes stop here, half the reserve: the rest stays for PGlite's own WAL segment. */
const ESSENTIAL_FLOOR_SHARE = 0.5;
/** An essential write's body is a few bytes; one larger than this is no essential write. */
const ESSENTIAL_BODY_BYTES = 16 * 1024;

type Options = {
  reserveBytes?: number;
  probeIntervalMs?: number;
  /** Measures free bytes on the folder's disk; statfs unless a test gives another. */
  measure?: (dir: string) => number;
};

/**
 * The process-wide "storage full" state. On the embedded database (`dir` set) it refuses writes
 * with 507 before they reach PGlite while less than the reserve is free (storage-space.ts says
 * why), measures again every few seconds, and lets writes through once space returns; reads and
 * health go on throughout. On PostgreSQL the server's disk is not ours to measure and PostgreSQL
 * refuses such writes cleanly itself (SQLSTATE 53100): the state is only reported, from the
 * last write's outcome. Each change is logged once: a warning when full, an info when writable.
 */
export class StorageGuard {
  private state: StorageState = 'ok';
  private log: FastifyBaseLogger | null = null;
  private probe: NodeJS.Timeout | null = null;
  private measured: { at: number; free: number } | null = null;
  private readonly reserve: number;
  private readonly probeIntervalMs: number;
  private readonly measure: (dir: string) => number;

  private readonly dir: string | null;
  /** Room promised to writes in progress, which the free space does not show yet. */
  private reserved = { bytes: 0, count: 0 };

  constructor(dir: string | null, options: Options = {}) {
    this.dir = dir;
    this.reserve = options.reserveBytes ?? STORAGE_RESERVE_BYTES;
    this.probeIntervalMs = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
    this.measure = options.measure ?? freeBytes;
  }

  attach(log: FastifyBaseLogger): void {
    this.log = log;
  }

  /** The state now; on the embedded database measured afresh (at most MEASURE_CACHE_MS old). */
  current(): StorageState {
    if (this.dir) this.update(this.freeNow(false));
    return this.state;
  }

  /**
   * Throws 507 when a write of `bodyBytes` must not go to the database now. An `essential` one
   * (sign-out, admin sign-in) may use the reserve down to its floor, full state or not.
   */
  checkWrite(bodyBytes: number, essential = false): void {
    if (!this.dir) return;
    const free = this.freeNow(false);
    if (free === null) return;
    this.update(free);
    if (essential && bodyBytes <= ESSENTIAL_BODY_BYTES) {
      if (free - bodyBytes >= this.reserve * ESSENTIAL_FLOOR_SHARE) return;
      throw new AppError('insufficient_storage', STORAGE_FULL_MESSAGE);
    }
    if (this.state === 'full') throw new AppError('insufficient_storage', STORAGE_FULL_MESSAGE);
    if (free - BODY_SPACE_FACTOR * bodyBytes < this.reserve) {
      // A small write refused is the disk at its reserve, not a request too big for it ("a
      // request of 0.0 MB"): the full state, which writes leave only with the resume margin.
      if (BODY_SPACE_FACTOR * bodyBytes <= SMALL_WRITE_BYTES) {
        this.enterFull(free);
        throw new AppError('insufficient_storage', STORAGE_FULL_MESSAGE);
      }
      throw new AppError(
        'insufficient_storage',
        `The server has too little free storage for a request of ${megabytes(bodyBytes)}; nothing was saved.`,
      );
    }
    // A large write (an upload as it streams) must not take the room promised to documents
    // being saved. Small ones may: the reserve is there for them, and counting promises for them
    // would put the whole server in the full state while the disk still has room.
    const need = BODY_SPACE_FACTOR * bodyBytes;
    if (need > SMALL_WRITE_BYTES && free - this.reserved.bytes - need < this.reserve) {
      throw new AppError(
        'insufficient_storage',
        `The server has too little free storage for a request of ${megabytes(bodyBytes)} while ` +
          `${this.reserved.count === 1 ? 'another document is' : 'other documents are'} being saved; ` +
          'nothing was saved. Try again once they are done.',
      );
    }
  }

  /**
   * Holds room for a write that outlasts its request: a document's file and chunk text (`bytes`,
   * taken BODY_SPACE_FACTOR times: the file, the rows, their WAL), from before its first write
   * until `release()` after its last. Checking the free space alone races: ingestions side by
   * side each saw the same free space before any of them wrote, and together overran it (three
   * DOCX files growing eightfold filled the reserve, and PGlite could not recover). A reservation
   * is counted against every later one, and against large writes, until it is released; it
   * throws 507, naming the sizes, when the disk cannot hold it beside the others and the reserve.
   */
  reserveRoom(bytes: number): RoomReservation {
    const need = this.dir ? BODY_SPACE_FACTOR * bytes : 0;
    // Fresh, not cached: a reservation released a moment ago must show in the free space now.
    const free = this.dir ? this.freeNow(true) : null;
    if (free !== null) {
      this.update(free);
      if (this.state === 'full') throw new AppError('insufficient_storage', STORAGE_FULL_MESSAGE);
      const room = free - this.reserve - this.reserved.bytes;
      if (need > room) throw new AppError('insufficient_storage', this.noRoomMessage(need, room));
    }
    this.reserved.bytes += need;
    this.reserved.count += 1;
    let held = true;
    return {
      bytes: need,
      release: (error?: unknown) => {
        if (held) {
          held = false;
          this.reserved.bytes -= need;
          this.reserved.count -= 1;
        }
        if (error !== undefined && isDiskFullError(error)) this.noteDiskFull();
      },
    };
  }

  /** Room promised and not yet released: bytes, and how many writes hold it. */
  reservedRoom(): { bytes: number; count: number } {
    return { ...this.reserved };
  }

  private noRoomMessage(need: number, room: number): string {
    const others = this.reserved.count;
    const beside =
      others === 0
        ? ''
        : ` beside ${others} other ${others === 1 ? 'document' : 'documents'} being saved`;
    return (
      `The server has too little free storage to save this document: once stored, its file and ` +
      `text need about ${megabytes(need)}, and ${megabytes(Math.max(0, room))} are free${beside} ` +
      `(${megabytes(this.reserve)} more are kept in reserve for the database). Nothing of it was ` +
      'saved; try again later, or ask the operator to free space.'
    );
  }

  /** A write failed because a disk is full (the database's, or the file store's). */
  noteDiskFull(): void {
    if (!this.dir) {
      this.enterFull(null);
      return;
    }
    // The file store may be on another disk: only the database's own space decides the state.
    const free = this.freeNow(true);
    if (free !== null && free < this.reserve + RESUME_MARGIN_BYTES) this.enterFull(free);
  }

  /** A write succeeded: on PostgreSQL, the only sign that its disk has room again. */
  noteWriteSucceeded(): void {
    if (!this.dir && this.state === 'full') this.leaveFull(null);
  }

  close(): void {
    this.stopProbe();
  }

  private freeNow(fresh: boolean): number | null {
    const dir = this.dir;
    if (!dir) return null;
    const now = Date.now();
    if (!fresh && this.measured && now - this.measured.at < MEASURE_CACHE_MS) {
      return this.measured.free;
    }
    try {
      const free = this.measure(dir);
      this.measured = { at: now, free };
      return free;
    } catch (error) {
      this.log?.warn({ err: error, dir }, 'could not measure free storage');
      return null;
    }
  }

  private update(free: number | null): void {
    if (free === null) return;
    if (this.state === 'ok' && free < this.reserve) this.enterFull(free);
    else if (this.state === 'full' && free >= this.reserve + RESUME_MARGIN_BYTES) {
      this.leaveFull(free);
    }
  }

  private enterFull(free: number | null): void {
    if (this.state === 'full') return;
    this.state = 'full';
    this.log?.warn(
      {
        storage: 'full',
        dir: this.dir,
        freeBytes: free,
        reserveBytes: this.dir ? this.reserve : null,
      },
      this.dir
        ? `storage full: ${megabytes(free ?? 0)} free on the database's disk, under the ${megabytes(this.reserve)} reserve; writes are refused with 507 until space returns`
        : 'storage full: the database reported its disk full; writes fail with 507 until one succeeds',
    );
    if (this.dir) {
      this.probe = setInterval(() => this.update(this.freeNow(true)), this.probeIntervalMs);
      this.probe.unref();
    }
  }

  private leaveFull(free: number | null): void {
    this.state = 'ok';
    this.stopProbe();
    this.log?.info(
      { storage: 'ok', dir: this.dir, freeBytes: free },
      free === null
        ? 'storage writable again: a write succeeded'
        : `storage writable again: ${megabytes(free)} free`,
    );
  }

  private stopProbe(): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }
}

/**
 * Writes to the API are checked before their body is read (a 100 MB upload is refused at once);
 * a disk-full error from any write puts the guard in the full state; a write that succeeds on
 * PostgreSQL takes it out.
 */
export function registerStorageGuard(app: FastifyInstance, guard: StorageGuard): void {
  guard.attach(app.log);
  app.addHook('onRequest', async (request) => {
    if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const length = Number(request.headers['content-length'] ?? 0);
    const essential = ESSENTIAL_WRITES.has(`${request.method} ${request.routeOptions.url}`);
    guard.checkWrite(Number.isFinite(length) && length > 0 ? length : 0, essential);
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (isDiskFullError(error)) guard.noteDiskFull();
  });
  app.addHook('onResponse', async (request, reply) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400) guard.noteWriteSucceeded();
  });
  app.addHook('onClose', async () => guard.close());
}
