// Computed pages and searches, remembered by their canonical key (least recently used first out).
// The snapshot never changes under a running gateway, so an entry is never stale; popular
// combinations and searches then cost what a prebuilt page costs.

export interface ComputedPage { body: Uint8Array; etag: string; totalPages: number }

/** About 20 MB at most for pages of 20 tools. */
const ENTRIES = 1_000;

/** A bounded memo: the value of `key`, made once by `make` (a rejected make is not remembered). */
export type Memo<T> = (key: string, make: () => Promise<T>) => Promise<T>;
export type PageCache = Memo<ComputedPage>;

export function createPageCache(entries = ENTRIES): PageCache {
  return createMemo<ComputedPage>(entries);
}

/** Least recently used first out, at most `entries` values. */
export function createMemo<T>(entries: number): Memo<T> {
  const cache = new Map<string, T>();
  return async (key, make) => {
    const hit = cache.get(key);
    if (hit !== undefined) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const page = await make();
    if (cache.size >= entries) cache.delete(cache.keys().next().value!);
    cache.set(key, page);
    return page;
  };
}
