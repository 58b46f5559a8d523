// Rate limiting of accepted keys. Each plan has its limiter (in memory, the primary's over IPC, or
// Upstash); when that limiter fails or does not answer within its deadline, requests are counted
// by an in-process fixed window with the plan's limit instead (fail open, bounded per instance;
// API.md "Degraded mode"), and normal counting resumes by itself when the limiter answers again.
import { memoryRateLimiter, type MemoryRateLimiter } from './memory-rate-limiter.ts';
import { Outage } from './outage.ts';
import type { RateLimiter, RateLimitResult } from './rate-limiter.ts';
import { HttpError } from './responses.ts';
import type { UsageStore } from './usage.ts';

export interface LimitsOptions {
  /** The limiter of a plan; undefined for a plan that is not configured. */
  limiterFor(plan: string): RateLimiter | undefined;
  /** The plan's per-minute limit, for the fallback window when its limiter cannot be reached. */
  perMinute?(plan: string): number | undefined;
  /** Where the fallback window records what it counts: requests served in degraded mode are usage too. */
  usage?: UsageStore;
  now: () => number;
  log: (line: string) => void;
}

/** Counts `rate` requests of a key; rejects with the 503 HttpError to answer. */
export type CountRequests = (plan: string, id: string, rate: number) => Promise<RateLimitResult>;

export function createLimits({ limiterFor, perMinute, usage, now, log }: LimitsOptions): CountRequests {
  const outage = new Outage('rate limiter', 'counting in this instance until it answers', log, now);
  /** One in-process window per plan (plans are the operator's few), made at the first outage. */
  const fallbacks = new Map<string, MemoryRateLimiter>();
  /** Plans found missing, each logged once (their keys' every request is 503 until it is added). */
  const missingPlans = new Set<string>();

  function fallback(plan: string, id: string, rate: number): RateLimitResult {
    let local = fallbacks.get(plan);
    const limit = perMinute?.(plan);
    if (local === undefined && limit !== undefined) fallbacks.set(plan, local = memoryRateLimiter(limit, now));
    if (local === undefined) throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The rate limiter cannot be reached right now; retry after the number of seconds in Retry-After.', { 'Retry-After': '5' });
    const result = local.count(id, rate);
    if (rate > 0) usage?.record(id, now(), result.success ? rate : 0, result.success ? 0 : 1);
    return result;
  }

  return async (plan, id, rate) => {
    const limiter = limiterFor(plan);
    if (limiter === undefined) {
      if (!missingPlans.has(plan)) log(`key ${id} has plan '${plan}', which is not in the plans file: its requests get 503 until the plan is added (logged once per plan)`);
      missingPlans.add(plan);
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The plan of this API key is not configured; retry later or ask the operator.', { 'Retry-After': '60' });
    }
    if (outage.resting()) return fallback(plan, id, rate);
    try {
      const result = await limiter.limit(id, rate);
      outage.answered();
      return result;
    } catch (e) {
      outage.failed(e instanceof Error ? e.message : String(e));
      return fallback(plan, id, rate);
    }
  };
}
