// Everything the gateway remembers between requests (answers, filter selections, key verdicts,
// the search engine's words) lives in one BoundedCache, so that one budget of bytes, CACHE_MB,
// bounds the sum whatever clients send. Keys are counted as well as values: a flood of distinct
// long URLs weighs what it holds. One policy: least recently used goes first.

/** What an entry costs beyond its key and value: the Map's slot and the entry object, roughly. */
export const ENTRY_BYTES = 96;

/** The budget of the core when an adapter sets none (an edge isolate has 128 MB in all). */
export const DEFAULT_CACHE_BYTES = 16 * 1024 * 1024;

interface Entry { value: unknown; bytes: number }

export class BoundedCache {
  private readonly entries = new Map<string, Entry>();
  private held = 0;

  constructor(readonly budget: number) {
    if (!(budget >= 0)) throw new RangeError(`a cache budget is a number of bytes >= 0; got ${budget}`);
  }

  /** The value of `key`, which becomes the most recently used; undefined when not remembered. */
  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value as T;
  }

  /**
   * Remembers `value` (which weighs `valueBytes`) under `key`, evicting the least recently used
   * entries until it fits; a value that cannot fit in the whole budget is not kept.
   */
  set(key: string, value: unknown, valueBytes: number): void {
    this.delete(key);
    const bytes = weigh(key, valueBytes);
    if (bytes > this.budget) return;
    while (this.held + bytes > this.budget) this.evictOldest();
    this.entries.set(key, { value, bytes });
    this.held += bytes;
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

  private evictOldest(): void {
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.delete(oldest.value);
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
