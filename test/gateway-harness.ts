// A gateway over the fixture snapshot for tests: the real core, the real in-memory limiter, and a
// key store holding keys created here (the file store has its own tests).
import path from 'node:path';
import { buildSnapshot } from '../build/build.ts';
import { createGateway, type Gateway, type GatewayResult } from '../gateway/core/gateway.ts';
import { hashKey } from '../gateway/core/api-keys.ts';
import { KeyStoreUnavailableError, type KeyLookup, type KeyStore } from '../gateway/core/key-store.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';
import type { RateLimiter } from '../gateway/core/rate-limiter.ts';
import { toResponse } from '../gateway/core/responses.ts';
import { loadSnapshot, type LoadedSnapshot } from '../gateway/node/load.ts';
import { fixtureCopy } from './helpers.ts';

export const FREE_KEY = `sk_${'a'.repeat(20)}FreeKey0123456789AB`;
export const PRO_KEY = `sk_${'b'.repeat(20)}ProKey01234567890ABC`;
export const REVOKED_KEY = `sk_${'c'.repeat(20)}RevokedKey0123456789`;
export const BASE = 'http://127.0.0.1:8787';

export class TestKeyStore implements KeyStore {
  readonly records = new Map<string, KeyLookup>();
  down = false;
  async add(key: string, lookup: KeyLookup) { this.records.set(await hashKey(key), lookup); }
  async lookup(hash: string): Promise<KeyLookup> {
    await this.ready();
    return this.records.get(hash) ?? { status: 'unknown' };
  }
  async ready(): Promise<void> {
    if (this.down) throw new KeyStoreUnavailableError('test: store down', 7);
  }
}

export interface Harness {
  gateway: Gateway;
  /** A file of the built snapshot (dist/). */
  distFile(name: string): string;
  snapshot: LoadedSnapshot;
  keys: TestKeyStore;
  clock: { now: number };
  request(pathAndQuery: string, init?: { method?: string; headers?: Record<string, string>; body?: string | ReadableStream<Uint8Array> }): Promise<TestResponse>;
}

export interface TestResponse extends GatewayResult {
  text: string;
  json: any;
  header(name: string): string | undefined;
}

/** `edit`: changes to the fixture catalog's copy before it is built. */
export async function createHarness(edit?: (catalog: string) => Promise<void>): Promise<Harness> {
  const catalog = await fixtureCopy();
  await edit?.(catalog);
  const dist = path.join(path.dirname(catalog), 'dist');
  const built = await buildSnapshot(catalog, dist);
  if (!built.ok) throw new Error('fixture build failed');
  const snapshot = await loadSnapshot(dist);
  const keys = new TestKeyStore();
  await keys.add(FREE_KEY, { status: 'active', id: 'key_free', plan: 'free' });
  await keys.add(PRO_KEY, { status: 'active', id: 'key_pro', plan: 'pro' });
  await keys.add(REVOKED_KEY, { status: 'revoked', id: 'key_revoked' });
  const clock = { now: Date.UTC(2026, 10, 22, 12, 0, 10) };
  const limiters = new Map<string, RateLimiter>([
    ['free', memoryRateLimiter(60, () => clock.now)],
    ['pro', memoryRateLimiter(600, () => clock.now)],
  ]);
  const gateway = createGateway({ snapshot: snapshot.view, keys, limiterFor: (plan) => limiters.get(plan), now: () => clock.now, log: () => {} });
  return {
    gateway, snapshot, keys, clock,
    distFile: (name) => path.join(dist, name),
    async request(pathAndQuery, init = {}) {
      const headers = new Headers(init.headers ?? {});
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? new Response(init.body).body : init.body;
      const result = await gateway.handle({ method, url: `${BASE}${pathAndQuery}`, headers, body });
      const response = toResponse(result, method, (key) => new Uint8Array(snapshot.bodies.get(key)!.identity));
      const text = await response.text();
      let json: unknown;
      try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
      const lower = new Map(Object.entries(result.headers).map(([k, v]) => [k.toLowerCase(), v]));
      return { ...result, text, json, header: (name: string) => lower.get(name.toLowerCase()) };
    },
  };
}
