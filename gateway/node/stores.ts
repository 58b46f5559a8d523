// Where the Node server keeps keys and counts: Upstash Redis when UPSTASH_REDIS_REST_URL and
// UPSTASH_REDIS_REST_TOKEN are set (shared by every instance and worker), else the embedded
// default, the keys file and an in-memory limiter (the primary's, asked over IPC, for several
// workers: primary-limits.ts). The keys CLI uses the same choice.
import type { KeyAdmin } from '../core/key-admin.ts';
import type { KeyStore } from '../core/key-store.ts';
import { memoryRateLimiter } from '../core/memory-rate-limiter.ts';
import type { Plans } from '../core/plans.ts';
import type { RateLimiter } from '../core/rate-limiter.ts';
import { upstashFromEnv } from '../upstash/stores.ts';
import { FileKeyStore } from './file-key-store.ts';
import { fileKeyAdmin, keysFilePath } from './keys-file.ts';
import { primaryLimiters } from './primary-limits.ts';

export interface NodeStores {
  /** True when keys and counts live in a store every process shares (no primary needs to count). */
  shared: boolean;
  keys: KeyStore;
  /** How long the gateway may serve a key's verdict without asking `keys` again. */
  keyCacheMs: number;
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
 * embedded store their counts are then taken by the primary, which runs countForWorkers.
 */
export async function openStores(plans: Plans, env = process.env, { workers = 1 } = {}): Promise<NodeStores> {
  const upstash = upstashFromEnv(env, plans);
  if (upstash) return { shared: true, ...upstash, hung: () => false, close: async () => {} };
  const file = keysFilePath();
  const keys = await FileKeyStore.open(file);
  const limiters: Map<string, RateLimiter> = workers > 1
    ? primaryLimiters(plans)
    : new Map(Object.entries(plans).map(([name, plan]) => [name, memoryRateLimiter(plan.per_minute)]));
  return {
    shared: false, keys, keyCacheMs: 0, admin: fileKeyAdmin(file), limiterFor: (plan) => limiters.get(plan),
    hung: () => keys.hung(), close: () => keys.close(),
  };
}
