// The edge gateway: the real .vercel/output middleware in the Edge Runtime VM.
import { existsSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from '@upstash/redis';
import type { KeyAdmin } from '../gateway/core/key-admin.ts';
import { upstashKeyAdmin } from '../gateway/upstash/key-admin.ts';
import { loadEdge, type EdgeHarness } from './edge-bundle.ts';
import { removeDir } from './helpers.ts';
import { haveRedis, RedisServer } from './redis-server.ts';
import { awayFromMinuteEnd } from './server-process.ts';
import { startBridge, type Bridge } from './upstash-bridge.ts';

describe('edge middleware without a key store', () => {
  let edge: EdgeHarness;
  const staticFile = (target: string) => path.join(edge.output, 'static', new URL(target).pathname);
  beforeAll(async () => { edge = await loadEdge(); }, 60_000);
  afterAll(async () => { await removeDir(path.dirname(path.dirname(edge.output))); });

  it('writes a Build Output v3 tree whose edge function is under 1 MB gzipped', async () => {
    expect(existsSync(path.join(edge.output, 'config.json'))).toBe(true);
    expect(existsSync(path.join(edge.output, 'functions/_middleware.func/.vc-config.json'))).toBe(true);
    expect(edge.summary.bundleGzipBytes).toBeLessThan(1024 * 1024);
    expect(edge.summary.indexBundled).toBe(true);
  });

  it('answers health and the OpenAPI document without a key', async () => {
    const health = await edge.request('/healthz');
    expect(health.status).toBe(200);
    expect(health.json.status).toBe('ok');
    const doc = await edge.request('/openapi.json');
    expect(doc.rewrite).toMatch(/^https:\/\/api\.example\.test\/_snapshot\/[0-9a-f]{16}\/openapi\.json$/);
    expect(JSON.parse(await readFile(staticFile(doc.rewrite!), 'utf8')).openapi).toMatch(/^3\.1/);
    expect(doc.headers.get('etag')).toMatch(/^"/);
    expect(doc.headers.get('x-ratelimit-limit')).toBeUndefined();
  });

  it('answers OPTIONS preflight with 204, and other methods with 405 and Allow', async () => {
    expect((await edge.request('/api/v1/tools', { method: 'OPTIONS' })).status).toBe(204);
    const post = await edge.request('/api/v1/tools', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers 401 MISSING_API_KEY and INVALID_API_KEY before needing a store', async () => {
    expect((await edge.request('/api/v1/tools')).json.code).toBe('MISSING_API_KEY');
    expect((await edge.request('/api/v1/tools', { headers: { 'X-API-Key': 'nope' } })).json.code).toBe('INVALID_API_KEY');
  });

  it('answers 503 with Retry-After for a well-formed key when no key store is configured', async () => {
    const r = await edge.request('/api/v1/tools', { headers: { 'X-API-Key': `sk_${'a'.repeat(40)}` } });
    expect(r.status).toBe(503);
    expect(r.json.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses direct requests for the internal folder of prebuilt bodies', async () => {
    const r = await edge.request(`/_snapshot/x/lists/tools/_.json`);
    expect(r.status).toBe(404);
    expect(r.rewrite).toBeUndefined();
    expect(r.next).toBe(false);
    expect(r.json.code).toBe('NOT_FOUND');
  });
});

describe.skipIf(!haveRedis)('edge middleware with Upstash Redis', () => {
  let edge: EdgeHarness;
  let redis: RedisServer;
  let bridge: Bridge;
  let admin: KeyAdmin;
  let key: string;
  const staticFile = (target: string) => path.join(edge.output, 'static', new URL(target).pathname);

  beforeAll(async () => {
    redis = await RedisServer.start();
    bridge = await startBridge(redis.url);
    edge = await loadEdge({ UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token, PUBLIC_BASE_URL: 'https://api.catalog.test' });
    admin = upstashKeyAdmin(new Redis({ url: bridge.url, token: bridge.token, retry: false, enableTelemetry: false }), bridge.url);
    key = (await admin.create('pro', 'edge test')).key;
  }, 60_000);
  afterAll(async () => {
    await bridge?.close();
    await redis?.stop();
    await removeDir(path.dirname(path.dirname(edge.output)));
  });
  const withKey = (k = key) => ({ headers: { 'X-API-Key': k } });

  it('rewrites a prebuilt page to its static file, with the rate-limit, ETag and CORS headers', async () => {
    const r = await edge.request('/api/v1/tools', withKey());
    expect(r.rewrite).toMatch(/\/_snapshot\/[0-9a-f]{16}\/lists\/tools\/_\.json$/);
    expect(existsSync(staticFile(r.rewrite!))).toBe(true);
    expect(JSON.parse(await readFile(staticFile(r.rewrite!), 'utf8')).meta.total).toBeGreaterThan(0);
    expect(r.headers.get('x-ratelimit-limit')).toBe('600');
    expect(r.headers.get('etag')).toMatch(/^"/);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const item = await edge.request('/api/v1/tools/elevenlabs', withKey());
    expect(existsSync(staticFile(item.rewrite!))).toBe(true);
  });

  it('keeps what it remembers within its budget under a flood of distinct 12 KB URLs, keyed and keyless', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const business = (await admin.create('business', 'flood')).key;
    const filler = '&'.repeat(12 * 1024); // empty segments are ignored: each URL is a valid, distinct page
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 1_500; i += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, (_, j) => edge.request(`/api/v1/tools?per_page=2&page=${i + j + 1}${filler}`, withKey(business))));
      expect(batch.every((r) => r.status === 200)).toBe(true);
      await Promise.all(Array.from({ length: 50 }, (_, j) => edge.request(`/api/v1/tools?page=${i + j + 1}${filler}`)));
    }
    gc();
    const grown = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    // 3,000 URLs of 12 KB are 36 MB; the core's budget at the edge is 16 MB, keys counted at 2 bytes a character.
    expect(grown).toBeLessThan(12);
  }, 60_000);

  it('computes other pages and searches itself, with Link headers', async () => {
    const page = await edge.request('/api/v1/tools?per_page=2&sort=newest', withKey());
    expect(page.status).toBe(200);
    expect(page.rewrite).toBeUndefined();
    expect(page.json.data).toHaveLength(2);
    expect(page.headers.get('link')).toContain('<https://api.catalog.test/api/v1/tools?per_page=2&sort=newest&page=2>; rel="next"');
    const search = await edge.request('/api/v1/search?q=elevenlabs', withKey());
    expect(search.json.data[0].slug).toBe('elevenlabs');
  });

  it('answers 304 for a matching If-None-Match, still counted', async () => {
    const first = await edge.request('/api/v1/tools/elevenlabs', withKey());
    const again = await edge.request('/api/v1/tools/elevenlabs', { headers: { 'X-API-Key': key, 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(Number(again.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1);
  });

  it('answers 400, 404 and 405 in the envelope', async () => {
    expect((await edge.request('/api/v1/tools?per_page=0', withKey())).json.code).toBe('INVALID_PARAMETER');
    expect((await edge.request('/api/v1/tools?x=1', withKey())).json.code).toBe('UNKNOWN_PARAMETER');
    expect((await edge.request('/api/v1/tools/nope', withKey())).json.code).toBe('NOT_FOUND');
    expect((await edge.request('/api/v1/tools', { method: 'DELETE' })).status).toBe(405);
  });

  it('sends Location as an absolute URL at PUBLIC_BASE_URL, as its Link headers', async () => {
    const upper = await edge.request('/api/v1/tools/ElevenLabs', withKey());
    expect([upper.status, upper.headers.get('location')]).toEqual([301, 'https://api.catalog.test/api/v1/tools/elevenlabs']);
  });

  it('answers 401 with each of its three codes', async () => {
    expect((await edge.request('/api/v1/tools')).json.code).toBe('MISSING_API_KEY');
    expect((await edge.request('/api/v1/tools', withKey(`sk_${'x'.repeat(40)}`))).json.code).toBe('INVALID_API_KEY');
    const revoked = await admin.create('free', 'to revoke');
    await admin.revoke(revoked.info.id);
    const r = await edge.request('/api/v1/tools', withKey(revoked.key));
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('REVOKED_API_KEY');
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 429 with Retry-After past the plan\'s limit', async () => {
    const small = (await admin.create('free', 'limit')).key;
    let last: Awaited<ReturnType<EdgeHarness['request']>> | undefined;
    for (let i = 0; i < 61; i++) last = await edge.request('/api/v1/categories', withKey(small));
    if (last!.status !== 429) last = await edge.request('/api/v1/categories', withKey(small)); // a minute boundary passed
    expect(last!.status).toBe(429);
    const retry = Number(last!.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(last!.json).toEqual({ error: `Rate limit exceeded. Max 60 requests per minute. Retry in ${retry} s (at X-RateLimit-Reset), or ask the operator for a larger plan.`, code: 'RATE_LIMIT_EXCEEDED' });
  });

  it('serves the MCP tools at POST /mcp with the key, counted like any request', async () => {
    const rpc = (method: string, params: object, headers: Record<string, string>) => edge.request('/mcp', {
      method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const list = await rpc('tools/list', {}, { Authorization: `Bearer ${key}` });
    expect(list.status).toBe(200);
    expect(list.json.result.tools.map((t: { name: string }) => t.name).sort()).toEqual(['get_category', 'get_tool', 'list_categories', 'list_tools', 'search_tools', 'similar_tools']);
    expect(list.headers.get('x-ratelimit-limit')).toBe('600');
    const found = await rpc('tools/call', { name: 'search_tools', arguments: { q: 'elevenlabs', limit: 1 } }, { 'X-API-Key': key });
    expect(found.json.result.structuredContent.data[0].slug).toBe('elevenlabs');
    expect((await rpc('tools/list', {}, {})).json.code).toBe('MISSING_API_KEY');
  });

  it('takes nothing for a refused batch, and answers a key with nothing left 429 before its body', async () => {
    await awayFromMinuteEnd(5);
    const small = (await admin.create('free', 'batch')).key;
    const mcp = (calls: number) => edge.request('/mcp', {
      method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'X-API-Key': small },
      body: JSON.stringify(Array.from({ length: calls }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/list' }))),
    });
    for (let i = 0; i < 58; i++) expect((await edge.request('/api/v1/categories', withKey(small))).status).toBe(200);
    expect((await mcp(3)).status).toBe(429);
    expect((await edge.request('/api/v1/categories', withKey(small))).headers.get('x-ratelimit-remaining')).toBe('1');
    expect((await mcp(1)).status).toBe(200);
    const refused = await mcp(1);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('rewrites only to files that exist in static/', async () => {
    const manifest = JSON.parse(await readFile(path.join(path.dirname(edge.output), '../dist/manifest.json'), 'utf8')) as { bodies: Record<string, { path: string }> };
    const prefix = (await edge.request('/openapi.json')).rewrite!.replace(/openapi\.json$/, '');
    for (const body of Object.values(manifest.bodies)) expect(existsSync(staticFile(`${prefix}${body.path}`)), body.path).toBe(true);
  });
});
