// Authentication: the key (X-API-Key, or `Authorization: Bearer sk_...` as MCP clients and many
// HTTP libraries send it) is checked against the KeyStore by its SHA-256. Verdicts on keys that
// exist are remembered in the gateway's BoundedCache: served without asking the store for
// `freshMs` (0 for the keys file, whose lookups are a Map read; up to 30 s for Redis, the documented
// revocation delay), and for `graceMs` while the store is unreachable (API.md, "Degraded mode").
// Keys that do not exist are never remembered.
import { hashKey, KEY_FORMAT, KEY_PATTERN } from './api-keys.ts';
import type { BoundedCache } from './bounded-cache.ts';
import { KeyStoreUnavailableError, type KeyLookup, type KeyStore } from './key-store.ts';
import { Outage } from './outage.ts';
import { HttpError } from './responses.ts';

export interface Identity { id: string; plan: string }

export interface AuthOptions {
  keys: KeyStore;
  cache: BoundedCache;
  /** How long a verdict is served without asking the store again. */
  freshMs: number;
  /** How long a verdict reached by this instance survives an outage of the store. */
  graceMs?: number;
  log: (line: string) => void;
  now: () => number;
}

/** The key a request sends, as headers carry it; throws the 401 to answer when there is none or it is malformed. */
export type Authenticate = (apiKey: string | null, authorization: string | null) => Promise<Identity>;

interface Verdict { hash: string; lookup: KeyLookup; at: number }
/** A verdict's weight beyond its key: the hash (64 characters) and the lookup. */
const VERDICT_BYTES = 256;

export function createAuthenticator({ keys, cache, freshMs, graceMs = 30_000, log, now }: AuthOptions): Authenticate {
  const outage = new Outage('key store', 'answering 503 for keys not verified in the last 30 s', log, now);

  /** The store's verdict (remembered), or a recent one while the store cannot be reached, or 503. */
  async function verify(key: string, known: Verdict | undefined): Promise<KeyLookup> {
    const hash = known?.hash ?? await hashKey(key);
    let reason: KeyStoreUnavailableError | undefined;
    if (!outage.resting()) {
      try {
        const lookup = await keys.lookup(hash);
        outage.answered();
        if (lookup.status === 'unknown') cache.delete(key);
        else if (known?.lookup === lookup) known.at = now();
        else cache.set(key, { hash, lookup, at: now() }, VERDICT_BYTES);
        return lookup;
      } catch (e) {
        if (!(e instanceof KeyStoreUnavailableError)) throw e;
        outage.failed(e.message);
        reason = e;
      }
    }
    if (known !== undefined && now() - known.at < graceMs) return known.lookup;
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The API key could not be verified right now; retry after the number of seconds in Retry-After.', { 'Retry-After': String(reason?.retryAfterSeconds ?? 5) });
  }

  return async (apiKey, authorization) => {
    const key = sentKey(apiKey, authorization);
    // A key is its own name in the cache (only keys start with sk_); one remembered was checked
    // against the key pattern when it was first seen.
    const known = cache.get<Verdict>(key);
    if (known === undefined) checkFormat(key);
    else if (now() - known.at < freshMs) return identify(known.lookup);
    return identify(await verify(key, known));
  };
}

/** The key of the X-API-Key header, else of a Bearer authorization; 401 when there is none. */
function sentKey(apiKey: string | null, authorization: string | null): string {
  let key = apiKey?.trim() ?? '';
  if (key === '' && authorization) key = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? '';
  if (key === '') throw new HttpError(401, 'MISSING_API_KEY', 'Missing API key: send it in the X-API-Key header (X-API-Key: sk_...) or as Authorization: Bearer sk_...');
  return key;
}

/** 401 for a key that cannot be one. Two X-API-Key headers arrive joined as "a, b", which never matches. */
function checkFormat(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new HttpError(401, 'INVALID_API_KEY', `Invalid API key: send one X-API-Key header with the key exactly as issued (${KEY_FORMAT}).`);
}

function identify(found: KeyLookup): Identity {
  if (found.status === 'revoked') throw new HttpError(401, 'REVOKED_API_KEY', 'This API key has been revoked by an administrator; ask the operator for a new key.');
  if (found.status !== 'active') throw new HttpError(401, 'INVALID_API_KEY', 'Invalid API key: no key matches; check that it was copied whole, or ask the operator for a new key.');
  return found;
}
