// KeyStore, KeyAdmin and RateLimiter over Upstash Redis (the REST protocol, so they run on the
// edge and on Node alike). Chosen when UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are set.
//
// Layout: `aitc:key:<sha256>` is a hash {id, plan, name, status, created_at, revoked_at};
// `aitc:key-ids` maps each key id to its hash. Counters belong to the fixed window
// (fixed-window.ts: `aitc:rl:<plan>:<id>:<window>`), 60-s windows aligned to the minute.
import { Redis } from '@upstash/redis';
import { generateKey, generateKeyId, hashKey } from '../core/api-keys.ts';
import { STORE_DEADLINE_MS, withDeadline } from '../core/deadline.ts';
import { KeyAdminError, type KeyAdmin, type KeyInfo, type KeyRecord } from '../core/key-admin.ts';
import { KeyStoreUnavailableError, type KeyLookup, type KeyStore } from '../core/key-store.ts';
import type { Plans } from '../core/plans.ts';
import type { RateLimiter } from '../core/rate-limiter.ts';
import { addUsage, mergeUsage, USAGE_DAYS, usageBytes, type KeyUsage, type UsageStore } from '../core/usage.ts';
import { fixedWindow } from './fixed-window.ts';

const KEY = (hash: string) => `aitc:key:${hash}`;
const IDS = 'aitc:key-ids';
/**
 * Written by the keys CLI with every change of the key set. A Redis that was restarted empty has
 * neither it nor IDS: every key is then refused 503 (the clients' keys are not bad), not 401.
 */
export const KEY_SET_MARKER = 'aitc:key-set';
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

type KeyHash = Record<string, string> & { id: string; plan: string; name: string; status: 'active' | 'revoked'; created_at: string; revoked_at: string };

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

export function upstashKeyStore(redis: Redis): KeyStore {
  /** Whether this instance has seen a key set in Redis: once it has, a Redis without one lost it. */
  let seenKeySet = false;
  const noKeySet = () => seenKeySet ? keySetMissing() : noKeys();
  return {
    async lookup(hash): Promise<KeyLookup> {
      const [found, sets] = await ask(redis.pipeline().hgetall<KeyHash>(KEY(hash)).exists(KEY_SET_MARKER, IDS).exec<[Partial<KeyHash> | null, number]>());
      if (sets === 0) throw noKeySet();
      seenKeySet = true;
      if (!found || !found.id) return { status: 'unknown' };
      // The old secret of a key rotated with a grace period works until its time, then is refused.
      const expired = found.until ? Date.now() >= Date.parse(String(found.until)) : false;
      return found.status === 'active' && !expired ? { status: 'active', id: String(found.id), plan: String(found.plan) } : { status: 'revoked', id: String(found.id) };
    },
    async ready() {
      if ((await ask(redis.exists(KEY_SET_MARKER, IDS))) === 0) throw noKeySet();
      seenKeySet = true;
    },
  };
}

/** A Redis call within the store deadline; any failure is the store being unreachable. */
async function ask<T>(call: Promise<T>): Promise<T> {
  try {
    return await withDeadline(call, () => new Error('no answer within 1 s'));
  } catch (e) {
    throw new KeyStoreUnavailableError(`Upstash Redis: ${(e as Error).message}`);
  }
}

/** A fresh Redis (no key created yet) is not an outage: the operator creates the first key. */
function noKeys(): KeyStoreUnavailableError {
  return new KeyStoreUnavailableError(`No API key has been created in this Redis yet: the operator creates the first one with "npm run keys -- create --plan free --name <name>" (with the Upstash variables set), or restores a "keys export" with "npm run keys -- import <file>".`, 30, 'no_keys');
}

function keySetMissing(): KeyStoreUnavailableError {
  return new KeyStoreUnavailableError(`the key set is missing from Redis (neither ${KEY_SET_MARKER} nor ${IDS} exists: was it restarted empty?); restore it with "npm run keys -- import <file>" from a "keys export"`, 30, 'key_set_missing');
}

/** Every key's record with its hash, oldest first. */
async function records(redis: Redis): Promise<{ hash: string; record: KeyHash }[]> {
  const ids = (await redis.hgetall<Record<string, string>>(IDS)) ?? {};
  const rows = await Promise.all(Object.values(ids).map(async (hash) => ({ hash: String(hash), record: await redis.hgetall<KeyHash>(KEY(String(hash))) })));
  return rows.filter((r): r is { hash: string; record: KeyHash } => r.record !== null)
    .sort((a, b) => String(a.record.created_at).localeCompare(String(b.record.created_at)) || String(a.record.id).localeCompare(String(b.record.id)));
}

/** The client parses values that look like JSON (a name "2024" comes back a number): read them as text. */
function info(hash: string, h: KeyHash): KeyInfo {
  return {
    id: String(h.id), plan: String(h.plan), name: String(h.name), status: h.status, created_at: String(h.created_at),
    revoked_at: h.revoked_at ? String(h.revoked_at) : null, hash_prefix: hash.slice(0, 8),
  };
}

export function upstashKeyAdmin(redis: Redis, location: string): KeyAdmin {
  return {
    location,
    async create(plan, name) {
      const key = generateKey();
      const hash = await hashKey(key);
      let id = generateKeyId();
      // HSETNX claims the id atomically; a collision (1 in 2^48) draws another.
      while ((await redis.hsetnx(IDS, id, hash)) === 0) id = generateKeyId();
      const record: KeyHash = { id, plan, name, status: 'active', created_at: new Date().toISOString(), revoked_at: '' };
      await redis.hset(KEY(hash), record);
      await redis.set(KEY_SET_MARKER, record.created_at);
      return { key, info: info(hash, record) };
    },
    async revoke(id) {
      const hash = await redis.hget<string>(IDS, id);
      const record = hash ? await redis.hgetall<KeyHash>(KEY(hash)) : null;
      if (!hash || !record) throw new KeyAdminError(`No key with id '${id}' in ${location}; run "npm run keys -- list" to see the ids.`);
      if (record.status === 'revoked') throw new KeyAdminError(`Key ${id} was already revoked at ${record.revoked_at}; nothing changed.`);
      const revoked: KeyHash = { ...record, status: 'revoked', revoked_at: new Date().toISOString() };
      await redis.hset(KEY(hash), { status: revoked.status, revoked_at: revoked.revoked_at });
      await redis.set(KEY_SET_MARKER, revoked.revoked_at);
      return info(hash, revoked);
    },
    async list() {
      return (await records(redis)).map(({ hash, record }) => info(hash, record));
    },
    async rotate(id, graceMs) {
      const hash = await redis.hget<string>(IDS, id);
      const record = hash ? await redis.hgetall<KeyHash>(KEY(hash)) : null;
      if (!hash || !record) throw new KeyAdminError(`No key with id '${id}' in ${location}; run "npm run keys -- list" to see the ids.`);
      if (record.status === 'revoked') throw new KeyAdminError(`Key ${id} was revoked at ${record.revoked_at}; issue a new key instead.`);
      const key = generateKey();
      const newHash = await hashKey(key);
      const now = new Date();
      const { until: _old, ...current } = record;
      await redis.hset(KEY(newHash), current);
      await redis.hset(IDS, { [id]: newHash });
      // The old secret: refused at once, or kept working until the grace period ends.
      if (graceMs > 0) await redis.hset(KEY(hash), { until: new Date(now.getTime() + graceMs).toISOString() });
      else await redis.hset(KEY(hash), { status: 'revoked', revoked_at: now.toISOString() });
      await redis.set(KEY_SET_MARKER, now.toISOString());
      return { key, info: info(newHash, current as KeyHash) };
    },
    async exportRecords() {
      return (await records(redis)).map(({ hash, record }): KeyRecord => {
        const { hash_prefix: _prefix, ...rest } = info(hash, record);
        return { ...rest, hash };
      });
    },
    async importRecords(incoming) {
      let added = 0;
      for (const r of incoming) {
        if ((await redis.exists(KEY(r.hash))) === 1 || (await redis.hsetnx(IDS, r.id, r.hash)) === 0) continue;
        await redis.hset(KEY(r.hash), { id: r.id, plan: r.plan, name: r.name, status: r.status, created_at: r.created_at, revoked_at: r.revoked_at ?? '' });
        added += 1;
      }
      await redis.set(KEY_SET_MARKER, new Date().toISOString());
      return { added, present: incoming.length - added };
    },
  };
}

/** One fixed window per plan, recording usage; its errors and timeouts reach the core, which degrades. */
export function upstashLimiters(redis: Redis, plans: Plans, usage?: UsageStore): (plan: string) => RateLimiter | undefined {
  const limiters = new Map(Object.entries(plans).map(([plan, { per_minute }]) => [plan, fixedWindow(redis, plan, per_minute, usage)]));
  return (plan) => limiters.get(plan);
}

/** The usage of a key's day in Redis (expires after USAGE_DAYS), and of its last use. */
const USAGE = (id: string, day: string) => `aitc:usage:${id}:${day}`;
const LAST_USED = (id: string) => `aitc:used:${id}`;
/** How often an instance adds its counts to Redis (one pipeline for all keys). */
const USAGE_FLUSH_MS = 2_000;

export interface UpstashUsage extends UsageStore { close(): Promise<void> }

/** Counts waiting to be sent (after failed writes too) are kept within this many bytes per instance. */
export const PENDING_USAGE_BYTES = 1024 * 1024;

/**
 * Usage in Redis: each instance adds up its counts in memory and sends them every 2 s in one
 * pipeline of HINCRBYs on a key per key and day, which expires after 30 days (the bound). Counts
 * a write could not send are kept and sent with the next one, within PENDING_USAGE_BYTES: past
 * it, the counts of keys not yet waiting are dropped, and how many is logged.
 */
export function upstashUsage(redis: Redis, log: (line: string) => void = (l) => console.error(l)): UpstashUsage {
  let pending = new Map<string, KeyUsage>();
  let pendingBytes = 0;
  let dropped = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  /** Adds a key's counts to those waiting, unless a key new to them would pass the bound. */
  function keep(id: string, add: (u: KeyUsage | undefined) => KeyUsage, requests: number): void {
    const waiting = pending.get(id);
    if (waiting === undefined) {
      const bytes = usageBytes(id);
      if (pendingBytes + bytes > PENDING_USAGE_BYTES) { dropped += requests; return; }
      pendingBytes += bytes;
    }
    pending.set(id, add(waiting));
  }
  async function flush(): Promise<void> {
    if (dropped > 0) {
      log(`usage: ${dropped} requests were not recorded: more keys' counts were waiting to be sent to Upstash Redis than ${PENDING_USAGE_BYTES} bytes hold`);
      dropped = 0;
    }
    if (pending.size === 0) return;
    const sending = pending;
    pending = new Map();
    pendingBytes = 0;
    const p = redis.multi();
    for (const [id, u] of sending) {
      for (const [day, [requests, limited]] of Object.entries(u.days)) {
        p.hincrby(USAGE(id, day), 'requests', requests).hincrby(USAGE(id, day), 'limited', limited).expire(USAGE(id, day), (USAGE_DAYS + 1) * 86_400);
      }
      if (u.last > 0) p.set(LAST_USED(id), new Date(u.last).toISOString(), { ex: (USAGE_DAYS + 1) * 86_400 });
    }
    try {
      await withDeadline(p.exec(), () => new Error('no answer within 1 s'));
    } catch (e) {
      // One transaction: a write that failed added nothing, so its counts are sent again (one that
      // timed out after Redis applied it counts twice: usage is a report, and that beats losing it).
      for (const [id, u] of sending) keep(id, (w) => mergeUsage(w, u), Object.values(u.days).reduce((n, [r]) => n + r, 0));
      log(`usage could not be sent to Upstash Redis (${(e as Error).message}); the counts are kept and sent with the next write`);
    }
  }
  return {
    record(id, at, requests, limited) {
      keep(id, (u) => addUsage(u, at, requests, limited), requests);
      if (timer === undefined) {
        timer = setInterval(() => void flush(), USAGE_FLUSH_MS);
        (timer as { unref?: () => void }).unref?.();
      }
    },
    async read(id, days) {
      const p = redis.pipeline();
      for (const day of days) p.hgetall(USAGE(id, day));
      p.get(LAST_USED(id));
      const results = await withDeadline(p.exec<unknown[]>(), () => new Error(`no answer within ${STORE_DEADLINE_MS / 1000} s`));
      const last = results.pop() as string | null;
      return {
        days: days.map((date, k) => {
          const h = (results[k] ?? {}) as { requests?: number | string; limited?: number | string };
          return { date, requests: Number(h.requests ?? 0), limited: Number(h.limited ?? 0) };
        }),
        last_used_at: last ? String(last) : null,
      };
    },
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
