// KeyStore: where the gateway checks an API key. Read this first; the keys file (embedded default,
// gateway/node/) and Upstash Redis (gateway/upstash/) implement it. The gateway's key cache and
// API.md's degraded mode live in the core (auth.ts), not in the stores.

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
   * The key whose SHA-256 is `hash` (lowercase hex of the key exactly as issued, `sk_...`).
   *
   * Failure policy: a store that cannot answer rejects with KeyStoreUnavailableError, and a store
   * that leaves the process settles within STORE_DEADLINE_MS (wrap its calls in `withDeadline`).
   * The gateway then answers from a verdict it reached in the last 30 s, or 503 with Retry-After
   * (API.md, "Degraded mode"). Any other rejection is a bug (500).
   */
  lookup(hash: string): Promise<KeyLookup>;
  /**
   * Resolves when keyed requests can be served: the store answers and holds its key set (GET
   * /readyz). Rejects with KeyStoreUnavailableError, whose `reason` says why, like `lookup`.
   */
  ready(): Promise<void>;
}

/**
 * Why keyed requests cannot be served (GET /readyz names it): the store does not answer; it lost
 * the key set this instance saw in it; or it never held one (a fresh store: not an outage, the
 * message says how to create the first key).
 */
export type UnavailableReason = 'key_store_unreachable' | 'key_set_missing' | 'no_keys';

export class KeyStoreUnavailableError extends Error {
  constructor(message: string, readonly retryAfterSeconds = 5, readonly reason: UnavailableReason = 'key_store_unreachable') {
    super(message);
    this.name = 'KeyStoreUnavailableError';
  }
}
