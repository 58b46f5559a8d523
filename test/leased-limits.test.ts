// The embedded server's limits over several worker processes: the primary leases counts to the
// workers (gateway/node/leased-limits.ts). Here the workers' IPC channels are in-process pairs
// that deliver each message on a later turn, copied, as node:cluster's channel does.
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leasedRateLimiters, leaseSize, serveLeases, type LeasedRateLimiter } from '../gateway/node/leased-limits.ts';
import type { RateLimitResult } from '../gateway/core/rate-limiter.ts';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 20); // 40 s before the window ends
/** Delivers a copy on a later turn, unless `dropped()` says the other end has gone by then. */
const later = (emitter: EventEmitter, message: unknown, dropped = () => false) => setImmediate(() => { if (!dropped()) emitter.emit('message', JSON.parse(JSON.stringify(message))); });

/** A primary and `n` workers, each with one limiter per plan. */
function cluster(plans: Record<string, { per_minute: number }>, n: number, clock = () => NOW) {
  const primary = serveLeases(plans, clock);
  const workers = Array.from({ length: n }, () => {
    const worker = Object.assign(new EventEmitter(), { dead: false, isDead() { return this.dead; }, send: (m: unknown) => { later(child, m); return true; } });
    const child = Object.assign(new EventEmitter(), { send: (m: unknown) => { later(worker, m, () => worker.dead); return true; } });
    primary.watch(worker as unknown as Worker);
    const limiters = Object.fromEntries(leasedRateLimiters(Object.fromEntries(Object.entries(plans).map(([plan, p]) => [plan, p.per_minute])), n, child as unknown as NodeJS.Process, clock));
    return { worker, child, limiters };
  });
  return workers;
}

/** As the gateway counts: at once from the lease when it can, else through the primary. */
const count = (limiter: LeasedRateLimiter, id: string): Promise<RateLimitResult> => {
  const now = limiter.limitNow(id);
  return now !== undefined ? Promise.resolve(now) : limiter.limit(id);
};

describe('limits leased by the primary to worker processes', () => {
  it('admits exactly 60 of 100 concurrent requests on a 60/min key over two workers', async () => {
    const [a, b] = cluster({ free: { per_minute: 60 } }, 2);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => count((i % 2 ? a! : b!).limiters.free!, 'key_1')));
    expect(results.filter((r) => r.success)).toHaveLength(60);
    expect(results.filter((r) => !r.success).every((r) => r.remaining === 0 && r.limit === 60)).toBe(true);
    // Later requests in the window are refused by either worker; once a worker has been told, at once.
    for (const w of [a!, b!]) {
      expect(await count(w.limiters.free!, 'key_1')).toMatchObject({ success: false, remaining: 0 });
      expect(w.limiters.free!.limitNow('key_1')).toMatchObject({ success: false });
    }
  });

  it('uses the units one worker holds unused when the other runs out (nothing is stranded)', async () => {
    const [a, b] = cluster({ free: { per_minute: 10 } }, 2);
    expect(leaseSize(10, 2)).toBe(1);
    const [c, d] = cluster({ pro: { per_minute: 1_000 } }, 2);
    expect((await count(c!.limiters.pro!, 'k')).success).toBe(true); // c now holds a lease of 62 more
    const rest = await Promise.all(Array.from({ length: 1_000 }, () => count(d!.limiters.pro!, 'k')));
    expect(rest.filter((r) => r.success)).toHaveLength(999);
    expect((await Promise.all(Array.from({ length: 10 }, () => count(a!.limiters.free!, 'k')))).every((r) => r.success)).toBe(true);
    expect((await count(b!.limiters.free!, 'k')).success).toBe(false);
  });

  it('starts every count again in the next window, in every worker', async () => {
    let now = NOW;
    const [a, b] = cluster({ free: { per_minute: 64 } }, 2, () => now);
    const burst = async () => (await Promise.all(Array.from({ length: 100 }, (_, i) => count((i % 3 ? a! : b!).limiters.free!, 'k')))).filter((r) => r.success);
    const first = await burst();
    expect(first).toHaveLength(64);
    expect(first.every((r) => r.reset === Date.UTC(2026, 10, 23, 12, 1, 0))).toBe(true);
    now += 60_000;
    const second = await burst();
    expect(second).toHaveLength(64);
    expect(second.every((r) => r.reset === Date.UTC(2026, 10, 23, 12, 2, 0))).toBe(true);
  });

  it('goes on counting exactly when a worker holding units dies: its units are lost, never admitted twice', async () => {
    const [a, b] = cluster({ pro: { per_minute: 100 } }, 2);
    expect((await count(a!.limiters.pro!, 'k')).success).toBe(true); // a holds a lease it has not used up
    a!.worker.dead = true;
    a!.worker.emit('exit');
    const rest = await Promise.all(Array.from({ length: 150 }, () => count(b!.limiters.pro!, 'k')));
    const admitted = 1 + rest.filter((r) => r.success).length;
    expect(admitted).toBeLessThanOrEqual(100);
    expect(admitted).toBe(100 - (leaseSize(100, 2) - 1)); // all but the dead worker's unused units
  });

  it('answers the other workers when a worker dies before giving its units back', async () => {
    const [a, b] = cluster({ pro: { per_minute: 100 } }, 2);
    expect((await count(a!.limiters.pro!, 'k')).success).toBe(true);
    a!.child.on('message', (m: { kind: string }) => {
      if (m.kind === 'lease-reclaim') { a!.worker.dead = true; a!.worker.emit('exit'); } // its answer is never delivered
    });
    const rest = await Promise.all(Array.from({ length: 150 }, () => count(b!.limiters.pro!, 'k')));
    expect(1 + rest.filter((r) => r.success).length).toBe(100 - (leaseSize(100, 2) - 1));
    expect(rest.filter((r) => !r.success).every((r) => r.remaining === 0)).toBe(true);
  });

  it('keeps plans and keys apart', async () => {
    const [a, b] = cluster({ free: { per_minute: 3 }, pro: { per_minute: 5 } }, 2);
    const run = (l: LeasedRateLimiter, id: string, n: number) => Promise.all(Array.from({ length: n }, () => count(l, id)));
    const [free1, free2, pro1] = await Promise.all([run(a!.limiters.free!, 'one', 4), run(b!.limiters.free!, 'two', 4), run(b!.limiters.pro!, 'one', 7)]);
    expect(free1.filter((r) => r.success)).toHaveLength(3);
    expect(free2.filter((r) => r.success)).toHaveLength(3);
    expect(pro1.filter((r) => r.success)).toHaveLength(5);
  });

  it('never admits more than the plan, and admits all it allows, for any limit, number of workers and arrival of requests', async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 1, max: 400 }),
      fc.integer({ min: 2, max: 4 }),
      // Batches one after another; in a batch, `count` concurrent requests to each chosen worker.
      fc.array(fc.array(fc.record({ worker: fc.integer({ min: 0, max: 3 }), count: fc.integer({ min: 0, max: 120 }) }), { minLength: 1, maxLength: 3 }), { maxLength: 6 }),
      async (limit, n, batches) => {
        const workers = cluster({ plan: { per_minute: limit } }, n);
        let admitted = 0;
        let asked = 0;
        for (const batch of batches) {
          const requests = batch.flatMap(({ worker, count: k }) => Array.from({ length: k }, () => count(workers[worker % n]!.limiters.plan!, 'key')));
          admitted += (await Promise.all(requests)).filter((r) => r.success).length;
          asked += requests.length;
          expect(admitted).toBe(Math.min(asked, limit));
        }
      },
    ), { numRuns: 150 });
  });
});
