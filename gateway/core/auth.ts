// Authentication: the X-API-Key (or `Authorization: Bearer sk_...`, as MCP clients send it) is
// checked against the KeyStore by its SHA-256. Hashing is the costliest step of the check, so the
// hashes of keys that were found are remembered (bounded); keys that do not exist never are.
import { STORE_DEADLINE_MS, withDeadline } from './deadline.ts';
import { hashKey, KEY_PATTERN, KeyStoreUnavailableError, type KeyLookup, type KeyStore } from './key-store.ts';
import { andThen, type MaybeAsync } from './maybe-async.ts';
import { HttpError } from './responses.ts';

export interface Identity { id: string; plan: string }

/** Hashes remembered at most: a key is at most 67 characters, so this bounds the memo near 1.5 MB. */
const MEMO_ENTRIES = 10_000;

/** During an outage of the key store, one line says how many requests it cost, this often. */
const OUTAGE_REPORT_MS = 10_000;

export interface Authenticate {
  /** Throws (or rejects with) the 401 or 503 HttpError to answer. */
  (apiKey: string | null, authorization?: string | null): MaybeAsync<Identity>;
  /** How many key hashes are remembered (keys that were found). */
  remembered(): number;
}

export function createAuthenticator(keys: KeyStore, log: (line: string) => void, now: () => number = Date.now): Authenticate {
  const hashes = new Map<string, string>();
  let outage = false;
  let refused = 0;
  let reportedAt = 0;

  /** Logs the change of state and then a count every 10 s, never a line per request. */
  function noteOutage(message: string): void {
    refused += 1;
    if (!outage) {
      outage = true;
      reportedAt = now();
      log(`key store unavailable: ${message}; answering 503 for keys not verified in the last 30 s`);
    } else if (now() - reportedAt >= OUTAGE_REPORT_MS) {
      log(`key store still unavailable: ${refused} requests answered 503 in the last ${Math.round((now() - reportedAt) / 1000)} s`);
      reportedAt = now();
      refused = 0;
    }
  }

  /** The store's answer for a key not remembered: hashed first (a promise). */
  function lookup(key: string): Promise<KeyLookup> {
    return hashKey(key).then((hash) => ask(key, hash, false));
  }

  function ask(key: string, hash: string, remembered: boolean): MaybeAsync<KeyLookup> {
    let answer: MaybeAsync<KeyLookup>;
    try {
      // The last line of defence against a store that never answers; remote stores are wrapped in
      // cachedKeyStore, whose own 1-s deadline answers first and can fall back to a recent answer.
      answer = keys.lookupNow ? keys.lookupNow(hash)
        : withDeadline(keys.lookup(hash), () => new KeyStoreUnavailableError('the key store did not answer'), 2 * STORE_DEADLINE_MS);
    } catch (e) {
      return unavailable(e);
    }
    return answer instanceof Promise ? answer.then((found) => verified(key, hash, remembered, found), unavailable) : verified(key, hash, remembered, answer);
  }

  function verified(key: string, hash: string, remembered: boolean, found: KeyLookup): KeyLookup {
    if (outage) {
      outage = false;
      log(`key store reachable again (${refused} requests answered 503 since the last report)`);
      refused = 0;
    }
    if (!remembered && found.status !== 'unknown') {
      if (hashes.size >= MEMO_ENTRIES) hashes.delete(hashes.keys().next().value!);
      hashes.set(key, hash);
    }
    return found;
  }

  function unavailable(e: unknown): never {
    if (!(e instanceof KeyStoreUnavailableError)) throw e;
    noteOutage(e.message);
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The API key could not be verified right now; retry after the number of seconds in Retry-After.', { 'Retry-After': String(e.retryAfterSeconds) });
  }

  const authenticate = (apiKey: string | null, authorization: string | null = null): MaybeAsync<Identity> => {
    let key = apiKey?.trim() ?? '';
    if (key === '' && authorization) key = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? '';
    // A remembered key was checked against the pattern when it was first seen.
    const remembered = hashes.get(key);
    if (remembered !== undefined) return andThen(ask(key, remembered, true), identify);
    if (key === '') throw new HttpError(401, 'MISSING_API_KEY', 'Missing API key: send it in the X-API-Key header (X-API-Key: sk_...).');
    // Two X-API-Key headers arrive joined as "a, b", which can never match the key pattern.
    if (!KEY_PATTERN.test(key)) throw new HttpError(401, 'INVALID_API_KEY', 'Invalid API key: send one X-API-Key header with the key exactly as issued (sk_ followed by 40 letters and digits).');
    return andThen(lookup(key), identify);
  };
  return Object.assign(authenticate, { remembered: () => hashes.size });
}

function identify(found: KeyLookup): Identity {
  if (found.status === 'revoked') throw new HttpError(401, 'REVOKED_API_KEY', 'This API key has been revoked by an administrator; ask the operator for a new key.');
  if (found.status !== 'active') throw new HttpError(401, 'INVALID_API_KEY', 'Invalid API key: no key matches; check that it was copied whole, or ask the operator for a new key.');
  return found; // an active lookup is an Identity (id and plan), and the store keeps it: nothing to copy
}
