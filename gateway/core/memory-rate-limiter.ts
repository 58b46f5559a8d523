// The embedded default RateLimiter: fixed 60-second windows aligned to the minute, counted in this
// process's memory. Exact under concurrency because the count is taken synchronously.
import { windowEnd, type RateLimiter, type RateLimitResult } from './rate-limiter.ts';

export interface MemoryRateLimiter extends RateLimiter {
  /** The count itself, synchronously: for the primary that counts for its workers. */
  count(id: string, rate?: number): RateLimitResult;
  /** Ids counted in the current window (what the limiter holds in memory). */
  size(): number;
}

/** Told of each count: how many requests were counted, and whether they were refused (429). */
export type OnCount = (id: string, at: number, counted: number, refused: boolean) => void;

/** One plan's limiter. `now` is the clock, for tests; `onCount` records usage. */
export function memoryRateLimiter(perMinute: number, now: () => number = Date.now, onCount?: OnCount): MemoryRateLimiter {
  if (!Number.isInteger(perMinute) || perMinute < 1) throw new RangeError(`perMinute must be a positive integer; got ${perMinute}`);
  let end = 0;
  // Only the current window's counts are kept, and only for keys that were verified: the whole map
  // is replaced when the window rolls over, so idle keys cost nothing and no sweep is needed.
  let counts = new Map<string, number>();
  const count = (id: string, rate = 1): RateLimitResult => {
    const t = now();
    if (t >= end) {
      end = windowEnd(t);
      counts = new Map();
    }
    const used = counts.get(id) ?? 0;
    // Over the limit the count stays where it is: a 429 does not move the visible numbers.
    if (used + rate > perMinute) {
      if (rate > 0) onCount?.(id, t, 0, true);
      return { success: false, limit: perMinute, remaining: Math.max(0, perMinute - used), reset: end };
    }
    if (rate > 0) {
      counts.set(id, used + rate);
      onCount?.(id, t, rate, false);
    }
    return { success: true, limit: perMinute, remaining: perMinute - used - rate, reset: end };
  };
  return { count, limit: async (id, rate) => count(id, rate), size: () => counts.size };
}
