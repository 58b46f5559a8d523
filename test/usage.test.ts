// GET /api/v1/usage and the usage stores: per key, per UTC day, what the limiter counted and the
// 429s, never counted itself; 30 days at most.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../gateway/core/gateway.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';
import { addUsage, lastDays, usageOf, USAGE_DAYS, type KeyUsage, type UsageStore } from '../gateway/core/usage.ts';
import { FileUsageStore } from '../gateway/node/usage-file.ts';
import { bodyText } from '../gateway/core/responses.ts';
import { BASE, createHarness, FREE_KEY, type Harness } from './gateway-harness.ts';

/** A usage store in memory, as the stores keep it before they write. */
function memoryUsage(): UsageStore {
  const all = new Map<string, KeyUsage>();
  return { record: (id, at, r, l) => { all.set(id, addUsage(all.get(id), at, r, l)); }, read: async (id, days) => usageOf(all.get(id), days) };
}

describe('GET /api/v1/usage', () => {
  let h: Harness;
  let gateway: Gateway;
  const send = async (p: string) => {
    const r = await gateway.handle({ method: 'GET', url: `${BASE}${p}`, headers: new Headers({ 'X-API-Key': FREE_KEY }) });
    return { ...r, json: r.body === null ? undefined : JSON.parse(bodyText(r.body)) };
  };
  beforeEach(async () => {
    h = await createHarness();
    const usage = memoryUsage();
    const limiter = memoryRateLimiter(2, () => h.clock.now, (id, at, counted, refused) => usage.record(id, at, counted, refused ? 1 : 0));
    gateway = createGateway({ snapshot: h.snapshot.view, keys: h.keys, limiterFor: () => limiter, usage, now: () => h.clock.now, log: () => {} });
  });

  it('answers the key, its plan, where its limit stands and 30 UTC days of requests and 429s, oldest first, without counting itself', async () => {
    for (let i = 0; i < 3; i++) await send('/api/v1/tools'); // 2 counted, 1 refused
    const first = await send('/api/v1/usage');
    const again = await send('/api/v1/usage');
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ key_id: 'key_free', plan: 'free', limit: 2, remaining: 0 });
    expect(first.json.data.reset).toBe(Number(first.headers['X-RateLimit-Reset']));
    const days = first.json.data.days as { date: string; requests: number; limited: number }[];
    expect(days).toHaveLength(USAGE_DAYS);
    expect(days.map((d) => d.date)).toEqual(lastDays(h.clock.now));
    expect(days.at(-1)).toEqual({ date: new Date(h.clock.now).toISOString().slice(0, 10), requests: 2, limited: 1 });
    expect(days.slice(0, -1).every((d) => d.requests === 0 && d.limited === 0)).toBe(true);
    expect(again.json).toEqual(first.json);
    expect(first.headers['Cache-Control']).toBe('private');
    expect((await send('/api/v1/usage?days=7')).json.code).toBe('UNKNOWN_PARAMETER');
  });

  it('keeps no more than 30 days of a key', () => {
    let u: KeyUsage | undefined;
    const day = 86_400_000;
    for (let d = 0; d < 45; d++) u = addUsage(u, Date.UTC(2026, 0, 1) + d * day, 1, 0);
    expect(Object.keys(u!.days)).toHaveLength(USAGE_DAYS);
  });
});

describe('usage file (embedded default)', () => {
  it('is written by the counting process and read back by others, and survives a restart', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'usage-')), 'usage.json');
    const writer = await FileUsageStore.writer(file);
    const now = Date.now();
    writer.record('key_a', now, 5, 1);
    await writer.close();
    const days = lastDays(now);
    expect((await FileUsageStore.reader(file).read('key_a', days)).days.at(-1)).toMatchObject({ requests: 5, limited: 1 });
    const restarted = await FileUsageStore.writer(file);
    restarted.record('key_a', now, 1, 0);
    const read = await restarted.read('key_a', days);
    expect(read.days.at(-1)).toMatchObject({ requests: 6, limited: 1 });
    expect(read.last_used_at).toBe(new Date(now).toISOString());
    await restarted.close();
  });
});
