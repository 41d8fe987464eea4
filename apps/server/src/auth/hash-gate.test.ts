import { describe, expect, it } from 'vitest';
import { createHashGate, HashGateBusyError } from './hash-gate.ts';

/** A task that finishes when the test says so. */
function deferred() {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe('createHashGate', () => {
  it('runs two at once, queues the next ones and refuses beyond the queue at once', async () => {
    const gate = createHashGate({ concurrency: 2, queueLimit: 2 });
    const tasks = Array.from({ length: 4 }, () => deferred());
    const started: number[] = [];
    const runs = tasks.map((task, i) =>
      gate.run(async () => {
        started.push(i);
        await task.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.stats()).toMatchObject({ running: 2, queued: 2 });

    // The fifth finds both slots and the queue taken: refused without waiting.
    await expect(gate.run(async () => 'never')).rejects.toBeInstanceOf(HashGateBusyError);
    await expect(gate.run(async () => 'never')).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 2,
    });

    tasks[0]?.finish();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    expect(gate.stats()).toMatchObject({ running: 2, queued: 1 });

    for (const task of tasks) task.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(gate.stats()).toEqual({ running: 0, queued: 0, peakRunning: 2 });
  });

  it('frees the slot when a task fails', async () => {
    const gate = createHashGate({ concurrency: 1, queueLimit: 0 });
    await expect(gate.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      'scrypt failed',
    );
    expect(await gate.run(async () => 'next')).toBe('next');
    expect(gate.stats().running).toBe(0);
  });
});
