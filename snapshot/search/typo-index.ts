// Name words a few edits from a query word ("midjorney", "stabel difusion"): an index of the
// catalog's name words built once per engine, so a typo costs a few binary searches and a few
// exact edit distances even at 100,000 tools.
import { editDistance } from '../edit-distance.ts';
import { TIE_SPACE } from './ranking.ts';
import type { Tables } from './tables.ts';

/** How many edits a typo of this length may have. */
const allowedEdits = (word: string) => (word.length >= 8 ? 2 : 1);

/** FNV-1a hash of `word` without its character at `skip` (-1: the whole word), allocation-free, 30 bits. */
function hashWithout(word: string, skip: number): number {
  let h = 0x811c9dc5;
  for (let j = 0; j < word.length; j++) {
    if (j === skip) continue;
    h = Math.imul(h ^ word.charCodeAt(j), 0x01000193);
  }
  return h & 0x3fffffff; // 30 bits: hash * TIE_SPACE + word number stays an exact double in the typo index
}

/** A fuzzy candidate is kept only if a word of its name (or the whole name) is a few edits from the query word. */
export function closeToName(tables: Tables, doc: number, word: string): boolean {
  const max = allowedEdits(word);
  if (editDistance(tables.names[doc]!, word, max) <= max) return true;
  for (const w of tables.nameWords[doc]!) if (editDistance(w, word, max) <= max) return true;
  return false;
}

/**
 * The distinct name words of 4+ letters (and whole compact names): the hash of each word and of
 * each of its one-letter deletions (SymSpell, edit distance 1), with the word's number, as sorted
 * numbers hash * TIE_SPACE + word in one typed array; a lookup is a binary search for a hash's
 * range. Many tools share a name word ("video"), so a query checks each candidate word's real edit
 * distance once, then takes its tools. A hash collision only adds a candidate word. It builds in a
 * fraction of a Map's time at 100,000 tools.
 */
export class TypoIndex {
  private readonly words: string[] = [];
  private readonly docs: number[][] = [];
  private readonly sorted: Float64Array;

  constructor(tables: Pick<Tables, 'nameWords' | 'names'>) {
    const wordNumber = new Map<string, number>();
    tables.nameWords.forEach((ws, doc) => {
      const name = tables.names[doc]!;
      const indexed = ws.filter((w) => w.length >= 4);
      if (name.length >= 4 && !ws.includes(name)) indexed.push(name);
      for (const w of indexed) {
        let n = wordNumber.get(w);
        if (n === undefined) { wordNumber.set(w, n = this.words.length); this.words.push(w); this.docs.push([]); }
        if (this.docs[n]!.at(-1) !== doc) this.docs[n]!.push(doc); // a name may repeat a word
      }
    });
    this.sorted = new Float64Array(this.words.reduce((sum, w) => sum + w.length + 1, 0));
    let filled = 0;
    this.words.forEach((w, n) => { for (let k = -1; k < w.length; k++) this.sorted[filled++] = hashWithout(w, k) * TIE_SPACE + n; });
    this.sorted.sort();
  }

  /** Tools with a name word (or whole name) a few edits from `word`. */
  matches(word: string): number[] {
    if (word.length < 4) return [];
    const max = allowedEdits(word);
    const candidates = new Set<number>();
    const sorted = this.sorted;
    for (let k = -1; k < word.length; k++) {
      const base = hashWithout(word, k) * TIE_SPACE;
      for (let at = this.from(base); at < sorted.length && sorted[at]! < base + TIE_SPACE; at++) candidates.add(sorted[at]! - base);
    }
    const docs = new Set<number>();
    for (const n of candidates) if (editDistance(this.words[n]!, word, max) <= max) for (const doc of this.docs[n]!) docs.add(doc);
    return [...docs];
  }

  /** The first position in the index whose number is at least `value`. */
  private from(value: number): number {
    return firstAtLeast(this.sorted, value);
  }
}

/** The first position in a sorted array whose element is at least `value` (its length if none). */
export function firstAtLeast<T extends number | string>(sorted: ArrayLike<T>, value: T): number {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
