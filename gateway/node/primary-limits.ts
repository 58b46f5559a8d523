// Exact limits across the worker processes of one embedded server (WEB_CONCURRENCY > 1 with the
// keys file, no shared store): the primary counts every key in its memory, and a worker asks it
// once per request over IPC. The ask has the store deadline; when the primary does not answer in
// time the core counts in the worker instead (API.md's degraded mode), so a frozen or dead process
// never holds a request. A frozen or killed worker holds nothing that other workers wait for.
import type { Worker } from 'node:cluster';
import { withDeadline } from '../core/deadline.ts';
import { memoryRateLimiter, type OnCount } from '../core/memory-rate-limiter.ts';
import type { Plans } from '../core/plans.ts';
import type { RateLimiter, RateLimitResult } from '../core/rate-limiter.ts';

interface Ask { kind: 'limit-ask'; seq: number; plan: string; id: string; rate: number }
interface Reply { kind: 'limit-reply'; seq: number; result?: RateLimitResult; error?: string }

const isAsk = (m: unknown): m is Ask => (m as Ask | null)?.kind === 'limit-ask';
const isReply = (m: unknown): m is Reply => (m as Reply | null)?.kind === 'limit-reply';

/** The primary's side: counts what its workers ask, one in-memory limiter per plan. */
export function countForWorkers(plans: Plans, now: () => number = Date.now, onCount?: OnCount): { watch(worker: Worker): void } {
  const limiters = new Map(Object.entries(plans).map(([plan, { per_minute }]) => [plan, memoryRateLimiter(per_minute, now, onCount)]));
  return {
    watch(worker) {
      worker.on('message', (m: unknown) => {
        if (!isAsk(m)) return;
        const limiter = limiters.get(m.plan);
        const reply: Reply = limiter ? { kind: 'limit-reply', seq: m.seq, result: limiter.count(m.id, m.rate) } : { kind: 'limit-reply', seq: m.seq, error: `plan '${m.plan}' is not in the primary's plans` };
        if (worker.isConnected()) worker.send(reply);
      });
    },
  };
}

/** What a worker needs of its channel to the primary (node:process in a cluster worker). */
export interface PrimaryChannel {
  send?(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/** A worker's side: one limiter per plan whose counts the primary takes. */
export function primaryLimiters(plans: Plans, channel: PrimaryChannel = process): Map<string, RateLimiter> {
  let seq = 0;
  const waiting = new Map<number, { resolve(r: RateLimitResult): void; reject(e: Error): void }>();
  channel.on('message', (m) => {
    if (!isReply(m)) return;
    const ask = waiting.get(m.seq);
    waiting.delete(m.seq);
    if (m.result) ask?.resolve(m.result);
    else ask?.reject(new Error(m.error));
  });
  const limiter = (plan: string): RateLimiter => ({
    limit(id, rate = 1) {
      const n = ++seq;
      const counted = new Promise<RateLimitResult>((resolve, reject) => {
        waiting.set(n, { resolve, reject });
        channel.send?.({ kind: 'limit-ask', seq: n, plan, id, rate } satisfies Ask);
      });
      return withDeadline(counted, () => {
        waiting.delete(n);
        return new Error('the primary process did not count within 1 s');
      });
    },
  });
  return new Map(Object.keys(plans).map((plan) => [plan, limiter(plan)]));
}
