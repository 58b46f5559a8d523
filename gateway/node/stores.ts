// Where the Node server keeps keys and counts: Upstash Redis when UPSTASH_REDIS_REST_URL and
// UPSTASH_REDIS_REST_TOKEN are set (shared by every instance and worker), else the embedded
// default, the keys file and an in-memory limiter (the primary's, asked over IPC, for several
// workers: primary-limits.ts). The keys CLI uses the same choice.
import type { KeyAdmin } from '../core/key-admin.ts';
import type { KeyStore } from '../core/key-store.ts';
import { memoryRateLimiter } from '../core/memory-rate-limiter.ts';
import type { UsageStore } from '../core/usage.ts';
import { FileUsageStore, usageFilePath } from './usage-file.ts';
import type { Plans } from '../core/plans.ts';
import type { RateLimiter } from '../core/rate-limiter.ts';
import { upstashFromEnv } from '../upstash/stores.ts';
import { FileKeyStore } from './file-key-store.ts';
import { fileKeyAdmin } from './file-key-admin.ts';
import { keysFilePath } from './keys-file.ts';
import { primaryLimiters } from './primary-limits.ts';

export interface NodeStores {
  /** True when keys and counts live in a store every process shares (no primary needs to count). */
  shared: boolean;
  keys: KeyStore;
  /** How long the gateway may serve a key's verdict without asking `keys` again. */
  keyCacheMs: number;
  admin: KeyAdmin;
  limiterFor(plan: string): RateLimiter | undefined;
  /** Each key's requests per day (GET /api/v1/usage, keys usage). */
  usage: UsageStore;
  /** True while a file call on the keys file hangs (the process must then exit without waiting). */
  hung(): boolean;
  close(): Promise<void>;
}

/** The key administration alone, for the keys CLI. */
export function keyAdminFromEnv(plans: Plans, env = process.env): KeyAdmin {
  return upstashFromEnv(env, plans)?.admin ?? fileKeyAdmin(keysFilePath(env));
}

/** The usage the servers recorded, for the keys CLI (it only reads). */
export function usageFromEnv(plans: Plans, env = process.env): UsageStore {
  return upstashFromEnv(env, plans)?.usage ?? FileUsageStore.reader(usageFilePath(keysFilePath(env)));
}

/** The limiter of each plan counting in this process's memory, recording usage. */
export function memoryLimiters(plans: Plans, usage: UsageStore): Map<string, RateLimiter> {
  const onCount = (id: string, at: number, counted: number, refused: boolean) => usage.record(id, at, counted, refused ? 1 : 0);
  return new Map(Object.entries(plans).map(([name, plan]) => [name, memoryRateLimiter(plan.per_minute, Date.now, onCount)]));
}

/**
 * `workers`: how many worker processes serve together, when this is one of them; with the
 * embedded store their counts are then taken by the primary, which runs countForWorkers.
 */
export async function openStores(plans: Plans, env = process.env, { workers = 1 } = {}): Promise<NodeStores> {
  const upstash = upstashFromEnv(env, plans);
  if (upstash) return { shared: true, ...upstash, hung: () => false, close: () => upstash.usage.close() };
  const file = keysFilePath();
  const keys = await FileKeyStore.open(file);
  // A worker reads the usage its primary counts and writes; a single process counts and writes it.
  const usage = workers > 1 ? FileUsageStore.reader(usageFilePath(file)) : await FileUsageStore.writer(usageFilePath(file));
  const limiters = workers > 1 ? primaryLimiters(plans) : memoryLimiters(plans, usage);
  return {
    shared: false, keys, keyCacheMs: 0, admin: fileKeyAdmin(file), limiterFor: (plan) => limiters.get(plan), usage,
    hung: () => keys.hung(), close: async () => { await usage.close(); await keys.close(); },
  };
}
