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
 * Least recently used first out, at most `entries` values. With `secondSight`, a value is kept
 * only when its key was asked for before among the last 2 x `entries` new keys: traffic that
 * never repeats (a crawler, a scan of every combination) then passes through without evicting
 * what does repeat, and without keeping each answer just long enough to make it garbage of the
 * old generation (which costs the whole process major collections).
 */
export function createMemo<T>(entries: number, { secondSight = false } = {}): Memo<T> {
  const cache = new Map<string, T>();
  const seen = new Set<string>();
  const keep = (key: string, value: T) => {
    if (secondSight && !seen.delete(key)) {
      if (seen.size >= 2 * entries) seen.clear();
      seen.add(key);
      return value;
    }
    if (cache.size >= entries) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
    return value;
  };
  return (key, make) => {
    const hit = cache.get(key);
    if (hit !== undefined) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const made = make();
    return made instanceof Promise ? made.then((value) => keep(key, value)) : keep(key, made);
  };
}
