// RateLimiter: counts requests per key. Shaped like @upstash/ratelimit so the in-memory limiter
// (embedded default) and the Upstash-backed one are interchangeable. One limiter per plan.

export interface RateLimitResult {
  /** false when this request is over the limit: the gateway answers 429. */
  success: boolean;
  /** Requests allowed per window (the plan's per-minute number). */
  limit: number;
  /** Requests left in the current window after this one; 0 when over the limit. */
  remaining: number;
  /** Unix time in milliseconds at which the current window ends and the count resets. */
  reset: number;
}

export interface RateLimiter {
  /**
   * Counts one request for `id` (a key id) in the current window.
   * @throws any error when the limiter's store cannot be reached (or does not answer within
   *         1 s): the gateway then counts the request in an in-process fixed window with the
   *         plan's limit (fail open, bounded per instance; API.md "Degraded mode").
   */
  limit(id: string): Promise<RateLimitResult>;
  /**
   * Offered by a limiter that counts in memory (its process's, or the primary's of a server's
   * workers): its count at once, without a promise; or undefined when this count needs a message
   * to the primary first (then limit() is called). No deadline or degraded mode applies to it.
   */
  limitNow?(id: string): RateLimitResult | undefined;
}

/** Builds the limiter of one plan, given its per-minute limit. */
export type RateLimiterFactory = (perMinute: number) => RateLimiter;

/** Fixed windows of 60 s aligned to the minute: the window containing `nowMs` ends here. */
export function windowEnd(nowMs: number): number {
  return (Math.floor(nowMs / 60_000) + 1) * 60_000;
}
