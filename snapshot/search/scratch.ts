// Arrays indexed by tool number, allocated once per engine and reused by every query (search is
// synchronous): a common word in a large catalog matches tens of thousands of tools, and a fresh
// array of that size per query costs more than the query's own work. Each user leaves its array
// zeroed for the next.
import { PER_WORD_MATCHED, STRONG_FIELD } from './ranking.ts';
import type { Hits } from './recall.ts';

/** A word's weight from which its match means something: a name, tag, category, maker or phrasing, not a tagline or description alone. */
const STRONG = PER_WORD_MATCHED + STRONG_FIELD;
/** The query names the tool as a whole (a name, alias or former name): it means the tool whatever its words. */
export const WHOLE = 255;

/** Lists of tools, with one weight for all of them or a weight each. */
export type Found = [ArrayLike<number>, ArrayLike<number> | number][];

/** Each tool's best weight over several lists of matches, gathered and then taken out as Hits. */
export class BestWeights {
  /** Per tool, the best weight so far (0: none, weights are 1..65535). */
  private readonly best: Uint16Array;
  /** The tools `best` holds a weight for: docs[0..count). */
  private readonly docs: Int32Array;
  private count = 0;

  constructor(tools: number) {
    this.best = new Uint16Array(tools);
    this.docs = new Int32Array(tools);
  }

  raise(doc: number, weight: number): void {
    if (this.best[doc] === 0) this.docs[this.count++] = doc;
    if (this.best[doc]! < weight) this.best[doc] = weight;
  }

  raiseAll(found: Found): void {
    for (const [list, weights] of found) {
      for (let k = 0; k < list.length; k++) this.raise(list[k]!, typeof weights === 'number' ? weights : weights[k]!);
    }
  }

  /** The tools gathered, in memory order, each with `final` of its best weight; leaves the scratch empty. */
  take(inNames: boolean, final = (_doc: number, weight: number) => weight): Hits {
    const sorted = this.sortedDocs();
    const weights = new Uint16Array(sorted.length); // (TypedArray.from with a map function is slow in V8)
    for (let k = 0; k < sorted.length; k++) {
      const doc = sorted[k]!;
      weights[k] = final(doc, this.best[doc]!);
      this.best[doc] = 0;
    }
    return { docs: sorted, weights, inNames };
  }

  /**
   * In memory order, so a query then walks its score array forwards. Many tools are read off
   * `best` in order, which is faster than sorting them; the scan is branch-free (k moves on
   * exactly when the weight is non-zero, 1..65535).
   */
  private sortedDocs(): Int32Array {
    const { best, docs } = this;
    const many = this.count * 16 >= best.length;
    if (many) {
      for (let doc = 0, k = 0; doc < best.length; doc++) {
        docs[k] = doc;
        k += (best[doc]! + 0xffff) >>> 16;
      }
    }
    const sorted = docs.slice(0, this.count);
    if (!many) sorted.sort();
    this.count = 0;
    return sorted;
  }
}

/** A query's score per tool, and the tools it has scored so far (touched[0..count)). */
export class Tally {
  /** Whole numbers (every weight, bonus and similarity is rounded), never negative: 0 is "not scored yet". */
  readonly score: Int32Array;
  /** Per tool, how much its matched words say it is about the query: 2 a word where a match means something (STRONG), 1 a mention; WHOLE when the query names it. */
  readonly strong: Uint8Array;
  readonly touched: Int32Array;
  count = 0;

  constructor(tools: number) {
    this.score = new Int32Array(tools);
    this.strong = new Uint8Array(tools);
    this.touched = new Int32Array(tools);
  }

  /** The most strength any tool scored this query has. */
  strongest(): number {
    let most = 0;
    for (let t = 0; t < this.count; t++) most = Math.max(most, this.strong[this.touched[t]!]!);
    return most;
  }

  /** Whether `strong` is counted for this query: a one-word query needs no count (any match is a result). */
  counting = false;

  /**
   * Every match of every query word passes through here. Whether a match is strong is as likely
   * as not, so it is counted without a branch (1, plus 1 when STRONG - 1 - weight is negative):
   * a mispredicted branch per match cost more than the rest of the loop (bench:search at 10,000
   * tools, this loop 34 -> 21 us a search, CPU per search 114 -> 100 us). Whether the tool is new
   * to the query is as unsure after the first word, so the tool is always written to `touched`
   * and the count moves on when its score was 0 (`was - 1` negative): 74-76 -> 66-69 us a search.
   */
  addHits(hits: Hits): void {
    const { score, strong, touched } = this;
    const { docs, weights } = hits;
    let count = this.count;
    if (!this.counting) {
      for (let k = 0; k < docs.length; k++) {
        const doc = docs[k]!;
        const was = score[doc]!;
        touched[count] = doc;
        count += (was - 1) >>> 31;
        score[doc] = was + weights[k]!;
      }
    } else {
      for (let k = 0; k < docs.length; k++) {
        const doc = docs[k]!;
        const weight = weights[k]!;
        const was = score[doc]!;
        touched[count] = doc;
        count += (was - 1) >>> 31;
        score[doc] = was + weight;
        strong[doc] = strong[doc]! + 1 + ((STRONG - 1 - weight) >>> 31);
      }
    }
    this.count = count;
  }

  /** Adds `bonus`; a tool not scored yet starts from `base` (as if its words had matched). */
  addBonus(doc: number, bonus: number, base: number): void {
    if (this.score[doc] === 0) { this.touched[this.count++] = doc; this.score[doc] = base; }
    this.score[doc] = this.score[doc]! + bonus;
    if (this.counting) this.strong[doc] = WHOLE;
  }

  raiseTo(doc: number, value: number): void {
    if (this.score[doc] === 0) this.touched[this.count++] = doc;
    this.score[doc] = Math.max(this.score[doc]!, value);
    if (this.counting) this.strong[doc] = WHOLE;
  }
}
