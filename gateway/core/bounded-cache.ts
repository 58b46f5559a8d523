// Everything the gateway remembers between requests (answers, filter selections, key verdicts,
// the search engine's words) lives in one BoundedCache, so that one budget of bytes, CACHE_MB,
// bounds the sum whatever clients send. Keys are counted as well as values: a flood of distinct
// long URLs weighs what it holds. One policy, second chance (an approximation of least recently
// used): a hit only marks its entry, and eviction passes over marked entries once, moving them to
// the back. Moving an entry on every hit (delete and set) is what exact LRU needs, but V8 keeps a
// deleted Map entry in its bucket until the table is rehashed, so a hot key's bucket grew by one
// per hit: with 10,000 entries remembered, get and set were 40% of a prebuilt page's CPU and the
// page cost 90 us instead of 34 us (measured with npm run bench's rows, one run each).

/** What an entry costs beyond its key and value: the Map's slot and the entry object, roughly. */
export const ENTRY_BYTES = 96;

/** The budget of the core when an adapter sets none (an edge isolate has 128 MB in all). */
export const DEFAULT_CACHE_BYTES = 16 * 1024 * 1024;

interface Entry { value: unknown; bytes: number; used: boolean }

export class BoundedCache {
  private readonly entries = new Map<string, Entry>();
  private held = 0;

  constructor(readonly budget: number) {
    if (!(budget >= 0)) throw new RangeError(`a cache budget is a number of bytes >= 0; got ${budget}`);
  }

  /** The value of `key` (marked as used since eviction last passed it); undefined when not remembered. */
  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value as T;
  }

  /**
   * Remembers `value` (which weighs `valueBytes`) under `key`, evicting entries until it fits; a
   * value that cannot fit in the whole budget is not kept. A key set again is updated in place.
   */
  set(key: string, value: unknown, valueBytes: number): void {
    const bytes = weigh(key, valueBytes);
    const entry = this.entries.get(key);
    if (bytes > this.budget) {
      if (entry !== undefined) this.delete(key);
      return;
    }
    if (entry !== undefined) {
      this.held += bytes - entry.bytes;
      Object.assign(entry, { value, bytes, used: true });
    } else {
      this.entries.set(key, { value, bytes, used: false });
      this.held += bytes;
    }
    while (this.held > this.budget) this.evictOne();
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  /** Bytes held: keys, values and entries, as `set` weighed them. */
  get bytes(): number { return this.held; }
  get size(): number { return this.entries.size; }

  /** The oldest entry not used since eviction last passed it; used ones go to the back, unmarked. */
  private evictOne(): void {
    for (const [key, entry] of this.entries) {
      if (!entry.used) {
        this.delete(key);
        return;
      }
      entry.used = false;
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
  }
}

/** A string key's weight: two bytes per UTF-16 unit (V8 stores most in one, never more than two). */
function weigh(key: string, valueBytes: number): number {
  return 2 * key.length + valueBytes + ENTRY_BYTES;
}

/** The weight of a body kept as a string or as bytes. */
export function bodyBytes(body: string | Uint8Array | null): number {
  return body === null ? 0 : typeof body === 'string' ? 2 * body.length : body.byteLength;
}

/**
 * `make()`'s value for `key`, remembered in `cache` with the weight `weigh` gives it; a rejection
 * is not remembered. Concurrent first requests each make the value (the second one kept).
 */
export async function remembered<T>(cache: BoundedCache, key: string, make: () => T | Promise<T>, weigh: (value: T) => number): Promise<T> {
  const hit = cache.get<T>(key);
  if (hit !== undefined) return hit;
  const value = await make();
  cache.set(key, value, weigh(value));
  return value;
}
