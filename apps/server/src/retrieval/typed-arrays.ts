type NumericArray = Int8Array | Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array;

/**
 * Returns `array` if it holds `needed` elements, else a copy grown by half: 1.5× wastes less
 * memory on millions of postings than doubling, for a few more copies while loading.
 */
export function ensureCapacity<T extends NumericArray>(array: T, needed: number, fill = 0): T {
  if (needed <= array.length) return array;
  const Kind = array.constructor as new (length: number) => T;
  const next = new Kind(Math.max(needed, Math.ceil(array.length * 1.5), 4));
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}
