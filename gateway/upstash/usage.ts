// Each key's requests per day in Upstash Redis, added up in memory per instance and sent in batches.
import type { Redis } from '@upstash/redis';
import { STORE_DEADLINE_MS, withDeadline } from '../core/deadline.ts';
import { addUsage, mergeUsage, USAGE_DAYS, usageBytes, type KeyUsage, type Usage, type UsageStore } from '../core/usage.ts';

/** The usage of a key's day in Redis (expires after USAGE_DAYS), and of its last use. */
const USAGE = (id: string, day: string) => `aitc:usage:${id}:${day}`;
const LAST_USED = (id: string) => `aitc:used:${id}`;
/** How often an instance adds its counts to Redis (one pipeline for all keys). */
const USAGE_FLUSH_MS = 2_000;

/** Counts waiting to be sent (after failed writes too) are kept within this many bytes per instance. */
export const PENDING_USAGE_BYTES = 1024 * 1024;

/**
 * Usage in Redis: each instance adds up its counts in memory and sends them every 2 s in one
 * pipeline of HINCRBYs on a key per key and day, which expires after 30 days (the bound). Counts
 * a write could not send are kept and sent with the next one, within PENDING_USAGE_BYTES: past
 * it, the counts of keys not yet waiting are dropped, and how many is logged.
 */
export function upstashUsage(redis: Redis, log: (line: string) => void = (l) => console.error(l)): UpstashUsage {
  return new UpstashUsage(redis, log);
}

export class UpstashUsage implements UsageStore {
  private pending = new Map<string, KeyUsage>();
  private pendingBytes = 0;
  private dropped = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly redis: Redis, private readonly log: (line: string) => void) {}

  record(id: string, at: number, requests: number, limited: number): void {
    this.keep(id, (u) => addUsage(u, at, requests, limited), requests);
    if (this.timer === undefined) {
      this.timer = setInterval(() => void this.flush(), USAGE_FLUSH_MS);
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  async read(id: string, days: readonly string[]): Promise<Usage> {
    const p = this.redis.pipeline();
    for (const day of days) p.hgetall(USAGE(id, day));
    p.get(LAST_USED(id));
    const results = await withDeadline(p.exec<unknown[]>(), () => new Error(`no answer within ${STORE_DEADLINE_MS / 1000} s`));
    const last = results.pop() as string | null;
    return {
      days: days.map((date, k) => {
        const h = (results[k] ?? {}) as { requests?: number | string; limited?: number | string };
        return { date, requests: Number(h.requests ?? 0), limited: Number(h.limited ?? 0) };
      }),
      last_used_at: last ? String(last) : null,
    };
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** Adds a key's counts to those waiting, unless a key new to them would pass the bound. */
  private keep(id: string, add: (u: KeyUsage | undefined) => KeyUsage, requests: number): void {
    const waiting = this.pending.get(id);
    if (waiting === undefined) {
      const bytes = usageBytes(id);
      if (this.pendingBytes + bytes > PENDING_USAGE_BYTES) { this.dropped += requests; return; }
      this.pendingBytes += bytes;
    }
    this.pending.set(id, add(waiting));
  }

  private async flush(): Promise<void> {
    if (this.dropped > 0) {
      this.log(`usage: ${this.dropped} requests were not recorded: more keys' counts were waiting to be sent to Upstash Redis than ${PENDING_USAGE_BYTES} bytes hold`);
      this.dropped = 0;
    }
    if (this.pending.size === 0) return;
    const sending = this.pending;
    this.pending = new Map();
    this.pendingBytes = 0;
    try {
      await withDeadline(increments(this.redis, sending).exec(), () => new Error('no answer within 1 s'));
    } catch (e) {
      // One transaction: a write that failed added nothing, so its counts are sent again (one that
      // timed out after Redis applied it counts twice: usage is a report, and that beats losing it).
      for (const [id, u] of sending) this.keep(id, (w) => mergeUsage(w, u), Object.values(u.days).reduce((n, [r]) => n + r, 0));
      this.log(`usage could not be sent to Upstash Redis (${(e as Error).message}); the counts are kept and sent with the next write`);
    }
  }
}

/** One transaction adding the counts to each key's days, which expire after USAGE_DAYS, and setting each key's last use. */
function increments(redis: Redis, counts: Map<string, KeyUsage>) {
  const p = redis.multi();
  for (const [id, u] of counts) {
    for (const [day, [requests, limited]] of Object.entries(u.days)) {
      p.hincrby(USAGE(id, day), 'requests', requests).hincrby(USAGE(id, day), 'limited', limited).expire(USAGE(id, day), (USAGE_DAYS + 1) * 86_400);
    }
    if (u.last > 0) p.set(LAST_USED(id), new Date(u.last).toISOString(), { ex: (USAGE_DAYS + 1) * 86_400 });
  }
  return p;
}
