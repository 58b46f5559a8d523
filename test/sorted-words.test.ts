// The snapshot's long sorted word lists, front-coded: what is packed unpacks to the same words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packSortedWords, unpackSortedWords } from '../snapshot/sorted-words.ts';

describe('sorted word lists in the snapshot', () => {
  it('unpacks to the words packed, in order, however long the letters they share', () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,40}$/);
    fc.assert(fc.property(fc.uniqueArray(word, { maxLength: 200 }), (ws) => {
      const sorted = [...ws].sort();
      expect(unpackSortedWords(packSortedWords(sorted))).toEqual(sorted);
    }));
    const long = ['a'.repeat(30), `${'a'.repeat(30)}b`, `${'a'.repeat(29)}c`];
    expect(unpackSortedWords(packSortedWords(long))).toEqual(long);
    expect(packSortedWords(['drain', 'drains', 'dram']).length).toBeLessThan('draindrainsdram'.length);
  });

  it('refuses words out of order, repeated or outside a-z and 0-9, naming the word', () => {
    expect(() => packSortedWords(['drain', 'brain'])).toThrow("got 'brain' after 'drain'");
    expect(() => packSortedWords(['drain', 'drain'])).toThrow("got 'drain' after 'drain'");
    expect(() => packSortedWords(['Drain'])).toThrow("got 'Drain'");
  });
});
