// Authentication: the X-API-Key (or `Authorization: Bearer sk_...`, as MCP clients send it) is
// checked against the KeyStore by its SHA-256. Hashing is the costliest step of the check, so the
// hashes of keys that were found are remembered (bounded); keys that do not exist never are.
import { withDeadline } from './deadline.ts';
import { hashKey, KEY_PATTERN, KeyStoreUnavailableError, type KeyStore } from './key-store.ts';
import { HttpError } from './responses.ts';

export interface Identity { id: string; plan: string }

/** Hashes remembered at most: a key is at most 67 characters, so this bounds the memo near 1.5 MB. */
const MEMO_ENTRIES = 10_000;

export type Authenticate = (apiKey: string | null, authorization?: string | null) => Promise<Identity>;

export function createAuthenticator(keys: KeyStore, log: (line: string) => void): Authenticate {
  const hashes = new Map<string, string>();
  let outage = false;

  async function lookup(key: string) {
    const remembered = hashes.get(key);
    const hash = remembered ?? await hashKey(key);
    try {
      const found = await withDeadline(keys.lookup(hash), () => new KeyStoreUnavailableError('the key store did not answer within 1 s'));
      if (outage) { outage = false; log('key store reachable again'); }
      if (remembered === undefined && found.status !== 'unknown') {
        if (hashes.size >= MEMO_ENTRIES) hashes.delete(hashes.keys().next().value!);
        hashes.set(key, hash);
      }
      return found;
    } catch (e) {
      if (!(e instanceof KeyStoreUnavailableError)) throw e;
      if (!outage) { outage = true; log(`key store unavailable: ${e.message}`); }
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The API key could not be verified right now; retry after the number of seconds in Retry-After.', { 'Retry-After': String(e.retryAfterSeconds) });
    }
  }

  return async (apiKey, authorization = null) => {
    let key = apiKey?.trim() ?? '';
    if (key === '' && authorization) key = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? '';
    if (key === '') throw new HttpError(401, 'MISSING_API_KEY', 'Missing API key: send it in the X-API-Key header (X-API-Key: sk_...).');
    // Two X-API-Key headers arrive joined as "a, b", which can never match the key pattern.
    if (!KEY_PATTERN.test(key)) throw new HttpError(401, 'INVALID_API_KEY', 'Invalid API key: send one X-API-Key header with the key exactly as issued (sk_ followed by 40 letters and digits).');
    const found = await lookup(key);
    if (found.status === 'revoked') throw new HttpError(401, 'REVOKED_API_KEY', 'This API key has been revoked by an administrator; ask the operator for a new key.');
    if (found.status !== 'active') throw new HttpError(401, 'INVALID_API_KEY', 'Invalid API key: no key matches; check that it was copied whole, or ask the operator for a new key.');
    return { id: found.id, plan: found.plan };
  };
}
