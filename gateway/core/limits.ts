// Rate limiting of accepted keys. Each plan has its limiter (in memory, or Upstash); when that
// limiter fails or takes longer than 1 s, the request is counted by an in-process fixed window
// with the plan's limit instead (fail open, bounded per instance; API.md "Degraded mode"), and
// normal counting resumes by itself with the next request the store answers.
import { STORE_RETRY_MS, withDeadline } from './deadline.ts';
import type { MaybeAsync } from './maybe-async.ts';
import { memoryRateLimiter, type MemoryRateLimiter } from './memory-rate-limiter.ts';
import type { RateLimiter, RateLimitResult } from './rate-limiter.ts';
import { HttpError } from './responses.ts';

export interface LimitsOptions {
  /** The limiter of a plan; undefined for a plan that is not configured. */
  limiterFor(plan: string): RateLimiter | undefined;
  /** The plan's per-minute limit, for the fallback window when its limiter cannot be reached. */
  perMinute?(plan: string): number | undefined;
  now: () => number;
  log: (line: string) => void;
}

/** Counts one request of a key; throws (or rejects with) the 503 HttpError to answer. */
export type CountRequest = (plan: string, id: string) => MaybeAsync<RateLimitResult>;

export function createLimits({ limiterFor, perMinute, now, log }: LimitsOptions): CountRequest {
  const fallbacks = new Map<string, MemoryRateLimiter>();
  let outage = false;
  /** Until when the remote limiter is left alone after a failure (see STORE_RETRY_MS). */
  let restingUntil = 0;

  function fallback(plan: string): MemoryRateLimiter | undefined {
    let limiter = fallbacks.get(plan);
    const limit = perMinute?.(plan);
    if (limiter === undefined && limit !== undefined) fallbacks.set(plan, limiter = memoryRateLimiter(limit, now));
    return limiter;
  }

  /** Counted in this instance while the plan's limiter cannot be reached (or 503 without a fallback). */
  function unreachable(plan: string, id: string, e: unknown): RateLimitResult {
    if (now() >= restingUntil) restingUntil = now() + STORE_RETRY_MS;
    const local = fallback(plan);
    if (!outage) { outage = true; log(`rate limiter unavailable (${e instanceof Error ? e.message : String(e)}); counting in this instance until it answers`); }
    if (local === undefined) {
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The rate limiter cannot be reached right now; retry after the number of seconds in Retry-After.', { 'Retry-After': '5' });
    }
    return local.limitNow(id);
  }

  function reachable(result: RateLimitResult): RateLimitResult {
    if (outage) { outage = false; log('rate limiter reachable again'); }
    return result;
  }

  return (plan, id) => {
    const limiter = limiterFor(plan);
    if (limiter === undefined) {
      log(`key ${id} has plan '${plan}', which is not in the plans file`);
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The plan of this API key is not configured; retry later or ask the operator.', { 'Retry-After': '60' });
    }
    if (now() < restingUntil) return unreachable(plan, id, new Error('the rate limiter failed in the last second'));
    let counted: MaybeAsync<RateLimitResult>;
    try {
      // A limiter that counts in memory (this process's, or its workers' primary's) has no deadline:
      // the degraded mode is for shared stores, and would count past the plan.
      counted = limiter.limitNow ? limiter.limitNow(id) ?? limiter.limit(id)
        : withDeadline(limiter.limit(id), () => new Error('the rate limiter did not answer within 1 s'));
    } catch (e) {
      return unreachable(plan, id, e);
    }
    return counted instanceof Promise ? counted.then(reachable, (e: unknown) => unreachable(plan, id, e)) : reachable(counted);
  };
}
