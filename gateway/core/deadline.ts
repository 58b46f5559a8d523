// API.md: a store call that fails or takes longer than 1 s counts as unreachable. One place says
// how long a store may take, for keys and limits alike, and how long a failed store is left alone.
export const STORE_DEADLINE_MS = 1_000;

/**
 * After a store call fails, the store is left alone for this long: calls answer from their
 * fallback at once instead of each waiting out the deadline, and the first call after it probes.
 */
export const STORE_RETRY_MS = 1_000;

/** Settles like `work`, or rejects with `onTimeout()` once `ms` have passed. */
export function withDeadline<T>(work: Promise<T>, onTimeout: () => Error, ms = STORE_DEADLINE_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
