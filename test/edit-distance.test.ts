// The one edit distance, as its users rely on it: the search's typo matching asks "within max
// edits?", the build's "did you mean" hints and the MCP tools' slug suggestions compare distances.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance, nearest } from '../snapshot/edit-distance.ts';

/** Optimal string alignment distance, written the textbook way. */
const reference = (a: string, b: string): number => {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
};

describe('editDistance', () => {
  it('gives the optimal string alignment distance up to max, and more than max past it (typo matching)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 12 });
    fc.assert(fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
      const [fast, exact] = [editDistance(a, b, max), reference(a, b)];
      if (exact <= max) expect(fast).toBe(exact);
      else expect(fast).toBeGreaterThan(max);
    }), { numRuns: 2_000 });
    expect(editDistance('midjorney', 'midjourney', 2)).toBe(1);
    expect(editDistance('galde', 'glade', 1)).toBe(1);
  });

  it('gives the whole distance when no max is given (hints and suggestions)', () => {
    const slug = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '-'), maxLength: 20 });
    fc.assert(fc.property(slug, slug, (a, b) => { expect(editDistance(a, b)).toBe(reference(a, b)); }), { numRuns: 2_000 });
    expect(editDistance('', 'image-generation')).toBe(16);
    expect(editDistance('text-to-speach', 'text-to-speech')).toBe(1);
  });

  it('counts a swap of neighbours as one edit, so a hint prefers the slug a curator swapped letters in', () => {
    expect(editDistance('aduio', 'audio')).toBe(1);
    expect(closest('aduio', ['adult', 'audio'])).toBe('audio');
  });
});

describe('nearest', () => {
  const categories = ['image-generation-models', 'image-to-video', 'local-image-generation', 'real-time-image-generation', 'text-to-speech', 'ui-code-generation'];

  it('offers up to three names a few edits away, sharing a prefix, or that the word abbreviates part by part, closest first', () => {
    expect(nearest('text-to-speach', categories)).toEqual(['text-to-speech']);
    expect(nearest('image', categories)).toEqual(['image-generation-models', 'image-to-video', 'local-image-generation']);
    expect(nearest('imag-gen', categories)).toEqual(['image-generation-models', 'local-image-generation', 'real-time-image-generation']);
    expect(nearest('mac', ['macos', 'web'])).toEqual(['macos']);
  });

  it('offers nothing for an empty word or one far from every name', () => {
    expect(nearest('', categories)).toEqual([]);
    expect(nearest('mainframe', ['macos', 'web'])).toEqual([]);
    expect(nearest('a--b', categories)).toEqual([]);
  });
});

describe('didYouMean', () => {
  it('suggests names in one sentence, in the order given, and says nothing when there is none to suggest', () => {
    expect(didYouMean(['elevenlabs', 'murf'])).toBe("Did you mean 'elevenlabs', 'murf'?");
    expect(didYouMean(['kimi'])).toBe("Did you mean 'kimi'?");
    expect(didYouMean([])).toBe('');
  });
});
