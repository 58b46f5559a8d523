// Computed pages and searches, remembered by their canonical key (least recently used first out),
// up to a budget of bytes. The snapshot never changes under a running gateway, so an entry is
// never stale; popular combinations and searches then cost what a prebuilt page costs.

import type { MaybeAsync } from './maybe-async.ts';

export interface ComputedPage { body: Uint8Array; etag: string; totalPages: number }

/** Bodies remembered by default, per memo of answers (the Node server sets its own, CACHE_MB). */
export const CACHE_BYTES = 16 * 1024 * 1024;
/** At most this many answers whatever their size: the keys and the memo's tables take room too. */
export const CACHE_ENTRIES = 20_000;
/** What an entry costs beyond its body (key, slot, table), roughly. */
const ENTRY_BYTES = 256;

/**
 * A bounded memo: the value of `key`, made once by `make`. A remembered value is answered at
 * once (no promise); a value made later is remembered when it arrives (a rejection is not).
 */
export type Memo<T> = (key: string, make: () => MaybeAsync<T>) => MaybeAsync<T>;
export type PageCache = Memo<ComputedPage>;

export interface MemoOptions<T> {
  /** Keep a value only from its key's second request (see createMemo). */
  secondSight?: boolean;
  /** At most this many bytes of values, as `weigh` counts them. */
  bytes?: number;
  weigh?: (value: T) => number;
}

export function createPageCache(bytes = CACHE_BYTES): PageCache {
  return createMemo<ComputedPage>(CACHE_ENTRIES, { secondSight: true, bytes, weigh: (page) => bodyWeight(page.body) });
}

/** The weight of a remembered answer: its body. */
export function bodyWeight(body: Uint8Array | string | null): number {
  return (body === null ? 0 : typeof body === 'string' ? body.length : body.byteLength) + ENTRY_BYTES;
}

/**
 * Least recently used first out (approximately: a hit only marks its entry, and the oldest entry
 * goes unless it was used since it was last passed over, in which case it moves to the back; a
 * hit then writes no table, which costs more than the rest of answering it), at most `entries`
 * values and `bytes` of them. With `secondSight`, a value is kept
 * only when its key was asked for before among the last 2 x `entries` new keys: traffic that
 * never repeats (a crawler, a scan of every combination) then passes through without evicting
 * what does repeat, and without keeping each answer just long enough to make it garbage of the
 * old generation (which costs the whole process major collections).
 */
export function createMemo<T>(entries: number, { secondSight = false, bytes = Infinity, weigh = () => 0 }: MemoOptions<T> = {}): Memo<T> {
  const cache = new Map<string, Slot<T>>();
  const seen = new Set<string>();
  let held = 0;
  const evictOne = () => {
    for (const [key, slot] of cache) {
      cache.delete(key);
      if (slot.used === 0) { held -= slot.weight; return; }
      slot.used = 0; // a second chance, at the back
      cache.set(key, slot);
    }
  };
  const keep = (key: string, value: T) => {
    const weight = weigh(value);
    if (weight > bytes) return value; // never kept: not even seen
    if (secondSight && !seen.delete(key)) {
      if (seen.size >= 2 * entries) seen.clear();
      seen.add(key);
      return value;
    }
    const previous = cache.get(key); // made twice at once
    if (previous !== undefined) { cache.delete(key); held -= previous.weight; }
    while (cache.size > 0 && (cache.size >= entries || held + weight > bytes)) evictOne();
    cache.set(key, { value, used: 0, weight });
    held += weight;
    return value;
  };
  return (key, make) => {
    const hit = cache.get(key);
    if (hit !== undefined) {
      hit.used = 1;
      return hit.value;
    }
    const made = make();
    return made instanceof Promise ? made.then((value) => keep(key, value)) : keep(key, made);
  };
}

/** A remembered value, its weight, and whether it was asked for since eviction last passed it over. */
interface Slot<T> { value: T; used: 0 | 1; weight: number }
