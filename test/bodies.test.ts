// Request bodies (API.md, "Rate limiting", "Bounds" and "/mcp"): the limit is checked before a
// byte of a body is read, bodies in flight share one budget with at most 4 per key, and every
// body counts at least once; batches no wait could admit are 400, counted once.
import http from 'node:http';
import type net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BODIES_PER_KEY } from '../gateway/core/body-budget.ts';
import { createGateway, type Gateway } from '../gateway/core/gateway.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';
import { bodyText } from '../gateway/core/responses.ts';
import { createServer } from '../gateway/node/server.ts';
import { BASE, createHarness, FREE_KEY, PRO_KEY, type Harness } from './gateway-harness.ts';

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const search = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_tools', arguments: { q: 'voice', limit: 1 } } });
const notification = { jsonrpc: '2.0', method: 'notifications/initialized' };

/** A body that never ends, and a promise that resolves once the gateway starts reading it. */
function stalledBody(): { body: ReadableStream<Uint8Array>; read: Promise<void>; pulls(): number } {
  let pulls = 0;
  let started!: () => void;
  const read = new Promise<void>((resolve) => { started = resolve; });
  // highWaterMark 0: pulled only when the gateway reads, never to fill a queue ahead of it.
  const body = new ReadableStream<Uint8Array>({ pull() { pulls += 1; started(); return new Promise(() => {}); } }, { highWaterMark: 0 });
  return { body, read, pulls: () => pulls };
}

let h: Harness;
beforeEach(async () => { h = await createHarness(); });
const post = (body: unknown, key = FREE_KEY) => h.request('/mcp', { method: 'POST', headers: { ...MCP_HEADERS, 'X-API-Key': key }, body: JSON.stringify(body) });

/** The harness's snapshot and keys behind a gateway with its own limiters and budget. */
function gatewayWith(options: { bodyBudgetBytes?: number; bodyTimeoutMs?: number } = {}): Gateway {
  const limiters = new Map([['free', memoryRateLimiter(60, () => h.clock.now)], ['pro', memoryRateLimiter(600, () => h.clock.now)]]);
  return createGateway({ snapshot: h.snapshot.view, keys: h.keys, limiterFor: (plan) => limiters.get(plan), now: () => h.clock.now, log: () => {}, ...options });
}
const stalledPost = (gateway: Gateway, key: string, announced: number) => {
  const stalled = stalledBody();
  const answer = gateway.handle({ method: 'POST', url: `${BASE}/mcp`, headers: new Headers({ ...MCP_HEADERS, 'X-API-Key': key, 'Content-Length': String(announced) }), body: stalled.body });
  return { ...stalled, answer };
};

describe('POST /mcp: the limit before the body', () => {
  it('refuses a key with nothing left at once with 429, without reading a byte of its body', async () => {
    for (let i = 0; i < 60; i++) expect((await post(search(i))).status).toBe(200);
    const gateway = h.gateway;
    const stalled = stalledPost(gateway, FREE_KEY, 1024 * 1024);
    const r = await stalled.answer;
    expect(r.status).toBe(429);
    expect(r.headers['Retry-After']).toBeDefined();
    expect(stalled.pulls()).toBe(0);
  });

  it('counts a body that holds only notifications once', async () => {
    const r = await post(notification);
    expect(r.status).toBe(202);
    expect(r.header('x-ratelimit-remaining')).toBe('59');
    expect((await post([notification, notification])).header('x-ratelimit-remaining')).toBe('58');
  });

  it('answers 400 to a batch of more than 100 calls, or of more than the plan allows a minute, counting it once and running none of it', async () => {
    const big = await post(Array.from({ length: 101 }, (_, i) => search(i)), PRO_KEY);
    expect(big.status).toBe(400);
    expect(big.json).toMatchObject({ code: 'INVALID_PARAMETER', error: expect.stringMatching(/at most 100/) });
    expect(big.header('x-ratelimit-remaining')).toBe('599');
    const overPlan = await post(Array.from({ length: 61 }, (_, i) => search(i)));
    expect(overPlan.status).toBe(400);
    expect(overPlan.json.error).toMatch(/60/);
    expect(overPlan.header('retry-after')).toBeUndefined();
    expect(overPlan.header('x-ratelimit-remaining')).toBe('59');
  });
});

describe('POST /mcp: bodies in flight', () => {
  it('holds bodies in flight within one budget (each weighs twice its bytes: they and its text): past it a new body is 503 with Retry-After, and its bytes are never read', async () => {
    const gateway = gatewayWith({ bodyBudgetBytes: 4 * 1024 * 1024, bodyTimeoutMs: 2_000 });
    const first = stalledPost(gateway, FREE_KEY, 1024 * 1024);
    const second = stalledPost(gateway, PRO_KEY, 1024 * 1024);
    await Promise.all([first.read, second.read]);
    const third = stalledPost(gateway, PRO_KEY, 1024 * 1024);
    const refused = await third.answer;
    expect(refused.status).toBe(503);
    expect(JSON.parse(bodyText(refused.body)).code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(refused.headers['Retry-After'])).toBeGreaterThan(0);
    expect(third.pulls()).toBe(0);
  });

  it(`lets one key hold at most ${BODIES_PER_KEY} bodies in flight (429 past that), and others keep theirs`, async () => {
    const gateway = gatewayWith({ bodyTimeoutMs: 2_000 });
    const held = Array.from({ length: BODIES_PER_KEY }, () => stalledPost(gateway, PRO_KEY, 100));
    await Promise.all(held.map((s) => s.read));
    const fifth = await stalledPost(gateway, PRO_KEY, 100).answer;
    expect(fifth.status).toBe(429);
    expect(fifth.headers['Retry-After']).toBe('1');
    const other = stalledPost(gateway, FREE_KEY, 100);
    await other.read;
  });
});

describe('POST /mcp through the Node adapter', () => {
  let server: http.Server;
  let port: number;
  beforeEach(async () => {
    server = createServer({ gateway: h.gateway, bodies: h.snapshot.bodies, accessLog: () => {} });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterEach(async () => { server.closeAllConnections(); await new Promise((r) => server.close(r)); });

  it('answers a limited key at once with 429 and closes the connection, though its 1 MiB body has not arrived', async () => {
    for (let i = 0; i < 60; i++) expect((await post(search(i))).status).toBe(200);
    const answer = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = http.request({ port, method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, 'X-API-Key': FREE_KEY, 'Content-Length': String(1024 * 1024) } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode!, connection: res.headers.connection });
      });
      req.on('error', reject);
      req.write('{"jsonrpc":'); // and nothing more: a stalled client
    });
    expect(answer).toEqual({ status: 429, connection: 'close' });
  });
});
