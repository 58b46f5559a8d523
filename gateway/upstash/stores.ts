// The stores over Upstash Redis (the REST protocol, so they run on the edge and on Node alike):
// keys (keys.ts, key-admin.ts), limits (fixed-window.ts) and usage (usage.ts). Chosen when
// UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are set.
import { Redis } from '@upstash/redis';
import { STORE_DEADLINE_MS } from '../core/deadline.ts';
import type { KeyAdmin } from '../core/key-admin.ts';
import type { KeyStore } from '../core/key-store.ts';
import type { Plans } from '../core/plans.ts';
import type { RateLimiter } from '../core/rate-limiter.ts';
import type { UsageStore } from '../core/usage.ts';
import { fixedWindow } from './fixed-window.ts';
import { upstashKeyAdmin } from './key-admin.ts';
import { upstashKeyStore } from './keys.ts';
import { upstashUsage, type UpstashUsage } from './usage.ts';

/** How long one request of the key administration may take. */
const ADMIN_REQUEST_MS = 30_000;
/** The documented revocation delay where keys are cached per instance (API.md: 30 s at the edge). */
export const KEY_CACHE_MS = 30_000;

export interface UpstashStores {
  keys: KeyStore;
  /** Requests per key per day, batched from each instance: GET /api/v1/usage and keys usage. */
  usage: UpstashUsage;
  /** How long the gateway serves a key's verdict without asking Redis again. */
  keyCacheMs: number;
  admin: KeyAdmin;
  limiterFor(plan: string): RateLimiter | undefined;
}

/** The stores, or undefined when the two Upstash variables are not both set. */
export function upstashFromEnv(env: Record<string, string | undefined>, plans: Plans): UpstashStores | undefined {
  const url = env.UPSTASH_REDIS_REST_URL;
  const token = env.UPSTASH_REDIS_REST_TOKEN;
  if (!url || !token) return undefined;
  // No retries: an unreachable store is reported at once and the gateway's degraded mode takes over.
  // A call is given up at the store deadline; its request is aborted one deadline later, so a
  // hanging Redis holds no connection, while an answer that is merely late (a busy instance) still
  // lands on a connection that stays open (aborting at the deadline itself closed connections under
  // load, and the new ones made the next calls later still).
  const redis = new Redis({ url, token, retry: false, enableTelemetry: false, signal: () => AbortSignal.timeout(2 * STORE_DEADLINE_MS) });
  const cacheMs = env.KEY_CACHE_SECONDS !== undefined ? Number(env.KEY_CACHE_SECONDS) * 1000 : KEY_CACHE_MS;
  const usage = upstashUsage(redis);
  return {
    keys: upstashKeyStore(redis),
    keyCacheMs: Math.min(cacheMs, KEY_CACHE_MS),
    // The operator's commands (a long import) are not held to the serving deadline, but no request
    // waits forever either: the server's check of the keys' plans asks again while Redis hangs.
    admin: upstashKeyAdmin(new Redis({ url, token, retry: false, enableTelemetry: false, signal: () => AbortSignal.timeout(ADMIN_REQUEST_MS) }), url),
    limiterFor: upstashLimiters(redis, plans, usage),
    usage,
  };
}

/** One fixed window per plan, recording usage; its errors and timeouts reach the core, which degrades. */
export function upstashLimiters(redis: Redis, plans: Plans, usage?: UsageStore): (plan: string) => RateLimiter | undefined {
  const limiters = new Map(Object.entries(plans).map(([plan, { per_minute }]) => [plan, fixedWindow(redis, plan, per_minute, usage)]));
  return (plan) => limiters.get(plan);
}
