// The key cache, as a wrapper any KeyStore gets: answers are remembered per hash, served without
// asking the store for `ttlMs` (0 for the embedded file store, whose lookups are already a Map
// read; up to 30 s for Upstash, the documented revocation delay), and served for `graceMs` after
// they were verified while the store is unreachable (API.md, "Degraded mode").
import { KeyStoreUnavailableError, type KeyLookup, type KeyStore } from './key-store.ts';

export interface KeyCacheOptions {
  /** How long an answer is served without asking the store again. */
  ttlMs: number;
  /** How long an answer verified by this instance survives an outage of the store. */
  graceMs?: number;
  /** At most this many hashes are remembered (oldest out first). Unknown keys are never remembered. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry { lookup: KeyLookup; verifiedAt: number }

export function cachedKeyStore(inner: KeyStore, options: KeyCacheOptions): KeyStore {
  const { ttlMs, graceMs = 30_000, maxEntries = 10_000, now = Date.now } = options;
  const entries = new Map<string, Entry>();
  const remember = (hash: string, lookup: KeyLookup) => {
    entries.delete(hash);
    if (lookup.status === 'unknown') return;
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(hash, { lookup, verifiedAt: now() });
  };
  return {
    async lookup(hash) {
      const hit = entries.get(hash);
      if (hit !== undefined && now() - hit.verifiedAt < ttlMs) return hit.lookup;
      try {
        const lookup = await inner.lookup(hash);
        remember(hash, lookup);
        return lookup;
      } catch (e) {
        if (e instanceof KeyStoreUnavailableError && hit !== undefined && now() - hit.verifiedAt < graceMs) return hit.lookup;
        throw e;
      }
    },
  };
}
