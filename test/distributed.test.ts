// Several gateway instances against one real Redis (through the Upstash REST bridge): one global
// limit, revocation seen by all, and API.md's degraded mode when Redis stops answering.
import { existsSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORE_DEADLINE_MS, STORE_RETRY_MS } from '../gateway/core/deadline.ts';
import { createGateway } from '../gateway/core/gateway.ts';
import type { Plans } from '../gateway/core/plans.ts';
import { loadSnapshot, type LoadedSnapshot } from '../gateway/node/load.ts';
import { loadPlans } from '../gateway/node/plans-file.ts';
import { createServer } from '../gateway/node/server.ts';
import { upstashFromEnv } from '../gateway/upstash/stores.ts';
import { fixtureCopy, removeDir } from './helpers.ts';
import { issueKey, keysCommand } from './keys-command.ts';
import { haveRedis, RedisServer } from './redis-server.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { startBridge, type Bridge } from './upstash-bridge.ts';

/** One request on a connection of its own, so that a cluster's workers take turns. */
const get = (server: { base: string }, key: string, p = '/api/v1/tools') => new Promise<{ status: number; headers: Headers; body: any }>((resolve, reject) => {
  http.get(`${server.base}${p}`, { headers: { 'X-API-Key': key }, agent: false }, (res) => {
    let text = '';
    res.on('data', (c) => { text += c; });
    res.on('end', () => resolve({ status: res.statusCode!, headers: new Headers(res.headers as Record<string, string>), body: JSON.parse(text) }));
  }).on('error', reject);
});

/** A gateway instance in this process, as npm start makes one with Upstash configured, behind the Node adapter. */
interface Instance { base: string; close(): Promise<void> }

async function startInstance(env: Record<string, string | undefined>, snapshot: LoadedSnapshot, plans: Plans): Promise<Instance> {
  const stores = upstashFromEnv(env, plans)!;
  const gateway = createGateway({
    snapshot: snapshot.view, keys: stores.keys, limiterFor: stores.limiterFor, perMinute: (plan) => plans[plan]?.per_minute, log: () => {},
  });
  const server = createServer({ gateway, bodies: snapshot.bodies, accessLog: () => {} });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

/** Groups answers by the end of the rate-limit window that counted them (X-RateLimit-Reset). */
function byWindow<T extends { headers: Headers }>(answers: T[]): T[][] {
  const windows = new Map<string, T[]>();
  for (const a of answers) {
    const reset = a.headers.get('x-ratelimit-reset')!;
    windows.set(reset, [...(windows.get(reset) ?? []), a]);
  }
  return [...windows.values()];
}

describe.skipIf(!haveRedis)('distributed: instances sharing one Redis', () => {
  /** How long an instance serves a key from its cache without asking Redis (KEY_CACHE_SECONDS). */
  const KEY_CACHE_MS = 1_000;
  let dir: string;
  let redis: RedisServer;
  let bridge: Bridge;
  let env: Record<string, string>;
  /** npm start twice: a first start with two worker processes, then a second start. */
  let cluster: ServerProcess;
  let second: ServerProcess;
  /** Two instances in this process, on the test's clock. */
  const instances: Instance[] = [];

  beforeAll(async () => {
    const catalog = await fixtureCopy();
    dir = path.dirname(catalog);
    redis = await RedisServer.start();
    bridge = await startBridge(redis.url);
    env = {
      CATALOG_DIR: catalog, DIST_DIR: path.join(dir, 'dist'), KEYS_FILE: path.join(dir, 'unused-keys.json'),
      UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token, KEY_CACHE_SECONDS: String(KEY_CACHE_MS / 1000),
    };
    cluster = await startServer({ ...env, WEB_CONCURRENCY: '2' }, dir);
    second = await startServer(env, dir);
    // Fixed windows, key caches and store deadlines all read Date: the instances here get a clock
    // that runs on from where each test sets it. Installed before they are made, since they keep
    // the Date.now they find.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const [snapshot, plans] = [await loadSnapshot(env.DIST_DIR!), loadPlans()];
    instances.push(await startInstance(env, snapshot, plans), await startInstance(env, snapshot, plans));
  }, 60_000);
  afterAll(async () => {
    await Promise.all([...instances.map((s) => s.close()), cluster?.stop(), second?.stop()]);
    vi.useRealTimers();
    redis?.resume();
    await bridge?.close();
    await redis?.stop();
    await removeDir(dir);
  });
  // A second into a minute of its own: no window of the instances here ends during a test.
  beforeEach(() => { vi.setSystemTime((Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1_000); });

  it('issues no demo key against a shared store, and writes no keys file', async () => {
    expect(`${cluster.output()}${second.output()}`).not.toMatch(/demo key|sk_[A-Za-z0-9]{32}/);
    expect(JSON.parse(await keysCommand(env, 'list', '--json'))).toEqual([]);
    expect(existsSync(env.KEYS_FILE!)).toBe(false);
  });

  it('admits exactly 60 of 100 concurrent requests on a 60/min key, across two instances', async () => {
    const { key } = await issueKey(env);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => get(instances[i % 2]!, key)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    expect(results.filter((r) => r.status === 429)).toHaveLength(40);
  });

  it('admits exactly 60 of 100 concurrent requests in a window across two worker processes of one server', async () => {
    const { key } = await issueKey(env);
    const results = await Promise.all(Array.from({ length: 100 }, () => get(cluster, key)));
    expect(results.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    // Worker processes keep the real clock: a burst that straddles a minute's end is judged per
    // window, by the reset each answer carries, so the test never waits for a minute to begin.
    for (const window of byWindow(results)) expect(window.filter((r) => r.status === 200)).toHaveLength(Math.min(60, window.length));
    expect(cluster.output()).toMatch(/2 workers/);
  });

  it('refuses a key revoked with the CLI on every instance once the key cache delay has passed, and accepts a new one', async () => {
    const { id, key } = await issueKey(env, 'pro');
    for (const s of instances) expect((await get(s, key)).status).toBe(200);
    await keysCommand(env, 'revoke', id);
    vi.setSystemTime(Date.now() + KEY_CACHE_MS);
    for (const s of instances) {
      const refused = await get(s, key);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('REVOKED_API_KEY');
    }
    const fresh = await issueKey(env, 'pro');
    for (const s of instances) expect((await get(s, fresh.key)).status).toBe(200);
  });

  it('answers within its two one-second store deadlines while Redis hangs: recently verified keys work (counted per instance), unknown keys 503, never a 500; then recovers by itself', async () => {
    const { key } = await issueKey(env, 'pro');
    for (const s of instances) expect((await get(s, key)).status).toBe(200);
    const later = await issueKey(env, 'pro');
    // Past the key cache, so the key is asked of Redis, and well within the 30 s in which a key
    // verified by an instance keeps working through an outage.
    vi.setSystemTime(Date.now() + 2 * KEY_CACHE_MS);
    redis.pause();
    try {
      await Promise.all(instances.map(async (s) => {
        const started = performance.now();
        const [known, unknown] = await Promise.all([get(s, key).then((r) => ({ ...r, ms: performance.now() - started })), get(s, later.key)]);
        // Two store calls (the key, then the count), each given up at its deadline, and a second to
        // spare for a busy machine.
        expect(known.ms).toBeLessThan(2 * STORE_DEADLINE_MS + 1_000);
        expect(known.status).toBe(200);
        expect(known.headers.get('x-ratelimit-limit')).toBe('600');
        expect(unknown.status).toBe(503);
        expect(unknown.body.code).toBe('SERVICE_UNAVAILABLE');
        expect(Number(unknown.headers.get('retry-after'))).toBeGreaterThan(0);
      }));
    } finally {
      redis.resume();
    }
    // After a failure each store is left alone for a second, then asked again.
    vi.setSystemTime(Date.now() + STORE_RETRY_MS);
    for (const s of instances) expect((await get(s, later.key)).status).toBe(200);
  }, 30_000);
});
