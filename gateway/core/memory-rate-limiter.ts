// The embedded default RateLimiter: fixed 60-second windows aligned to the minute, counted in
// this process's memory. Exact under concurrency because the count is taken synchronously.
import { windowEnd, type RateLimiter, type RateLimitResult } from './rate-limiter.ts';

export interface MemoryRateLimiter extends RateLimiter {
  /** Ids counted in the current window (what the limiter holds in memory). */
  size(): number;
  limitNow(id: string): RateLimitResult;
}

/** One plan's limiter; matches RateLimiterFactory. `now` is the clock, for tests. */
export function memoryRateLimiter(perMinute: number, now: () => number = Date.now): MemoryRateLimiter {
  if (!Number.isInteger(perMinute) || perMinute < 1) throw new RangeError(`perMinute must be a positive integer; got ${perMinute}`);
  let end = 0;
  // Only the current window's counts are kept: when the window rolls over the whole map is
  // replaced, so ids that went idle cost nothing and no sweep is ever needed.
  let counts = new Map<string, number>();
  const limiter: MemoryRateLimiter = {
    limit: (id) => Promise.resolve(limiter.limitNow(id)),
    limitNow(id: string): RateLimitResult {
      const t = now();
      if (t >= end) {
        end = windowEnd(t);
        counts = new Map();
      }
      const used = counts.get(id) ?? 0;
      // Over the limit the count stays where it is: a 429 does not move the visible numbers.
      if (used >= perMinute) return { success: false, limit: perMinute, remaining: 0, reset: end };
      counts.set(id, used + 1);
      return { success: true, limit: perMinute, remaining: perMinute - used - 1, reset: end };
    },
    size: () => counts.size,
  };
  return limiter;
}
