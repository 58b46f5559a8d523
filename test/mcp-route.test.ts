// POST /mcp as a route of the core (API.md, "/mcp"): the key before the body, bounded bodies, and
// each JSON-RPC request counted against the key's limit.
import { beforeEach, describe, expect, it } from 'vitest';
import { createGateway } from '../gateway/core/gateway.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';
import { bodyText } from '../gateway/core/responses.ts';
import { BASE, createHarness, FREE_KEY, type Harness } from './gateway-harness.ts';

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const search = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_tools', arguments: { q: 'voice', limit: 1 } } });

/** A body that sends `first` and then never ends (a stalled client). */
function stalled(first = '{"jsonrpc":'): ReadableStream<Uint8Array> {
  return new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode(first)); } });
}

let h: Harness;
beforeEach(async () => { h = await createHarness(); });
const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = { 'X-API-Key': FREE_KEY }, path = '/mcp') =>
  h.request(path, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body });

describe('POST /mcp', () => {
  it('counts each JSON-RPC request of a batch, and answers 429 to a batch larger than what remains, running none of it', async () => {
    const batch = await post(JSON.stringify(Array.from({ length: 50 }, (_, i) => search(i + 1))));
    expect(batch.status).toBe(200);
    expect(batch.json).toHaveLength(50);
    expect(batch.header('x-ratelimit-remaining')).toBe('10');
    const over = await post(JSON.stringify(Array.from({ length: 11 }, (_, i) => search(i + 1))));
    expect(over.status).toBe(429);
    expect(over.json.error).toBe(`Rate limit exceeded. Max 60 requests per minute. Retry in ${over.header('retry-after')} s (at X-RateLimit-Reset), or ask the operator for a larger plan.`);
    expect(over.header('x-ratelimit-remaining')).toBe('10');
    expect((await post(JSON.stringify(search(1)))).header('x-ratelimit-remaining')).toBe('9');
  });

  it('checks the key before reading the body: a keyless POST is 401 at once, whatever it announces', async () => {
    const r = await post(stalled(), { 'Content-Length': String(50 * 1024 * 1024) }, '/mcp');
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('MISSING_API_KEY');
  });

  it('answers 413 to a body over 1 MiB, announced or not, without reading past the limit', async () => {
    const announced = await post(stalled(), { 'X-API-Key': FREE_KEY, 'Content-Length': String(1024 * 1024 + 1) });
    expect(announced.status).toBe(413);
    expect(announced.json.code).toBe('CONTENT_TOO_LARGE');
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({ pull(c) { pulled += 1; c.enqueue(new Uint8Array(64 * 1024).fill(32)); } });
    const streamed = await post(endless);
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(20);
    expect(streamed.header('x-ratelimit-limit')).toBe('60');
  });

  it('answers 408 with a message about the body when it has not arrived in time', async () => {
    const limiter = memoryRateLimiter(60, () => h.clock.now);
    const gateway = createGateway({ snapshot: h.snapshot.view, keys: h.keys, limiterFor: () => limiter, now: () => h.clock.now, log: () => {}, bodyTimeoutMs: 200 });
    const started = Date.now();
    const r = await gateway.handle({ method: 'POST', url: `${BASE}/mcp`, headers: new Headers({ ...MCP_HEADERS, 'X-API-Key': FREE_KEY }), body: stalled() });
    expect(r.status).toBe(408);
    expect(JSON.parse(bodyText(r.body))).toMatchObject({ code: 'REQUEST_TIMEOUT', error: expect.stringMatching(/body/) });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('is the same resource at /mcp/ and /mcp?x=1, and 405 for GET, HEAD and DELETE', async () => {
    for (const path of ['/mcp/', '/mcp?x=1']) expect((await post(JSON.stringify(search(1)), undefined, path)).status, path).toBe(200);
    for (const method of ['GET', 'HEAD', 'DELETE']) {
      const r = await h.request('/mcp', { method, headers: { 'X-API-Key': FREE_KEY } });
      expect(r.status, method).toBe(405);
      expect(r.header('allow')).toBe('POST, OPTIONS');
    }
  });
});
