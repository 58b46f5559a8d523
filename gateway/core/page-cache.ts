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
  return createMemo<ComputedPage>(entries);
}

/** Least recently used first out, at most `entries` values. */
export function createMemo<T>(entries: number): Memo<T> {
  const cache = new Map<string, T>();
  const keep = (key: string, value: T) => {
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
