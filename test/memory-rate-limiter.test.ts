import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';

/** A clock the test moves by hand, starting 12.345 s into a minute. */
function manualClock(start = 1_700_000_040_000 + 12_345) {
  const clock = { t: start, now: () => clock.t };
  return clock;
}

describe('memory rate limiter', () => {
  it('allows exactly the limit out of many concurrent calls', async () => {
    const limiter = memoryRateLimiter(60);
    const results = await Promise.all(Array.from({ length: 1000 }, () => limiter.limit('key_a')));
    expect(results.filter((r) => r.success)).toHaveLength(60);
    expect(results.slice(0, 60).every((r) => r.success)).toBe(true);
  });

  it('counts remaining down to 0, then refuses without going negative or moving the numbers', async () => {
    const clock = manualClock();
    const limiter = memoryRateLimiter(3, clock.now);
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push(await limiter.limit('key_a'));
    expect(seen.map((r) => [r.success, r.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0], [false, 0], [false, 0]]);
    expect(seen.every((r) => r.limit === 3)).toBe(true);
  });

  it('ends windows on the minute and reports that moment in Unix milliseconds as reset', async () => {
    const clock = manualClock();
    const limiter = memoryRateLimiter(10, clock.now);
    const { reset } = await limiter.limit('key_a');
    expect(reset % 60_000).toBe(0);
    expect(reset - clock.t).toBe(60_000 - 12_345);
    clock.t = reset - 1;
    expect((await limiter.limit('key_a')).reset).toBe(reset);
    clock.t = reset;
    expect((await limiter.limit('key_a')).reset).toBe(reset + 60_000);
  });

  it('starts every key afresh in a new window', async () => {
    const clock = manualClock();
    const limiter = memoryRateLimiter(2, clock.now);
    await limiter.limit('key_a');
    await limiter.limit('key_a');
    const refused = await limiter.limit('key_a');
    expect(refused.success).toBe(false);
    clock.t = refused.reset;
    expect(await limiter.limit('key_a')).toMatchObject({ success: true, remaining: 1, reset: refused.reset + 60_000 });
  });

  it('counts each key on its own', async () => {
    const limiter = memoryRateLimiter(1);
    expect((await limiter.limit('key_a')).success).toBe(true);
    expect((await limiter.limit('key_b')).success).toBe(true);
    expect((await limiter.limit('key_a')).success).toBe(false);
  });

  it('forgets keys that went idle once the window rolls over', async () => {
    const clock = manualClock();
    const limiter = memoryRateLimiter(5, clock.now);
    for (let i = 0; i < 100; i++) await limiter.limit(`key_${i}`);
    expect(limiter.size()).toBe(100);
    clock.t += 60_000;
    await limiter.limit('key_new');
    expect(limiter.size()).toBe(1);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => memoryRateLimiter(0)).toThrow(RangeError);
    expect(() => memoryRateLimiter(1.5)).toThrow(RangeError);
  });

  it('counts every call at once and holds one entry per key, however many calls a window sees', async () => {
    const clock = manualClock();
    const limiter = memoryRateLimiter(1_000_000, clock.now);
    const ids = Array.from({ length: 1000 }, (_, i) => `key_${i}`);
    for (let i = 0; i < 200_000; i++) void limiter.limit(ids[i % 1000]!);
    expect(limiter.size()).toBe(1000);
    expect(await limiter.limit('key_0')).toMatchObject({ success: true, remaining: 1_000_000 - 201 });
  });
});
