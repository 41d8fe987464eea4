import { AppError } from '../http/app-error.ts';

/** How long a caller refused by a full gate is asked to wait before trying again. */
export const HASH_GATE_RETRY_AFTER_SECONDS = 2;

/** Thrown at once, without hashing, when both the running slots and the queue are taken. */
export class HashGateBusyError extends AppError {
  override name = 'HashGateBusyError';
  readonly retryAfterSeconds = HASH_GATE_RETRY_AFTER_SECONDS;

  constructor() {
    super(
      'rate_limited',
      'Too many sign-in attempts are being checked right now. Try again in a few seconds.',
    );
  }
}

export type HashGate = {
  /** Runs `task` when a slot is free, waits in the queue when not, refuses when that is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** What runs and waits now, and the most that ever ran at once (reset by resetPeak). */
  stats(): { running: number; queued: number; peakRunning: number };
  resetPeak(): void;
};

/**
 * A counting semaphore with a bounded queue. A password hash (scrypt, 128 MB) runs on libuv's
 * thread pool, which has 4 threads and also serves file reads, DNS and zlib: a burst of sign-ins
 * must not take all of them, nor pile up hundreds of megabytes of hashing work. Beyond the queue
 * the caller gets a fast refusal rather than a slow answer.
 */
export function createHashGate(limits: { concurrency: number; queueLimit: number }): HashGate {
  let running = 0;
  let peakRunning = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    // The slot passes straight to the next waiter, so `running` never dips in between.
    if (next) next();
    else running -= 1;
  };

  return {
    async run(task) {
      if (running < limits.concurrency) {
        running += 1;
      } else {
        if (queue.length >= limits.queueLimit) throw new HashGateBusyError();
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      peakRunning = Math.max(peakRunning, running);
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ running, queued: queue.length, peakRunning }),
    resetPeak() {
      peakRunning = running;
    },
  };
}

/**
 * The process's one gate for password hashing: two hashes at a time leave two of libuv's four
 * threads for everything else; eight waiting is about two seconds of work at most.
 */
export const passwordHashGate = createHashGate({ concurrency: 2, queueLimit: 8 });
