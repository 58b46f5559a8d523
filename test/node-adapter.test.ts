// The Node adapter's last line of defence, in process: a failure after the core has answered.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Gateway } from '../gateway/core/gateway.ts';
import { INTERNAL_ERROR_MESSAGE } from '../gateway/core/responses.ts';
import { createServer } from '../gateway/node/server.ts';
import { createHarness, FREE_KEY } from './gateway-harness.ts';

describe('Node adapter', () => {
  it('answers 500 in the envelope and logs the request id when sending fails after the core answered', async () => {
    const gateway = {
      handle: async () => ({ status: 200, headers: { 'X-Request-Id': 'req-1', 'Content-Type': 'application/json; charset=utf-8' }, body: null, prebuilt: 'not-loaded' }),
    } as unknown as Gateway;
    const errors: string[] = [];
    const server = createServer({ gateway, bodies: new Map(), accessLog: () => {}, errorLog: (l) => errors.push(l) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/tools`);
      expect(r.status).toBe(500);
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(r.headers.get('x-request-id')).toBe('req-1');
      expect((await r.json()).code).toBe('INTERNAL_ERROR');
      expect(errors.join('\n')).toMatch(/internal error req-1 while sending: Error: prebuilt body not loaded/);
    } finally {
      server.close();
    }
  });

  it('answers 500 in the same envelope, with a request id it logs, when the core rejects, for GET and POST /mcp alike', async () => {
    const gateway = {
      handle: (request: { method: string }) => Promise.reject(new Error(request.method === 'POST' ? 'mcp bug' : 'handler bug')),
    } as unknown as Gateway;
    const errors: string[] = [];
    const server = createServer({ gateway, bodies: new Map(), accessLog: () => {}, errorLog: (l) => errors.push(l) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const [path, init, bug] of [['/api/v1/tools', {}, 'handler bug'], ['/mcp', { method: 'POST', body: '{}' }, 'mcp bug']] as const) {
        const r = await fetch(`${base}${path}`, init);
        expect(r.status, path).toBe(500);
        const id = r.headers.get('x-request-id')!;
        expect(id, path).toMatch(/^[0-9a-f-]{36}$/);
        expect(await r.json(), path).toEqual({ error: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_ERROR' });
        expect(errors.join('\n'), path).toContain(`internal error ${id}: Error: ${bug}`);
      }
    } finally {
      server.close();
    }
  });

  it('logs a client that goes away mid-body as one short aborted line, never as an internal error', async () => {
    const h = await createHarness();
    const errors: string[] = [];
    const lines: string[] = [];
    let allLogged!: () => void;
    const logged = new Promise<void>((resolve) => { allLogged = resolve; });
    const accessLog = (l: string) => { if (lines.push(l) === 20) allLogged(); };
    const server = createServer({ gateway: h.gateway, bodies: h.snapshot.bodies, accessLog, errorLog: (l) => errors.push(l) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      for (let i = 0; i < 20; i++) {
        const socket = net.connect(port, '127.0.0.1');
        await new Promise((r) => socket.once('connect', r));
        const received = new Promise((r) => server.once('request', r));
        socket.write(`POST /mcp HTTP/1.1\r\nHost: x\r\nX-API-Key: ${FREE_KEY}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":`);
        await received;
        socket.destroy();
      }
      await logged;
      expect(errors).toEqual([]);
      expect(lines).toHaveLength(20);
      expect(lines.every((l) => /^POST \/mcp aborted [\d.]+ms key_free$/.test(l))).toBe(true);
    } finally {
      server.close();
    }
  });

  it('keeps what it remembers within its budget under a flood of distinct 12 KB URLs, keyed and keyless', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const h = await createHarness();
    const server = createServer({ gateway: h.gateway, bodies: h.snapshot.bodies, accessLog: () => {}, errorLog: () => {} });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const port = (server.address() as AddressInfo).port;
    const get = (p: string, headers: Record<string, string>) => new Promise<number>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: p, headers, agent }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode!)); }).on('error', reject);
    });
    try {
      h.keys.records.clear();
      await h.keys.add(FREE_KEY, { status: 'active', id: 'key_flood', plan: 'pro' });
      h.clock.now += 60_000;
      const filler = '&'.repeat(12 * 1024); // empty segments are ignored: each URL is a valid, distinct page
      gc();
      const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < 1_200; i += 40) {
        if (i % 600 === 0) h.clock.now += 60_000; // a new window: the pro plan allows 600 a minute
        const keyed = await Promise.all(Array.from({ length: 40 }, (_, j) => get(`/api/v1/tools?per_page=2&page=${i + j + 1}${filler}`, { 'X-API-Key': FREE_KEY })));
        expect(keyed.every((status) => status === 200)).toBe(true);
        await Promise.all(Array.from({ length: 40 }, (_, j) => get(`/api/v1/tools?page=${i + j + 1}${filler}`, {})));
      }
      gc();
      // 2,400 URLs of 12 KB are 29 MB; the gateway's budget here is 16 MB, keys counted at 2 bytes a character.
      expect((process.memoryUsage().heapUsed - before) / 1024 / 1024).toBeLessThan(12);
      expect(h.gateway.cache.bytes).toBeLessThanOrEqual(h.gateway.cache.budget);
    } finally {
      agent.destroy();
      server.close();
    }
  }, 60_000);

  it('hands the core the request target as sent, absolute-form included, and logs the path it names', async () => {
    const seen: string[] = [];
    const gateway = {
      handle: async (request: { url: string }) => {
        seen.push(request.url);
        return { status: 200, headers: { 'X-Request-Id': 'req-1' }, body: '{}' };
      },
    } as unknown as Gateway;
    const lines: string[] = [];
    const server = createServer({ gateway, bodies: new Map(), accessLog: (l) => lines.push(l), errorLog: () => {} });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      for (const target of ['/api/v1/tools?page=2', 'http://example.com:8787/api/v1/tools?page=2']) {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
        await new Promise((r) => socket.on('close', r).resume());
      }
      expect(seen).toEqual(['/api/v1/tools?page=2', 'http://example.com:8787/api/v1/tools?page=2']);
      expect(lines.map((l) => l.replace(/ [\d.]+ms /, ' '))).toEqual(['GET /api/v1/tools 200 -', 'GET /api/v1/tools 200 -']);
    } finally {
      server.close();
    }
  });
});
