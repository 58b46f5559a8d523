// KeyStore: where the gateway checks an X-API-Key. Read this first; the file store (embedded
// default) and any distributed store implement it.

/** What the store knows about a key, looked up by the SHA-256 of the whole key. */
export type KeyLookup =
  /** The key is valid: `id` identifies it in logs and the rate limiter, `plan` sets its limit. */
  | { status: 'active'; id: string; plan: string }
  /** The key existed and an administrator revoked it: 401 REVOKED_API_KEY. */
  | { status: 'revoked'; id: string }
  /** No key has this hash: 401 INVALID_API_KEY. */
  | { status: 'unknown' };

export interface KeyStore {
  /**
   * @param hash lowercase hex SHA-256 of the key exactly as issued (`sk_...`).
   * @throws KeyStoreUnavailableError when the store cannot be reached and no answer from the
   *         last 30 seconds is cached: the gateway answers 503 with Retry-After.
   */
  lookup(hash: string): Promise<KeyLookup>;
}

export class KeyStoreUnavailableError extends Error {
  constructor(message: string, readonly retryAfterSeconds = 5) {
    super(message);
    this.name = 'KeyStoreUnavailableError';
  }
}

/** Keys are `sk_` followed by at least 32 characters of [A-Za-z0-9]. */
export const KEY_PATTERN = /^sk_[A-Za-z0-9]{32,}$/;

/** Lowercase hex SHA-256, with Web Crypto so every platform hashes the same way. */
export async function hashKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}
