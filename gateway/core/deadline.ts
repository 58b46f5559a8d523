// API.md: a store call that fails or takes longer than 1 s counts as unreachable. One place says
// how long a store may take, for keys and limits alike.
export const STORE_DEADLINE_MS = 1_000;

/**
 * After a store call fails, the store is left alone for this long: calls answer from their
 * fallback at once instead of each waiting out the deadline, and the first call after it probes.
 */
export const STORE_RETRY_MS = 1_000;

/** How often pending deadlines are checked: a deadline fires between `ms` and `ms` + this. */
const SWEEP_MS = 50;

interface Pending { at: number; expire(): void }
const pending = new Set<Pending>();
let sweeper: ReturnType<typeof setInterval> | undefined;

/**
 * Settles like `work`, or rejects with `onTimeout()` once `ms` have passed. Every request awaits
 * two store calls, so the deadlines share one sweeping interval (running only while a call is
 * pending) instead of arming and clearing two timers per request.
 */
export function withDeadline<T>(work: Promise<T>, onTimeout: () => Error, ms = STORE_DEADLINE_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const entry: Pending = { at: Date.now() + ms, expire: () => reject(onTimeout()) };
    pending.add(entry);
    if (sweeper === undefined) {
      sweeper = setInterval(sweep, Math.min(SWEEP_MS, ms));
      (sweeper as { unref?: () => void }).unref?.();
    }
    work.then((v) => { pending.delete(entry); resolve(v); }, (e: unknown) => { pending.delete(entry); reject(e); });
  });
}

function sweep(): void {
  const now = Date.now();
  for (const entry of pending) {
    if (entry.at <= now) { pending.delete(entry); entry.expire(); }
  }
  if (pending.size === 0) { clearInterval(sweeper); sweeper = undefined; }
}
