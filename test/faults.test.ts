// The gateway over a real Redis that fails (API.md, "Degraded mode"): the production stores reach
// Redis through the Upstash REST bridge, with a fault proxy in front of the bridge that makes the
// network hang or drop; stopping Redis makes the bridge answer errors.
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { Redis } from '@upstash/redis';
import { createClient } from 'redis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSnapshot } from '../build/build.ts';
import { STORE_DEADLINE_MS } from '../gateway/core/deadline.ts';
import { createGateway } from '../gateway/core/gateway.ts';
import { lastDays } from '../gateway/core/usage.ts';
import { loadSnapshot, type LoadedSnapshot } from '../gateway/node/load.ts';
import { loadPlans } from '../gateway/node/plans-file.ts';
import { createServer } from '../gateway/node/server.ts';
import { upstashFromEnv, upstashLimiters, type UpstashStores } from '../gateway/upstash/stores.ts';
import { upstashUsage } from '../gateway/upstash/usage.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { fixtureCopy, removeDir } from './helpers.ts';
import { issueKey } from './keys-command.ts';
import { haveRedis, RedisServer } from './redis-server.ts';
import { awayFromMinuteEnd, startServer } from './server-process.ts';
import { startBridge, type Bridge } from './upstash-bridge.ts';

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: any; ms: number }

/** One request on a connection of its own. */
function get(base: string, p: string, key?: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http.get(`${base}${p}`, { headers: key ? { 'X-API-Key': key } : {}, agent: false }, (res) => {
      let text = '';
      res.on('data', (c) => { text += c; });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text), ms: performance.now() - started }));
    }).on('error', reject);
  });
}

/** Asks until `ok` holds (a store left alone after a failure is asked again a second later), for at most `ms`. */
async function until(ask: () => Promise<Answer>, ok: (a: Answer) => boolean, ms = 10_000): Promise<Answer> {
  const end = Date.now() + ms;
  for (;;) {
    const a = await ask();
    if (ok(a) || Date.now() > end) return a;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A gateway instance in this process, as npm start makes one with Upstash configured, behind the Node adapter. */
interface Instance { base: string; stores: UpstashStores; logged: string[]; close(): Promise<void> }

async function startInstance(env: Record<string, string>, snapshot: LoadedSnapshot): Promise<Instance> {
  const plans = loadPlans();
  const stores = upstashFromEnv(env, plans)!;
  const logged: string[] = [];
  const gateway = createGateway({
    snapshot: snapshot.view, keys: stores.keys, keyCacheMs: stores.keyCacheMs, limiterFor: stores.limiterFor, usage: stores.usage,
    perMinute: (plan) => plans[plan]?.per_minute, log: (line) => logged.push(line),
  });
  const server = createServer({ gateway, bodies: snapshot.bodies, accessLog: () => {}, errorLog: (line) => logged.push(line) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, stores, logged,
    close: async () => {
      await new Promise((resolve) => { server.close(() => resolve(undefined)); server.closeAllConnections(); });
      await stores.usage.close().catch(() => {});
    },
  };
}

describe.skipIf(!haveRedis)('the gateway over a Redis that fails', () => {
  let dir: string;
  let redis: RedisServer;
  let bridge: Bridge;
  let proxy: FaultProxy;
  let snapshot: LoadedSnapshot;
  /** The operator's commands reach Redis directly; the instances go through the fault proxy. */
  let direct: Record<string, string>;
  let faulty: Record<string, string>;
  const opened: Instance[] = [];
  let redisStopped = false;
  const stopRedis = async () => { redisStopped = true; await redis.stop(); };
  const startRedis = async () => { if (redisStopped) await redis.start(); redisStopped = false; };
  const instance = async () => { const i = await startInstance(faulty, snapshot); opened.push(i); return i; };

  beforeAll(async () => {
    const catalog = await fixtureCopy();
    dir = path.dirname(catalog);
    const built = await buildSnapshot(catalog, path.join(dir, 'dist'));
    if (!built.ok) throw new Error('fixture build failed');
    snapshot = await loadSnapshot(path.join(dir, 'dist'));
    redis = await RedisServer.start();
    bridge = await startBridge(redis.url);
    proxy = await startFaultProxy(bridge.url);
    direct = { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token };
    faulty = { UPSTASH_REDIS_REST_URL: proxy.url, UPSTASH_REDIS_REST_TOKEN: bridge.token, KEY_CACHE_SECONDS: '1' };
  }, 60_000);
  afterAll(async () => {
    await Promise.all(opened.map((i) => i.close()));
    await proxy?.close();
    await bridge?.close();
    await redis?.stop();
    await removeDir(dir);
  });
  beforeEach(async () => {
    proxy.set('pass');
    await startRedis();
  });

  describe('GET /api/v1/usage', () => {
    it('answers 503 with Retry-After within its 1-s deadline while Redis hangs, and holds no connection to it for the requests it answered', async () => {
      const s = await instance();
      const { key } = await issueKey(direct);
      expect((await get(s.base, '/api/v1/tools', key)).status).toBe(200);
      proxy.set('hang');
      const answers = await Promise.all(Array.from({ length: 20 }, () => get(s.base, '/api/v1/usage', key)));
      for (const a of answers) {
        expect(a.status).toBe(503);
        expect(a.body.code).toBe('SERVICE_UNAVAILABLE');
        expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
        expect(a.ms).toBeLessThan(3 * STORE_DEADLINE_MS + 1_000);
      }
      // Requests are aborted a deadline after the call gave up, and the client closes an aborted
      // connection within a few seconds; what may stay open is the background usage write, which
      // keeps trying every 2 s.
      expect(await proxy.drainedTo(1, 8 * STORE_DEADLINE_MS)).toBeLessThanOrEqual(1);
    });

    it('answers 503, never 500, while Redis errors or drops its connections', async () => {
      const s = await instance();
      const { key } = await issueKey(direct);
      expect((await get(s.base, '/api/v1/tools', key)).status).toBe(200);
      await stopRedis();
      const erroring = await get(s.base, '/api/v1/usage', key);
      expect(erroring.status).toBe(503);
      await startRedis();
      proxy.set('reset');
      const dropping = await get(s.base, '/api/v1/usage', key);
      expect(dropping.status).toBe(503);
      expect(dropping.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(s.logged.join('\n')).not.toMatch(/internal error/);
    });
  });

  describe('usage counts', () => {
    it('keeps the counts a failed write could not send, and sends them with the next write', async () => {
      const client = new Redis({ url: proxy.url, token: bridge.token, retry: false, enableTelemetry: false });
      const logged: string[] = [];
      const usage = upstashUsage(client, (line) => logged.push(line));
      const now = Date.now();
      for (let i = 0; i < 30; i++) usage.record('key_kept', now, 1, 0);
      proxy.set('reset');
      await usage.close();
      expect(logged.join('\n')).toMatch(/kept and sent with the next write/);
      proxy.set('pass');
      await usage.close();
      const today = lastDays(now).at(-1)!;
      expect((await usage.read('key_kept', [today])).days).toEqual([{ date: today, requests: 30, limited: 0 }]);
    });

    it('counts the requests an instance served in degraded mode, once Redis answers again', async () => {
      const s = await instance();
      const { id, key } = await issueKey(direct);
      expect((await get(s.base, '/api/v1/tools', key)).status).toBe(200);
      proxy.set('hang');
      // A key verified in the last 30 s keeps working, counted by the instance's own window.
      const served = await Promise.all(Array.from({ length: 5 }, () => get(s.base, '/api/v1/tools', key)));
      expect(served.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      proxy.set('pass');
      await s.stores.usage.close();
      const today = lastDays(Date.now()).at(-1)!;
      expect((await s.stores.usage.read(id, [today])).days[0]!.requests).toBe(6);
    });
  });

  describe('rate limit', () => {
    it('takes nothing for a refused batch: after 58 requests and a refused batch of 3, two more requests are admitted, across two instances', async () => {
      await awayFromMinuteEnd(2);
      const client = new Redis({ url: bridge.url, token: bridge.token, retry: false, enableTelemetry: false });
      const [a, b] = [upstashLimiters(client, { free: { per_minute: 60 } })('free')!, upstashLimiters(client, { free: { per_minute: 60 } })('free')!];
      for (let i = 0; i < 58; i++) expect((await (i % 2 ? a : b).limit('key_batch_refused')).success).toBe(true);
      expect(await a.limit('key_batch_refused', 3)).toMatchObject({ success: false, remaining: 2 });
      expect(await b.limit('key_batch_refused')).toMatchObject({ success: true, remaining: 1 });
      expect(await a.limit('key_batch_refused')).toMatchObject({ success: true, remaining: 0 });
      expect(await b.limit('key_batch_refused')).toMatchObject({ success: false, remaining: 0 });
    });
  });

  describe('keys', () => {
    it('remembers a key Redis does not know for 30 s: 50 requests with one made-up key cost Redis one lookup', async () => {
      const s = await instance();
      await issueKey(direct);
      const made = `sk_${'Z'.repeat(20)}MadeUp0123456789abcd`;
      const lookups = async () => {
        const c = createClient({ url: redis.url, RESP: 2 });
        await c.connect();
        const stats = String(await c.sendCommand(['INFO', 'commandstats']));
        await c.quit();
        return Number(/cmdstat_hgetall:calls=(\d+)/.exec(stats)?.[1] ?? 0);
      };
      const before = await lookups();
      for (let i = 0; i < 50; i++) expect((await get(s.base, '/api/v1/tools', made)).body.code).toBe('INVALID_API_KEY');
      expect(await lookups() - before).toBe(1);
    });

    it('reports a fresh Redis (no key created yet) as no_keys, and its 503 says how to create the first key', async () => {
      const c = createClient({ url: redis.url, RESP: 2 });
      await c.connect();
      await c.flushAll();
      await c.quit();
      const s = await instance();
      const ready = await get(s.base, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'not_ready', reason: 'no_keys' });
      const keyed = await get(s.base, '/api/v1/tools', `sk_${'Y'.repeat(20)}NoKeysYet0123456789`);
      expect(keyed.status).toBe(503);
      expect(keyed.body.error).toMatch(/npm run keys -- create/);
      await issueKey(direct);
      expect((await until(() => get(s.base, '/readyz'), (a) => a.status === 200)).status).toBe(200);
    });
  });

  describe('npm start during a Redis outage', () => {
    for (const fault of ['hang', 'error'] as const) {
      it(`listens while Redis ${fault === 'hang' ? 'hangs' : 'answers errors'}: /healthz 200, /readyz 503 with the reason, keyed requests 503; and serves once Redis answers`, async () => {
        const { key } = await issueKey(direct);
        if (fault === 'hang') proxy.set('hang');
        else await stopRedis();
        const server = await startServer({ ...faulty, DIST_DIR: path.join(dir, 'dist'), CATALOG_DIR: path.join(dir, 'catalog'), KEYS_FILE: path.join(dir, 'unused.json') }, dir);
        try {
          expect((await get(server.base, '/healthz')).status).toBe(200);
          const ready = await get(server.base, '/readyz');
          expect(ready.status).toBe(503);
          expect(ready.body).toEqual({ status: 'not_ready', reason: 'key_store_unreachable' });
          const keyed = await get(server.base, '/api/v1/tools', key);
          expect(keyed.status).toBe(503);
          expect(keyed.body.code).toBe('SERVICE_UNAVAILABLE');
          // A Redis started again has lost its keys (no persistence here): the operator issues one.
          if (fault === 'hang') proxy.set('pass');
          else await startRedis();
          const working = fault === 'hang' ? key : (await issueKey(direct)).key;
          expect((await until(() => get(server.base, '/api/v1/tools', working), (a) => a.status === 200)).status).toBe(200);
          expect((await get(server.base, '/readyz')).status).toBe(200);
        } finally {
          await server.stop();
        }
      }, 60_000);
    }
  });
});
