// Computed pages and searches, remembered by their canonical key (least recently used first out).
// The snapshot never changes under a running gateway, so an entry is never stale; popular
// combinations and searches then cost what a prebuilt page costs.

import type { MaybeAsync } from './maybe-async.ts';

export interface ComputedPage { body: Uint8Array; etag: string; totalPages: number }

/** About 20 MB at most for pages of 20 tools. */
const ENTRIES = 1_000;

/**
 * A bounded memo: the value of `key`, made once by `make`. A remembered value is answered at
 * once (no promise); a value made later is remembered when it arrives (a rejection is not).
 */
export type Memo<T> = (key: string, make: () => MaybeAsync<T>) => MaybeAsync<T>;
export type PageCache = Memo<ComputedPage>;

export function createPageCache(entries = ENTRIES): PageCache {
  return createMemo<ComputedPage>(entries, { secondSight: true });
}

/**
 * Least recently used first out (approximately: a hit only marks its entry, and the oldest entry
 * goes unless it was used since it was last passed over, in which case it moves to the back; a
 * hit then writes no table, which costs more than the rest of answering it), at most `entries`
 * values. With `secondSight`, a value is kept
 * only when its key was asked for before among the last 2 x `entries` new keys: traffic that
 * never repeats (a crawler, a scan of every combination) then passes through without evicting
 * what does repeat, and without keeping each answer just long enough to make it garbage of the
 * old generation (which costs the whole process major collections).
 */
export function createMemo<T>(entries: number, { secondSight = false } = {}): Memo<T> {
  const cache = new Map<string, Slot<T>>();
  const seen = new Set<string>();
  const evictOne = () => {
    for (const [key, slot] of cache) {
      cache.delete(key);
      if (slot.used === 0) return;
      slot.used = 0; // a second chance, at the back
      cache.set(key, slot);
    }
  };
  const keep = (key: string, value: T) => {
    if (secondSight && !seen.delete(key)) {
      if (seen.size >= 2 * entries) seen.clear();
      seen.add(key);
      return value;
    }
    if (cache.size >= entries) evictOne();
    cache.set(key, { value, used: 0 });
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

/** A remembered value, and whether it was asked for since eviction last passed it over. */
interface Slot<T> { value: T; used: 0 | 1 }
