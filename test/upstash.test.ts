// The Upstash stores against a real Redis, through the Upstash REST bridge: the production client
// code runs unchanged.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from '@upstash/redis';
import { hashKey } from '../gateway/core/api-keys.ts';
import { KeyStoreUnavailableError } from '../gateway/core/key-store.ts';
import { upstashKeyAdmin } from '../gateway/upstash/key-admin.ts';
import { upstashKeyStore } from '../gateway/upstash/keys.ts';
import { upstashLimiters } from '../gateway/upstash/stores.ts';
import { upstashUsage } from '../gateway/upstash/usage.ts';
import { lastDays } from '../gateway/core/usage.ts';
import { removeDir, tempDir } from './helpers.ts';
import { issueKey, keysCommand } from './keys-command.ts';
import { haveRedis, RedisServer } from './redis-server.ts';
import { startBridge, type Bridge } from './upstash-bridge.ts';

describe.skipIf(!haveRedis)('Upstash stores over real Redis', () => {
  let server: RedisServer;
  let bridge: Bridge;
  let redis: Redis;
  beforeAll(async () => {
    server = await RedisServer.start();
    bridge = await startBridge(server.url);
    redis = new Redis({ url: bridge.url, token: bridge.token, retry: false, enableTelemetry: false });
  });
  afterAll(async () => {
    await bridge?.close();
    await server?.stop();
  });

  it('issues, finds, lists and revokes keys, storing only hashes', async () => {
    const admin = upstashKeyAdmin(redis, bridge.url);
    const store = upstashKeyStore(redis);
    const { key, info } = await admin.create('pro', '2024');
    expect(info).toMatchObject({ plan: 'pro', name: '2024', status: 'active', revoked_at: null });
    expect(await store.lookup(await hashKey(key))).toEqual({ status: 'active', id: info.id, plan: 'pro' });
    expect(await store.lookup('0'.repeat(64))).toEqual({ status: 'unknown' });
    expect((await admin.list()).map((k) => k.id)).toContain(info.id);
    const revoked = await admin.revoke(info.id);
    expect(revoked.status).toBe('revoked');
    expect(await store.lookup(await hashKey(key))).toEqual({ status: 'revoked', id: info.id });
    await expect(admin.revoke(info.id)).rejects.toThrow(/already revoked/);
    await expect(admin.revoke('key_000000000000')).rejects.toThrow(/No key with id/);
    expect(JSON.stringify(await redis.keys('*'))).not.toContain(key);
  });

  it('admits exactly the plan\'s limit from two limiter instances counting at once', async () => {
    const a = upstashLimiters(redis, { free: { per_minute: 60 } })('free')!;
    const b = upstashLimiters(redis, { free: { per_minute: 60 } })('free')!;
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).limit('key_concurrent')));
    expect(results.filter((r) => r.success)).toHaveLength(60);
    const last = results.find((r) => !r.success)!;
    expect(last.remaining).toBe(0);
    expect(last.reset % 60_000).toBe(0);
  });

  it('refuses every key with key_set_missing, not as unknown, once Redis is emptied (restarted without its data), and is ready again when the key set is back', async () => {
    const admin = upstashKeyAdmin(redis, bridge.url);
    const store = upstashKeyStore(redis);
    const { key } = await admin.create('free', 'before the restart');
    await store.ready();
    await redis.flushall();
    const missing = await store.lookup(await hashKey(key)).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(KeyStoreUnavailableError);
    expect((missing as KeyStoreUnavailableError).reason).toBe('key_set_missing');
    expect((missing as Error).message).toMatch(/keys -- import/);
    await expect(store.ready()).rejects.toMatchObject({ reason: 'key_set_missing' });
    await admin.create('free', 'after the restart');
    await store.ready();
    expect(await store.lookup(await hashKey(key))).toEqual({ status: 'unknown' });
  });

  it('restores keys into an emptied Redis from an export, and they work again', async () => {
    const admin = upstashKeyAdmin(redis, bridge.url);
    const { key, info } = await admin.create('pro', 'restored');
    const backup = await admin.exportRecords();
    expect(JSON.stringify(backup)).not.toContain(key);
    await redis.flushall();
    expect(await admin.importRecords(backup)).toEqual({ added: backup.length, present: 0 });
    expect(await upstashKeyStore(redis).lookup(await hashKey(key))).toEqual({ status: 'active', id: info.id, plan: 'pro' });
    expect(await admin.importRecords(backup)).toEqual({ added: 0, present: backup.length });
    expect(await admin.exportRecords()).toEqual(backup);
  });

  it('counts a batch as its number of calls and reads the count without counting (rate 0)', async () => {
    const limiter = upstashLimiters(redis, { free: { per_minute: 60 } })('free')!;
    expect(await limiter.limit('key_batch', 50)).toMatchObject({ success: true, remaining: 10 });
    expect(await limiter.limit('key_batch', 0)).toMatchObject({ success: true, remaining: 10 });
    expect(await limiter.limit('key_batch', 11)).toMatchObject({ success: false });
  });

  it('keeps usage per key and day in Redis, summed across instances, each day expiring after 30', async () => {
    const a = upstashUsage(redis);
    const b = upstashUsage(redis);
    const now = Date.now();
    a.record('key_usage', now, 3, 1);
    b.record('key_usage', now, 2, 0);
    await Promise.all([a.close(), b.close()]);
    const days = lastDays(now);
    const read = await a.read('key_usage', days);
    expect(read.days.at(-1)).toEqual({ date: days.at(-1), requests: 5, limited: 1 });
    expect(read.days.slice(0, -1).every((d) => d.requests === 0)).toBe(true);
    expect(read.last_used_at).toBe(new Date(now).toISOString());
    const ttl = await redis.ttl(`aitc:usage:key_usage:${days.at(-1)}`);
    expect(ttl).toBeGreaterThan(29 * 86_400);
    expect(ttl).toBeLessThanOrEqual(31 * 86_400);
  });

  it('rotates a key in Redis: the new secret works, the old one at once refused, or only after the grace period', async () => {
    const admin = upstashKeyAdmin(redis, bridge.url);
    const store = upstashKeyStore(redis);
    const { key: first, info } = await admin.create('pro', 'rotating');
    const { key: second } = await admin.rotate(info.id, 0);
    expect(await store.lookup(await hashKey(second))).toEqual({ status: 'active', id: info.id, plan: 'pro' });
    expect(await store.lookup(await hashKey(first))).toEqual({ status: 'revoked', id: info.id });
    const { key: third } = await admin.rotate(info.id, 60_000);
    expect(await store.lookup(await hashKey(second))).toEqual({ status: 'active', id: info.id, plan: 'pro' }); // within its grace
    expect(await store.lookup(await hashKey(third))).toEqual({ status: 'active', id: info.id, plan: 'pro' });
    expect((await admin.list()).filter((k) => k.id === info.id)).toHaveLength(1);
  });

  it('lists a key rotated in Redis with its grace period through the keys CLI, keeps the grace through an export and import, and ends it on revoke or the next rotation', async () => {
    const env = { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token };
    const store = upstashKeyStore(redis);
    const { id, key: first } = await issueKey(env, 'pro');
    const until = /keeps working until (\S+), then/.exec(await keysCommand(env, 'rotate', id, '--grace', '10m'))![1]!;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await keysCommand(env, 'list')).toContain(`${id}: previous key valid until ${until}`);
    const backup = await keysCommand(env, 'export');
    await redis.flushall();
    const file = path.join(await tempDir('upstash-export-'), 'keys-backup.json');
    await writeFile(file, backup);
    await keysCommand(env, 'import', file);
    await removeDir(path.dirname(file));
    expect((JSON.parse(await keysCommand(env, 'list', '--json')) as { id: string }[]).find((k) => k.id === id)).toMatchObject({ previous_until: until });
    expect(await store.lookup(await hashKey(first))).toEqual({ status: 'active', id, plan: 'pro' });
    await keysCommand(env, 'revoke', id);
    expect(await keysCommand(env, 'list')).not.toContain(`${id}: previous key`);
    expect(await store.lookup(await hashKey(first))).toEqual({ status: 'revoked', id });

    const other = await issueKey(env, 'free');
    await keysCommand(env, 'rotate', other.id, '--grace', '10m');
    await keysCommand(env, 'rotate', other.id);
    expect(await keysCommand(env, 'list')).not.toContain(`${other.id}: previous key`);
    expect(await store.lookup(await hashKey(other.key))).toEqual({ status: 'revoked', id: other.id });
  });

  it('reports an unreachable store as KeyStoreUnavailableError, and the limiter rejects', async () => {
    const dead = new Redis({ url: 'http://127.0.0.1:9', token: 'x', retry: false, enableTelemetry: false });
    await expect(upstashKeyStore(dead).lookup('0'.repeat(64))).rejects.toBeInstanceOf(KeyStoreUnavailableError);
    await expect(upstashLimiters(dead, { free: { per_minute: 60 } })('free')!.limit('k')).rejects.toThrow();
  });
});
