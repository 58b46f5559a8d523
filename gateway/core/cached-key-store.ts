// The key cache, as a wrapper any KeyStore gets: answers are remembered per hash, served without
// asking the store for `ttlMs` (0 for the embedded file store, whose lookups are already a Map
// read; up to 30 s for Upstash, the documented revocation delay), and served for `graceMs` after
// they were verified while the store is unreachable (API.md, "Degraded mode"): a failed call, or
// one that takes longer than 1 s.
import { STORE_RETRY_MS, withDeadline } from './deadline.ts';
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
  /** Until when the store is left alone after a failure (see STORE_RETRY_MS). */
  let restingUntil = 0;
  const fallback = (hit: Entry | undefined, error: KeyStoreUnavailableError): KeyLookup => {
    if (hit !== undefined && now() - hit.verifiedAt < graceMs) return hit.lookup;
    throw error;
  };
  return {
    async lookup(hash) {
      const hit = entries.get(hash);
      if (hit !== undefined && now() - hit.verifiedAt < ttlMs) return hit.lookup;
      if (now() < restingUntil) return fallback(hit, new KeyStoreUnavailableError('the key store failed in the last second'));
      try {
        const lookup = await withDeadline(inner.lookup(hash), () => new KeyStoreUnavailableError('the key store did not answer within 1 s'));
        remember(hash, lookup);
        return lookup;
      } catch (e) {
        if (!(e instanceof KeyStoreUnavailableError)) throw e;
        restingUntil = now() + STORE_RETRY_MS;
        return fallback(hit, e);
      }
    },
  };
}
