// Several gateway instances against one real Redis (through the Upstash REST bridge): one global
// limit, revocation seen by all, and API.md's degraded mode when Redis stops answering.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCopy, removeDir, ROOT } from './helpers.ts';
import { freePort, haveRedis, RedisServer } from './redis-server.ts';
import { awayFromMinuteEnd, createKey, keysCli, startServer, type ServerProcess } from './server-process.ts';
import { startBridge, type Bridge } from './upstash-bridge.ts';

/** One request on a connection of its own, so that a cluster's workers take turns. */
const get = (server: ServerProcess, key: string, p = '/api/v1/tools') => new Promise<{ status: number; headers: Headers; body: any }>((resolve, reject) => {
  http.get(`${server.base}${p}`, { headers: { 'X-API-Key': key }, agent: false }, (res) => {
    let text = '';
    res.on('data', (c) => { text += c; });
    res.on('end', () => resolve({ status: res.statusCode!, headers: new Headers(res.headers as Record<string, string>), body: JSON.parse(text) }));
  }).on('error', reject);
});

describe.skipIf(!haveRedis)('distributed: instances sharing one Redis', () => {
  let dir: string;
  let redis: RedisServer;
  let bridge: Bridge;
  let env: NodeJS.ProcessEnv;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    const catalog = await fixtureCopy();
    dir = path.dirname(catalog);
    redis = await RedisServer.start();
    bridge = await startBridge(redis.url);
    env = {
      CATALOG_DIR: catalog, DIST_DIR: path.join(dir, 'dist'), KEYS_FILE: path.join(dir, 'unused-keys.json'),
      UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token, KEY_CACHE_SECONDS: '1',
    };
    servers.push(await startServer(env, dir), await startServer(env, dir), await startServer({ ...env, WEB_CONCURRENCY: '2' }, dir));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    redis?.resume();
    await bridge?.close();
    await redis?.stop();
    await removeDir(dir);
  });

  it('issues the demo key into Redis, not into a file', () => {
    expect(servers[0]!.output()).toMatch(/demo key on the free plan \(60 requests\/minute\)/);
    expect(servers[1]!.output()).not.toMatch(/demo key/);
  });

  it('admits exactly 60 of 100 concurrent requests on a 60/min key, across two instances', async () => {
    await awayFromMinuteEnd();
    const { key } = await createKey(env, dir);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => get(servers[i % 2]!, key)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    expect(results.filter((r) => r.status === 429)).toHaveLength(40);
  });

  it('admits exactly 60 of 100 concurrent requests across two worker processes of one server', async () => {
    await awayFromMinuteEnd();
    const { key } = await createKey(env, dir);
    const results = await Promise.all(Array.from({ length: 100 }, () => get(servers[2]!, key)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    expect(servers[2]!.output()).toMatch(/2 workers/);
  });

  it('refuses a key revoked with the CLI on every instance within the key cache delay, and accepts a new one', async () => {
    const { id, key } = await createKey(env, dir, 'pro');
    for (const s of servers) expect((await get(s, key)).status).toBe(200);
    await keysCli(env, dir, 'revoke', id);
    const started = Date.now();
    for (const s of servers) {
      while ((await get(s, key)).status !== 401) {
        expect(Date.now() - started).toBeLessThan(5_000);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect((await get(servers[0]!, key)).body.code).toBe('REVOKED_API_KEY');
    const fresh = await createKey(env, dir, 'pro');
    for (const s of servers) expect((await get(s, fresh.key)).status).toBe(200);
  });

  it('answers within about a second while Redis hangs: recent keys work (counted per instance), unknown keys 503, never a 500; then recovers by itself', async () => {
    const { key } = await createKey(env, dir, 'pro');
    // Each worker process is an instance of its own: round-robin reaches both of the cluster's.
    for (const s of servers) for (let i = 0; i < 4; i++) expect((await get(s, key)).status).toBe(200);
    const later = await createKey(env, dir, 'pro');
    redis.pause();
    try {
      for (const s of servers) {
        const started = Date.now();
        const known = await get(s, key);
        expect(Date.now() - started).toBeLessThan(2_500);
        expect(known.status).toBe(200);
        expect(known.headers.get('x-ratelimit-limit')).toBe('600');
        const unknown = await get(s, later.key);
        expect(unknown.status).toBe(503);
        expect(unknown.body.code).toBe('SERVICE_UNAVAILABLE');
        expect(Number(unknown.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    } finally {
      redis.resume();
    }
    const recovered = Date.now();
    for (const s of servers) {
      while ((await get(s, later.key)).status !== 200) {
        expect(Date.now() - recovered).toBeLessThan(5_000);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 30_000);
});
