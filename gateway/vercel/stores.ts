// The key store and limiters at the edge: Upstash Redis when UPSTASH_REDIS_REST_URL and
// UPSTASH_REDIS_REST_TOKEN are set. The edge has no file system, so without them every keyed
// request is answered 503 (the store is unreachable), and the operator sees why in the log.
import { KeyStoreUnavailableError, type KeyStore } from '../core/key-store.ts';
import type { Plans } from '../core/plans.ts';
import type { RateLimiter } from '../core/rate-limiter.ts';
import { upstashFromEnv } from '../upstash/stores.ts';

export interface Stores { keys: KeyStore; keyCacheMs: number; limiterFor(plan: string): RateLimiter | undefined }

const unconfigured = () => Promise.reject(new KeyStoreUnavailableError('no key store is configured: set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN', 60));

export function edgeStores(plans: Plans, env: Record<string, string | undefined>): Stores {
  const upstash = upstashFromEnv(env, plans);
  if (upstash) return upstash;
  return {
    keys: { lookup: unconfigured, ready: unconfigured },
    keyCacheMs: 0,
    limiterFor: () => undefined,
  };
}
