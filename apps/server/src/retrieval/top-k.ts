/**
 * Keeps the best `limit` items seen, in a binary min-heap whose root is the worst kept item, so
 * selecting k of n candidates costs O(n log k) instead of sorting all n.
 */
export class TopK<T> {
  private readonly limit: number;
  private readonly isBetter: (a: T, b: T) => boolean;
  private readonly heap: T[] = [];

  /** `isBetter` must be a strict total order (break score ties) for results to be deterministic. */
  constructor(limit: number, isBetter: (a: T, b: T) => boolean) {
    this.limit = Math.max(0, Math.floor(limit));
    this.isBetter = isBetter;
  }

  get size(): number {
    return this.heap.length;
  }

  /** The worst item kept once full: candidates not better than it can be skipped unbuilt. */
  get threshold(): T | undefined {
    return this.heap.length === this.limit ? this.heap[0] : undefined;
  }

  offer(item: T): void {
    const heap = this.heap;
    if (heap.length < this.limit) {
      heap.push(item);
      this.siftUp(heap.length - 1);
      return;
    }
    const worst = heap[0];
    if (worst === undefined || !this.isBetter(item, worst)) return;
    heap[0] = item;
    this.siftDown(0);
  }

  /** Kept items, best first. */
  sorted(): T[] {
    return [...this.heap].sort((a, b) => (this.isBetter(a, b) ? -1 : this.isBetter(b, a) ? 1 : 0));
  }

  private siftUp(index: number): void {
    const heap = this.heap;
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const item = heap[i] as T;
      const above = heap[parent] as T;
      if (!this.isBetter(above, item)) break;
      heap[i] = above;
      heap[parent] = item;
      i = parent;
    }
  }

  private siftDown(index: number): void {
    const heap = this.heap;
    const n = heap.length;
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      let worse = left;
      if (right < n && this.isBetter(heap[left] as T, heap[right] as T)) worse = right;
      if (!this.isBetter(heap[i] as T, heap[worse] as T)) break;
      const item = heap[i] as T;
      heap[i] = heap[worse] as T;
      heap[worse] = item;
      i = worse;
    }
  }
}
