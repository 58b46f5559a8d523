// KeyStore: where the gateway checks an X-API-Key. Read this first; the file store (embedded
// default), the Upstash store (production) and the cache wrapper implement it. Keys are made and
// hashed here, with Web Crypto, so every platform and every store agrees on them.

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
   * @throws KeyStoreUnavailableError when the store cannot be reached (a failed call, or one that
   *         does not answer within 1 s). The gateway then answers 503 with Retry-After, unless
   *         cachedKeyStore() verified the same key in the last 30 s (API.md, "Degraded mode").
   *         Any other error is a bug (500).
   */
  lookup(hash: string): Promise<KeyLookup>;
  /**
   * Offered by a store whose lookups never leave the process (a Map read): its answer at once,
   * without a promise or a deadline; throws what `lookup` rejects with.
   */
  lookupNow?(hash: string): KeyLookup;
}

export class KeyStoreUnavailableError extends Error {
  constructor(message: string, readonly retryAfterSeconds = 5) {
    super(message);
    this.name = 'KeyStoreUnavailableError';
  }
}

/** Keys are `sk_` followed by 32 to 64 characters of [A-Za-z0-9]; issued keys have 40. */
export const KEY_PATTERN = /^sk_[A-Za-z0-9]{32,64}$/;
/** Key ids, as logs, limiters and the keys CLI show them. */
export const KEY_ID_PATTERN = /^key_[0-9a-f]{12}$/;

/** Lowercase hex SHA-256, with Web Crypto so every platform hashes the same way. */
export async function hashKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_BODY_LENGTH = 40;
/** The largest multiple of 62 that fits in a byte: bytes at or above it are discarded, so every character is equally likely. */
const UNBIASED_BYTE_LIMIT = 256 - (256 % KEY_ALPHABET.length);

/** A new key: `sk_` + 40 characters of [A-Za-z0-9] (about 238 bits) from the platform's CSPRNG. */
export function generateKey(): string {
  let body = '';
  while (body.length < KEY_BODY_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(KEY_BODY_LENGTH))) {
      if (byte < UNBIASED_BYTE_LIMIT) body += KEY_ALPHABET[byte % KEY_ALPHABET.length];
      if (body.length === KEY_BODY_LENGTH) break;
    }
  }
  return `sk_${body}`;
}

export function generateKeyId(): string {
  let hex = '';
  for (const b of crypto.getRandomValues(new Uint8Array(6))) hex += b.toString(16).padStart(2, '0');
  return `key_${hex}`;
}
