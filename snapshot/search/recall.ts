// What the engine remembers between queries: what a word form matches depends only on the form
// and on the index, which never changes under an engine, so a remembered value never goes stale.

/** Tools a word form matches, in memory order, each with its weight. */
export interface Hits { docs: Int32Array; weights: Uint16Array; inNames: boolean }

/**
 * Tool references a search engine remembers at most (6 bytes each, 24 MB): thousands of word forms
 * of a real catalog, or the forms of about a hundred common words in a 100,000-tool one.
 */
const RECALL_BUDGET = 4_000_000;
const RECALL_ENTRIES = 20_000;

/** Hits remembered up to `budget` tool references (0: none). */
export class HitsMemo {
  private readonly remembered: (key: string, make: () => { value: Hits; size: number }) => Hits;

  constructor(budget = RECALL_BUDGET) {
    this.remembered = createRecall<Hits>(budget);
  }

  get(key: string, make: () => Hits): Hits {
    return this.remembered(key, () => {
      const value = make();
      return { value, size: value.docs.length };
    });
  }
}

/**
 * A bounded memo for values that never go stale: least recently used out first, bounded by
 * count and by the total `size` of what is kept.
 */
function createRecall<T>(budget: number, entries = RECALL_ENTRIES): (key: string, make: () => { value: T; size: number }) => T {
  const kept = new Map<string, { value: T; size: number }>();
  let total = 0;
  return (key, make) => {
    const hit = kept.get(key);
    if (hit !== undefined) {
      kept.delete(key);
      kept.set(key, hit);
      return hit.value;
    }
    const made = make();
    if (made.size > budget) return made.value;
    total += made.size;
    while (total > budget || kept.size >= entries) {
      const [oldest, old] = kept.entries().next().value!;
      kept.delete(oldest);
      total -= old.size;
    }
    kept.set(key, made);
    return made.value;
  };
}
