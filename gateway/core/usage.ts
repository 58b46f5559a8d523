// Usage: how many requests each key made, per UTC day, for GET /api/v1/usage and the operator's
// `keys usage`. Read this first; the embedded usage file (gateway/node/) and Upstash Redis
// (gateway/upstash/) implement it. It is recorded where requests are counted (the limiter of each
// mode), so `requests` is what the limiter counted and `limited` the 429s.

export interface UsageDay {
  /** A UTC day, YYYY-MM-DD. */
  date: string;
  requests: number;
  limited: number;
}

export interface Usage { days: UsageDay[]; last_used_at: string | null }

export interface UsageStore {
  /**
   * Adds to a key's counts of today. It never delays or fails a request: stores keep the counts
   * in memory and write them in the background. Failure policy: a write that fails is logged, and
   * its counts are kept (within a bound of bytes) and sent with the next one (usage is a report,
   * not a bill: counts may be lost in a crash).
   */
  record(id: string, at: number, requests: number, limited: number): void;
  /** A key's counts for `days` (oldest first; a day without requests is zeros) and when it was last used. */
  read(id: string, days: readonly string[]): Promise<Usage>;
}

/** API.md: the last 30 UTC days. Stores keep no more than this. */
export const USAGE_DAYS = 30;

/** The UTC day of a time, YYYY-MM-DD (the last one made is reused: every request of a day asks it). */
let lastDay = { number: -1, text: '' };
export function dayOf(ms: number): string {
  const number = Math.floor(ms / 86_400_000);
  if (number !== lastDay.number) lastDay = { number, text: new Date(ms).toISOString().slice(0, 10) };
  return lastDay.text;
}

/** The last `n` UTC days up to the one containing `now`, oldest first. */
export function lastDays(now: number, n = USAGE_DAYS): string[] {
  return Array.from({ length: n }, (_, k) => dayOf(now - (n - 1 - k) * 86_400_000));
}

/** A key's usage kept in memory: days of counts (the newest USAGE_DAYS), and the last use. */
export interface KeyUsage { days: Record<string, [requests: number, limited: number]>; last: number }

/** Adds counts to `usage` (made when missing) and drops days older than USAGE_DAYS. */
export function addUsage(usage: KeyUsage | undefined, at: number, requests: number, limited: number): KeyUsage {
  const u = usage ?? { days: {}, last: 0 };
  const day = dayOf(at);
  const counts = u.days[day];
  if (counts !== undefined) {
    counts[0] += requests;
    counts[1] += limited;
  } else {
    // A new day: the one that fell out of the window goes (so a key never holds more than 30).
    u.days[day] = [requests, limited];
    const oldest = lastDays(at)[0]!;
    for (const d of Object.keys(u.days)) if (d < oldest) delete u.days[d];
  }
  if (requests > 0 && at > u.last) u.last = at;
  return u;
}

/** `from`'s counts added to `into` (made when missing): counts that could not be sent wait with the newer ones. */
export function mergeUsage(into: KeyUsage | undefined, from: KeyUsage): KeyUsage {
  const u = into ?? { days: {}, last: 0 };
  for (const [day, [requests, limited]] of Object.entries(from.days)) {
    const counts = u.days[day] ??= [0, 0];
    counts[0] += requests;
    counts[1] += limited;
  }
  u.last = Math.max(u.last, from.last);
  return u;
}

/** What a key's waiting counts weigh: its id and up to USAGE_DAYS days of counts. */
export function usageBytes(id: string): number {
  return 2 * id.length + 64 + USAGE_DAYS * 48;
}

/** The API's view of a key's usage over `days`. */
export function usageOf(u: KeyUsage | undefined, days: readonly string[]): Usage {
  return {
    days: days.map((date) => ({ date, requests: u?.days[date]?.[0] ?? 0, limited: u?.days[date]?.[1] ?? 0 })),
    last_used_at: u && u.last > 0 ? new Date(u.last).toISOString() : null,
  };
}
