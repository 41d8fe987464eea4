/**
 * Which file the reader processes read, and when (issue #30 item 7). Two lanes, one reader each:
 * the quick lane, which every file takes first, in the order they came, and the slow lane, for
 * one file that has read for longer than its readerSlowFileMs. A file that turns slow in the
 * quick lane moves to the slow lane when that is free; when it is not, the file is stopped and
 * waits for the slow lane, where it is read again from the start. So no file holds the quick
 * lane past readerSlowFileMs, and a small file uploaded behind any number of slow ones starts
 * within that time. Before, both lanes took any file: two slow ones held them for their whole
 * budgets (minutes) while everything else waited.
 *
 * Why this and not another fairness: a budget that shrinks while others wait would fail a long
 * book merely for being read beside another; pausing a reader (SIGSTOP) would keep its memory,
 * up to twice the reader's limit, for as long as it waits. Here the price is at most
 * readerSlowFileMs read twice, for a slow file that meets another. Still two readers at most:
 * each takes a core and up to twice its memory limit, and the server needs the rest.
 */

/** A file's hold on a lane, until release(). */
export type ReaderTurn = { release(): void };

/** A turn in the quick lane, which the queue may take back when the file turns slow. */
export type QuickTurn = ReaderTurn & {
  /**
   * Aborted when the file has read for its readerSlowFileMs and the slow lane is taken: the
   * reading must stop and the turn be released; the file goes on in slowTurn(), from the start.
   */
  readonly movedAside: AbortSignal;
};

const lanes = { quick: false, slow: false };
const waiting: Record<keyof typeof lanes, (() => void)[]> = { quick: [], slow: [] };

/** Takes the lane now, or waits for it behind those already waiting (the lane is handed on). */
async function enter(lane: keyof typeof lanes): Promise<void> {
  if (!lanes[lane] && waiting[lane].length === 0) {
    lanes[lane] = true;
    return;
  }
  await new Promise<void>((start) => waiting[lane].push(start));
}

/** Hands the lane to the next file waiting for it, or frees it. */
function leave(lane: keyof typeof lanes): void {
  const next = waiting[lane].shift();
  if (next) next();
  else lanes[lane] = false;
}

/** A file's first turn: the quick lane, in arrival order. */
export async function quickTurn(slowMs: number): Promise<QuickTurn> {
  await enter('quick');
  let lane: keyof typeof lanes | null = 'quick';
  const aside = new AbortController();
  const turnedSlow = setTimeout(() => {
    if (lane !== 'quick') return;
    if (lanes.slow) {
      aside.abort();
      return;
    }
    // The slow lane is free (and so nobody waits for it): the file goes on there, unstopped.
    lanes.slow = true;
    lane = 'slow';
    leave('quick');
  }, slowMs);
  turnedSlow.unref();
  return {
    movedAside: aside.signal,
    release() {
      clearTimeout(turnedSlow);
      if (lane) leave(lane);
      lane = null;
    },
  };
}

/** The turn of a file moved aside: the slow lane, in the order they were moved. */
export async function slowTurn(): Promise<ReaderTurn> {
  await enter('slow');
  let held = true;
  return {
    release() {
      if (held) leave('slow');
      held = false;
    },
  };
}
