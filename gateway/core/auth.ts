// Authentication: the key (X-API-Key, or `Authorization: Bearer sk_...` as MCP clients and many
// HTTP libraries send it) is checked against the KeyStore by its SHA-256. Verdicts on keys that
// exist are remembered in the gateway's BoundedCache: served without asking the store for
// `freshMs` (0 for the keys file, whose lookups are a Map read; up to 30 s for Redis, the documented
// revocation delay), and for `graceMs` while the store is unreachable (API.md, "Degraded mode").
// Where the store is shared (freshMs > 0), a key it does not know is remembered as unknown for
// UNKNOWN_KEY_MS, so a flood of made-up keys costs one store call per distinct key. Verdicts are
// named `key\0<key>` in the cache, apart from answers (named by their URL): a header that looks
// like a URL neither reads nor evicts an answer.
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
/** API.md: a key a shared store does not know is remembered as unknown this long. */
export const UNKNOWN_KEY_MS = 30_000;

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
        if (lookup.status === 'unknown' && freshMs === 0) cache.delete(verdictName(key));
        else if (known?.lookup === lookup) known.at = now();
        else cache.set(verdictName(key), { hash, lookup, at: now() }, VERDICT_BYTES);
        return lookup;
      } catch (e) {
        if (!(e instanceof KeyStoreUnavailableError)) throw e;
        outage.failed(e.message);
        reason = e;
      }
    }
    if (known !== undefined && known.lookup.status !== 'unknown' && now() - known.at < graceMs) return known.lookup;
    const operator = reason?.reason === 'no_keys' ? ` ${reason.message}` : '';
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', `The API key could not be verified right now; retry after the number of seconds in Retry-After.${operator}`, { 'Retry-After': String(reason?.retryAfterSeconds ?? 5) });
  }

  return async (apiKey, authorization) => {
    const key = sentKey(apiKey, authorization);
    checkFormat(key);
    const known = cache.get<Verdict>(verdictName(key));
    const fresh = known !== undefined && now() - known.at < (known.lookup.status === 'unknown' ? UNKNOWN_KEY_MS : freshMs);
    return identify(fresh ? known.lookup : await verify(key, known));
  };
}

/** A verdict's name in the cache; no answer's name (a URL, or `kind\0...`) starts this way. */
function verdictName(key: string): string {
  return `key\0${key}`;
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
