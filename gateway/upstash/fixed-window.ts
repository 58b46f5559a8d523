// The rate limiter over Upstash Redis: fixed 60-s windows aligned to the minute, one counter per
// key and window (`aitc:rl:<plan>:<id>:<window>`), counted by one Lua script so that instances
// sharing Redis share one exact limit. The script checks what remains before it adds: a refused
// request or batch takes nothing, as in the embedded limiter (a window that adds first keeps what
// a refused batch added, and refuses the key's next request too).
import type { Redis } from '@upstash/redis';
import { STORE_DEADLINE_MS, withDeadline } from '../core/deadline.ts';
import { windowEnd, type RateLimiter } from '../core/rate-limiter.ts';
import type { UsageStore } from '../core/usage.ts';

const WINDOW_MS = 60_000;

/** KEYS[1] the window's counter; ARGV: limit, rate (0 reads), the counter's lifetime in ms. Returns {used, admitted}. */
const COUNT = `local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local rate = tonumber(ARGV[2])
if used + rate > tonumber(ARGV[1]) then return {used, 0} end
if rate > 0 then
  used = redis.call('INCRBY', KEYS[1], rate)
  if used == rate then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
end
return {used, 1}`;

const countSha = crypto.subtle.digest('SHA-1', new TextEncoder().encode(COUNT))
  .then((d) => [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join(''));

/** Runs the script by its SHA, sending it whole only when Redis does not have it yet (NOSCRIPT). */
async function count(redis: Redis, keys: string[], args: string[]): Promise<[number, number]> {
  try {
    return await redis.evalsha<string[], [number, number]>(await countSha, keys, args);
  } catch (e) {
    if (!String(e).includes('NOSCRIPT')) throw e;
    return redis.eval<string[], [number, number]>(COUNT, keys, args);
  }
}

/** The limiter of one plan: `perMinute` requests per key and window; counts are recorded in `usage`. */
export function fixedWindow(redis: Redis, plan: string, perMinute: number, usage?: UsageStore): RateLimiter {
  return {
    async limit(id, rate = 1) {
      const now = Date.now();
      const reset = windowEnd(now);
      const counter = `aitc:rl:${plan}:${id}:${Math.floor(now / WINDOW_MS)}`;
      const [used, admitted] = await withDeadline(count(redis, [counter], [String(perMinute), String(rate), String(WINDOW_MS)]), () => new Error(`Upstash Redis did not answer within ${STORE_DEADLINE_MS / 1000} s`));
      const success = admitted === 1;
      if (rate > 0) usage?.record(id, now, success ? rate : 0, success ? 0 : 1);
      return { success, limit: perMinute, remaining: Math.max(0, perMinute - Number(used)), reset };
    },
  };
}
