import { describe, expect, it } from 'vitest';
import { BoundedCache, ENTRY_BYTES, remembered } from '../gateway/core/bounded-cache.ts';

/** The weight the cache gives an entry whose value weighs `value`. */
const weight = (key: string, value: number) => 2 * key.length + value + ENTRY_BYTES;

describe('BoundedCache: everything remembered, within one budget of bytes', () => {
  it('answers a remembered key and makes it only once', async () => {
    const cache = new BoundedCache(10_000);
    let made = 0;
    const make = () => { made += 1; return 7; };
    expect(await remembered(cache, 'a', make, () => 8)).toBe(7);
    expect(await remembered(cache, 'a', make, () => 8)).toBe(7);
    expect(made).toBe(1);
  });

  it('counts keys as well as values, and lets the least recently used go first', () => {
    const cache = new BoundedCache(3 * weight('a', 10));
    cache.set('a', 1, 10); cache.set('b', 2, 10); cache.set('c', 3, 10);
    expect(cache.bytes).toBe(3 * weight('a', 10));
    cache.get('a'); // 'b' is now the least recently used
    cache.set('d', 4, 10);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([1, undefined, 3, 4]);
    const long = 'k'.repeat(1000);
    cache.set(long, 5, 0); // its key alone outweighs the budget
    expect(cache.get(long)).toBeUndefined();
    expect(cache.size).toBe(3);
  });

  it('never holds more than its budget, whatever is set, and nothing with a budget of 0', () => {
    const cache = new BoundedCache(50_000);
    for (let i = 0; i < 5_000; i++) {
      cache.set(`key-${i}-${'x'.repeat(i % 700)}`, i, (i * 37) % 3_000);
      expect(cache.bytes).toBeLessThanOrEqual(50_000);
    }
    const none = new BoundedCache(0);
    none.set('a', 1, 0);
    expect([none.size, none.bytes]).toEqual([0, 0]);
  });

  it('replaces a key set twice without counting it twice', () => {
    const cache = new BoundedCache(10_000);
    cache.set('a', 1, 100); cache.set('a', 2, 50);
    expect([cache.get('a'), cache.bytes, cache.size]).toEqual([2, weight('a', 50), 1]);
  });

  it('does not remember a value whose making failed', async () => {
    const cache = new BoundedCache(10_000);
    await expect(remembered(cache, 'k', () => Promise.reject(new Error('no')), () => 1)).rejects.toThrow('no');
    expect(await remembered(cache, 'k', () => Promise.resolve(7), () => 1)).toBe(7);
  });
});
