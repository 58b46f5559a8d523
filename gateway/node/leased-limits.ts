// Exact limits across the worker processes of one embedded server (WEB_CONCURRENCY > 1 with the
// keys file, no shared store). The primary holds each key's count per window and leases units of
// it to workers; a worker admits a request from its lease at once and asks the primary for more
// when it has none. The primary never leases more than the plan allows in a window, so the workers
// together never admit more than the plan; when the pool is empty, it first takes back the units
// other workers hold unused, so the whole allowance stays usable (100 requests on a 60/min key
// over two workers: exactly 60 admitted).
import type { Worker } from 'node:cluster';
import type { Plans } from '../core/plans.ts';
import { windowEnd, type RateLimiter, type RateLimitResult } from '../core/rate-limiter.ts';

interface Ask { kind: 'lease-ask'; seq: number; plan: string; id: string; want: number }
interface Grant { kind: 'lease-grant'; plan: string; seq: number; units: number; left: number; end: number }
interface Reclaim { kind: 'lease-reclaim'; plan: string; id: string; end: number }
interface Returned { kind: 'lease-returned'; plan: string; id: string; end: number; units: number }
type LeaseMessage = Ask | Grant | Reclaim | Returned;

const isLeaseMessage = (m: unknown): m is LeaseMessage => typeof (m as LeaseMessage | null)?.kind === 'string' && (m as LeaseMessage).kind.startsWith('lease-');

/** How many units a worker asks for at a time: a small share of the plan, so few sit unused. */
export function leaseSize(perMinute: number, workers: number): number {
  return Math.max(1, Math.min(1_000, Math.floor(perMinute / (8 * workers))));
}

/** One key's count in the current window, at the primary. */
interface Account {
  granted: number;
  /** Workers that were leased units of it (which they may not have used yet). */
  holders: Set<Worker>;
  /** Asks waiting while units are being taken back. */
  queued: [Worker, Ask][];
  /** Workers that have not yet answered a take-back. */
  reclaiming: Set<Worker>;
}

/** The primary's side: answers the workers' asks for units. */
export function serveLeases(plans: Plans, now: () => number = Date.now): { watch(worker: Worker): void } {
  let end = 0;
  let accounts = new Map<string, Account>();

  /** A new window: every count starts again; asks waiting on a take-back are asked again in it. */
  function roll(): void {
    const t = now();
    if (t < end) return;
    const waiting = [...accounts.values()].flatMap((a) => a.queued);
    end = windowEnd(t);
    accounts = new Map();
    for (const [w, ask] of waiting) if (!w.isDead()) asked(w, ask);
  }

  function account(plan: string, id: string): Account {
    const key = `${plan}\0${id}`;
    let a = accounts.get(key);
    if (a === undefined) accounts.set(key, a = { granted: 0, holders: new Set(), queued: [], reclaiming: new Set() });
    return a;
  }

  function grant(worker: Worker, ask: Ask, a: Account): void {
    const limit = plans[ask.plan]?.per_minute ?? 0;
    const units = Math.max(0, Math.min(ask.want, limit - a.granted));
    a.granted += units;
    if (units > 0) a.holders.add(worker);
    send(worker, { kind: 'lease-grant', plan: ask.plan, seq: ask.seq, units, left: limit - a.granted, end });
  }

  function asked(worker: Worker, ask: Ask): void {
    const a = account(ask.plan, ask.id);
    if (a.reclaiming.size > 0) { a.queued.push([worker, ask]); return; }
    const limit = plans[ask.plan]?.per_minute ?? 0;
    const others = [...a.holders].filter((w) => w !== worker && !w.isDead());
    if (a.granted >= limit && others.length > 0) {
      // The pool is empty: take back what the other workers hold unused before answering.
      a.queued.push([worker, ask]);
      for (const w of others) { a.reclaiming.add(w); a.holders.delete(w); send(w, { kind: 'lease-reclaim', plan: ask.plan, id: ask.id, end }); }
      return;
    }
    grant(worker, ask, a);
  }

  function settled(worker: Worker, a: Account): void {
    a.reclaiming.delete(worker);
    if (a.reclaiming.size > 0) return;
    // Asked again in order: an ask that finds the pool empty once more takes back from the new holders.
    for (const [w, ask] of a.queued.splice(0)) if (!w.isDead()) asked(w, ask);
  }

  function returned(worker: Worker, r: Returned): void {
    if (r.end !== end) return; // units of a window that has ended
    const a = account(r.plan, r.id);
    a.granted -= r.units;
    settled(worker, a);
  }

  return {
    watch(worker) {
      worker.on('message', (m: unknown) => {
        if (!isLeaseMessage(m)) return;
        roll();
        if (m.kind === 'lease-ask') asked(worker, m);
        else if (m.kind === 'lease-returned') returned(worker, m);
      });
      // A worker that exits takes its unused units with it (fewer admitted, never more).
      worker.on('exit', () => { roll(); for (const a of accounts.values()) if (a.reclaiming.has(worker)) settled(worker, a); });
    },
  };
}

function send(to: Worker | NodeJS.Process, message: LeaseMessage): void {
  if ('isDead' in to ? !to.isDead() : to.send !== undefined) (to.send as (m: LeaseMessage) => boolean)(message);
}

/** A worker's units of one key in the current window. */
interface Lease { end: number; units: number; left: number; exhausted: boolean; asking: boolean; waiting: ((r: RateLimitResult) => void)[] }

export interface LeasedRateLimiter extends RateLimiter {
  /** At once from the lease, or undefined when the primary must be asked (then limit()). */
  limitNow(id: string): RateLimitResult | undefined;
}

/**
 * A worker's limiters, one per plan (name -> per-minute limit), counting through the primary,
 * which must run serveLeases. `channel` is the worker's process (for tests, anything that sends
 * and emits 'message'). X-RateLimit-Remaining is then what the primary had left at the last
 * grant plus this worker's unused units: an estimate; the count itself is exact.
 */
export function leasedRateLimiters(perMinute: Record<string, number>, workers: number, channel: NodeJS.Process = process, now: () => number = Date.now): Map<string, LeasedRateLimiter> {
  const limiters = new Map(Object.entries(perMinute).map(([plan, limit]) => [plan, leasedPlan(plan, limit)]));
  /** Asks sent and not yet answered: sequence number -> plan and key id. */
  const pending = new Map<number, [string, string]>();
  let seq = 0;

  channel.on('message', (m: unknown) => {
    if (!isLeaseMessage(m)) return;
    if (m.kind === 'lease-grant') {
      const asked = pending.get(m.seq);
      if (asked === undefined) return;
      pending.delete(m.seq);
      limiters.get(asked[0])?.granted(asked[1], m);
    } else if (m.kind === 'lease-reclaim') {
      send(channel, { kind: 'lease-returned', plan: m.plan, id: m.id, end: m.end, units: limiters.get(m.plan)?.giveBack(m.id, m.end) ?? 0 });
    }
  });
  return limiters;

  function leasedPlan(plan: string, limit: number): LeasedRateLimiter & { granted(id: string, g: Grant): void; giveBack(id: string, end: number): number } {
    const leases = new Map<string, Lease>();
    const want = leaseSize(limit, workers);
    let sweptUntil = 0;

    function current(id: string): Lease {
      const t = now();
      if (t >= sweptUntil) { // once a window: leases of ended windows go
        for (const [k, l] of leases) if (t >= l.end && !l.asking) leases.delete(k);
        sweptUntil = windowEnd(t);
      }
      let lease = leases.get(id);
      // A lease whose window ended is renewed, unless an answer (for either window) is on its way.
      if (lease === undefined || (t >= lease.end && !lease.asking)) {
        leases.set(id, lease = { end: windowEnd(t), units: 0, left: limit, exhausted: false, asking: false, waiting: [] });
      }
      return lease;
    }

    function take(lease: Lease): RateLimitResult | undefined {
      if (lease.units > 0) {
        lease.units -= 1;
        return { success: true, limit, remaining: lease.left + lease.units, reset: lease.end };
      }
      return lease.exhausted ? { success: false, limit, remaining: 0, reset: lease.end } : undefined;
    }

    function ask(id: string, lease: Lease): void {
      lease.asking = true;
      pending.set(++seq, [plan, id]);
      send(channel, { kind: 'lease-ask', seq, plan, id, want: Math.max(want, lease.waiting.length) });
    }

    return {
      limitNow: (id) => take(current(id)),
      limit(id) {
        const lease = current(id);
        const counted = take(lease);
        if (counted !== undefined) return Promise.resolve(counted);
        return new Promise((resolve) => {
          lease.waiting.push(resolve);
          if (!lease.asking) ask(id, lease);
        });
      },
      granted(id, g) {
        const lease = leases.get(id)!;
        lease.asking = false;
        if (g.end !== lease.end) Object.assign(lease, { end: g.end, units: 0, exhausted: false });
        lease.units += g.units;
        lease.left = g.left;
        if (g.units === 0) lease.exhausted = true; // the primary has none left, and nobody holds any
        while (lease.waiting.length > 0) {
          const result = take(lease);
          if (result === undefined) break;
          lease.waiting.shift()!(result);
        }
        if (lease.waiting.length > 0) ask(id, lease);
      },
      giveBack(id, end) {
        const lease = leases.get(id);
        if (lease === undefined || lease.end !== end) return 0;
        const units = lease.units;
        lease.units = 0;
        return units;
      },
    };
  }
}
