import { describe, expect, it } from 'vitest';
import { createMemo, type MemoOptions } from '../gateway/core/page-cache.ts';

/** A memo of numbers and how many times each key was made. */
function counted(entries: number, options?: MemoOptions<number>) {
  const memo = createMemo<number>(entries, options);
  const made = new Map<string, number>();
  const get = (key: string) => memo(key, () => { made.set(key, (made.get(key) ?? 0) + 1); return key.length; });
  return { get, made: (key: string) => made.get(key) ?? 0 };
}

describe('the memo of computed answers', () => {
  it('answers a remembered key at once and makes it only once', () => {
    const m = counted(2);
    expect(m.get('a')).toBe(1);
    expect(m.get('a')).toBe(1);
    expect(m.made('a')).toBe(1);
  });

  it('lets the least recently used key go first', () => {
    const m = counted(2);
    m.get('a'); m.get('bb'); m.get('a'); m.get('ccc'); // 'bb' is the least recently used
    m.get('a'); m.get('bb');
    expect([m.made('a'), m.made('bb')]).toEqual([1, 2]);
  });

  it('with second sight, keeps a key only from its second request, so keys that never repeat evict nothing', () => {
    const m = counted(2, { secondSight: true });
    m.get('hot'); m.get('hot'); // kept from its second request
    for (let i = 0; i < 100; i++) m.get(`scan-${i}`); // a scan of keys asked for once
    m.get('hot');
    expect(m.made('hot')).toBe(2);
    m.get('scan-99'); m.get('scan-99');
    expect(m.made('scan-99')).toBe(2); // remembered from its second request on
  });

  it('holds at most its budget of bytes, letting the least recently used go, and never a value larger than the whole budget', () => {
    // A value weighs its key's length here: 'aaaa' weighs 4.
    const m = counted(100, { bytes: 10, weigh: (n) => n });
    m.get('aaaa'); m.get('bbbb'); m.get('aaaa'); // 8 bytes held
    m.get('cc'); // 10: all fit
    m.get('dddd'); // 14 > 10: 'bbbb' goes, the least recently used ('aaaa' was asked again)
    m.get('aaaa'); m.get('cc'); m.get('dddd');
    expect([m.made('aaaa'), m.made('cc'), m.made('dddd')]).toEqual([1, 1, 1]);
    m.get('bbbb');
    expect(m.made('bbbb')).toBe(2);
    m.get('k'.repeat(11)); m.get('k'.repeat(11)); // larger than the budget: made each time, evicts nothing
    expect(m.made('k'.repeat(11))).toBe(2);
  });

  it('does not remember a value whose making failed', async () => {
    const memo = createMemo<number>(2);
    await expect(memo('k', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await memo('k', () => Promise.resolve(7))).toBe(7);
  });
});
