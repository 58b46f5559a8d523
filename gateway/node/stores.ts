// Where the Node server keeps keys and counts: Upstash Redis when UPSTASH_REDIS_REST_URL and
// UPSTASH_REDIS_REST_TOKEN are set (shared by every instance and worker), else the embedded
// default, the keys file and an in-memory limiter (counted by the primary for several workers,
// leased-limits.ts). The keys CLI uses the same choice.
import type { KeyAdmin } from '../core/key-admin.ts';
import type { KeyStore } from '../core/key-store.ts';
import { memoryRateLimiter } from '../core/memory-rate-limiter.ts';
import type { Plans } from '../core/plans.ts';
import type { RateLimiter } from '../core/rate-limiter.ts';
import { upstashFromEnv } from '../upstash/stores.ts';
import { FileKeyStore } from './file-key-store.ts';
import { fileKeyAdmin, keysFilePath } from './keys-file.ts';
import { leasedRateLimiters } from './leased-limits.ts';

export interface NodeStores {
  /** True when keys and counts live in a store every process shares (several workers are exact). */
  shared: boolean;
  keys: KeyStore;
  admin: KeyAdmin;
  limiterFor(plan: string): RateLimiter | undefined;
  /** True while a file call on the keys file hangs (the process must then exit without waiting). */
  hung(): boolean;
  close(): Promise<void>;
}

/** The key administration alone, for the keys CLI. */
export function keyAdminFromEnv(plans: Plans, env = process.env): KeyAdmin {
  return upstashFromEnv(env, plans)?.admin ?? fileKeyAdmin(keysFilePath(env));
}

/**
 * `workers`: how many worker processes serve together, when this is one of them; with the
 * embedded store their counts are then leased from the primary, which runs serveLeases.
 */
export async function openStores(plans: Plans, env = process.env, { workers = 1 } = {}): Promise<NodeStores> {
  const upstash = upstashFromEnv(env, plans);
  if (upstash) return { shared: true, ...upstash, hung: () => false, close: async () => {} };
  const file = keysFilePath();
  const keys = await FileKeyStore.open(file);
  const limiters: Map<string, RateLimiter> = workers > 1
    ? leasedRateLimiters(Object.fromEntries(Object.entries(plans).map(([name, plan]) => [name, plan.per_minute])), workers)
    : new Map(Object.entries(plans).map(([name, plan]) => [name, memoryRateLimiter(plan.per_minute)]));
  return {
    shared: false, keys, admin: fileKeyAdmin(file), limiterFor: (plan) => limiters.get(plan),
    hung: () => keys.hung(), close: () => keys.close(),
  };
}
