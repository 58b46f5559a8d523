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
 * A worker's limiter for one plan, counting through the primary (which must run serveLeases).
 * `channel` is the worker's process (for tests, anything that sends and emits 'message').
 */
export function leasedRateLimiter(plan: string, perMinute: number, workers: number, channel: NodeJS.Process = process, now: () => number = Date.now): LeasedRateLimiter {
  const leases = new Map<string, Lease>();
  const pending = new Map<number, string>();
  const want = leaseSize(perMinute, workers);
  let seq = 0;

  const refused = (end: number): RateLimitResult => ({ success: false, limit: perMinute, remaining: 0, reset: end });

  function current(id: string): Lease {
    const t = now();
    let lease = leases.get(id);
    if (lease === undefined || t >= lease.end) {
      if (lease !== undefined && lease.asking) return lease; // an answer for the old window is on its way
      if (leases.size > 10_000) for (const [k, l] of leases) if (t >= l.end && !l.asking) leases.delete(k);
      leases.set(id, lease = { end: windowEnd(t), units: 0, left: perMinute, exhausted: false, asking: false, waiting: [] });
    }
    return lease;
  }

  function take(lease: Lease): RateLimitResult | undefined {
    if (lease.units > 0) {
      lease.units -= 1;
      return { success: true, limit: perMinute, remaining: lease.left + lease.units, reset: lease.end };
    }
    return lease.exhausted ? refused(lease.end) : undefined;
  }

  function ask(id: string, lease: Lease): void {
    lease.asking = true;
    seq += 1;
    pending.set(seq, id);
    send(channel, { kind: 'lease-ask', seq, plan, id, want: Math.max(want, lease.waiting.length) });
  }

  channel.on('message', (m: unknown) => {
    if (!isLeaseMessage(m)) return;
    if (m.kind === 'lease-grant' && m.plan === plan) {
      const id = pending.get(m.seq);
      if (id === undefined) return;
      pending.delete(m.seq);
      const lease = leases.get(id)!;
      lease.asking = false;
      if (m.end !== lease.end) Object.assign(lease, { end: m.end, units: 0, exhausted: false });
      lease.units += m.units;
      lease.left = m.left;
      if (m.units === 0) lease.exhausted = true;
      while (lease.waiting.length > 0) {
        const result = take(lease);
        if (result === undefined) break;
        lease.waiting.shift()!(result);
      }
      if (lease.waiting.length > 0) ask(id, lease);
    } else if (m.kind === 'lease-reclaim' && m.plan === plan) {
      const lease = leases.get(m.id);
      const units = lease !== undefined && lease.end === m.end ? lease.units : 0;
      if (lease !== undefined && lease.end === m.end) lease.units = 0;
      send(channel, { kind: 'lease-returned', plan, id: m.id, end: m.end, units });
    }
  });

  const limiter: LeasedRateLimiter = {
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
  };
  return limiter;
}
