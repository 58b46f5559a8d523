// RateLimiter: counts requests per key. Read this first; the in-memory limiter (embedded default),
// the primary's count over IPC (several workers) and the fixed window over Upstash Redis
// (production) implement it, one limiter per plan. Shaped like @upstash/ratelimit's result.

export interface RateLimitResult {
  /** false when these requests are over the limit: the gateway answers 429 and counts nothing. */
  success: boolean;
  /** Requests allowed per window (the plan's per-minute number). */
  limit: number;
  /** Requests left in the current window after these; 0 when over the limit. */
  remaining: number;
  /** Unix time in milliseconds at which the current window ends and the count resets. */
  reset: number;
}

export interface RateLimiter {
  /**
   * Counts `rate` requests (default 1; a JSON-RPC batch counts each call; 0 only reads the count)
   * for `id`, a key id, in the current window. When fewer than `rate` remain, none is counted.
   *
   * Failure policy: a limiter that cannot count rejects (any error), and one that leaves the
   * process settles within STORE_DEADLINE_MS (wrap its calls in `withDeadline`). The gateway then
   * counts the request in an in-process fixed window with the plan's limit (fail open, bounded per
   * instance; API.md "Degraded mode") until the limiter answers again.
   */
  limit(id: string, rate?: number): Promise<RateLimitResult>;
}

/** Fixed windows of 60 s aligned to the minute: the window containing `nowMs` ends here. */
export function windowEnd(nowMs: number): number {
  return (Math.floor(nowMs / 60_000) + 1) * 60_000;
}
