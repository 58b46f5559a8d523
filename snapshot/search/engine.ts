// The search engine over one loaded snapshot: each query word's matches, then what the whole
// query adds (an exact name, a former name, a tag phrase, a typo of a name), then prominence,
// then the filters and one page in rank order. The tables and scratch arrays are built once when
// the snapshot loads; a query only reads them.
import { compact, type SearchIndex } from '../search-index.ts';
import type { SnapshotData } from '../types.ts';
import { EXACT_NAME, hitOf, largest, MAKER_FLAGSHIP, NAME_PREFIX, PER_WORD_MATCHED, PHRASE, PRIMARY_PHRASE, sortKey, TYPO, type SearchHit } from './ranking.ts';
import { HitsMemo, type Recall } from './recall.ts';
import { Tally } from './scratch.ts';
import { aliasHits, buildTables, type Tables } from './tables.ts';
import { compileVocabulary, phrasedCategories, type Vocabulary } from './vocabulary.ts';
import { WordMatcher } from './word-hits.ts';
import { queryWords } from './words.ts';

export interface SearchFilter { category?: string; pricing?: string }

export interface SearchEngine {
  /** Every matching tool, best first. `q` is the raw (already length-checked) query. */
  search(q: string, filter?: SearchFilter): SearchHit[];
  /**
   * The best `offset + limit` matches' last `limit`, and the exact number of matches: what one
   * page of results needs, without ordering every match of a common word in a large catalog.
   */
  page(q: string, filter: SearchFilter, offset: number, limit: number): { total: number; hits: SearchHit[] };
}

export interface SearchEngineOptions {
  /** Where word matches are remembered across queries (the gateway's one cache); without it, nothing is. */
  recall?: Recall;
}

export function createSearchEngine(data: SnapshotData, index: SearchIndex, options: SearchEngineOptions = {}): SearchEngine {
  return new Engine(data, index, new HitsMemo(options.recall));
}

class Engine implements SearchEngine {
  private readonly tables: Tables;
  private readonly vocabulary: Vocabulary;
  private readonly matcher: WordMatcher;
  private readonly tally: Tally;
  /** The sort keys of a query's matches (scratch, like the tally). */
  private readonly sortKeys: Float64Array;
  /** The tools of a category filter, marked for one query (scratch). */
  private readonly inCategory: Uint8Array;

  constructor(data: SnapshotData, index: SearchIndex, memo: HitsMemo) {
    this.tables = buildTables(data);
    this.vocabulary = compileVocabulary(data, this.tables.nameWords);
    this.matcher = new WordMatcher(index, data.tools, this.tables, this.vocabulary, memo);
    this.tally = new Tally(this.tables.count);
    this.sortKeys = new Float64Array(this.tables.count);
    this.inCategory = new Uint8Array(this.tables.count);
  }

  search(q: string, filter: SearchFilter = {}): SearchHit[] {
    return this.page(q, filter, 0, this.tables.count).hits;
  }

  page(q: string, filter: SearchFilter, offset: number, limit: number): { total: number; hits: SearchHit[] } {
    const qWords = queryWords(q);
    if (qWords.length === 0) return { total: 0, hits: [] };
    const whole = compact(q);
    this.scoreWords(qWords);
    if (whole.length >= 2) this.scoreWhole(whole, qWords.length);
    this.addProminence(whole);
    const n = this.filteredKeys(filter);
    const top = largest(this.sortKeys.subarray(0, n), Math.min(n, offset + limit));
    const hits: SearchHit[] = [];
    for (let i = offset; i < top.length; i++) hits.push(hitOf(top[i]!));
    return { total: n, hits };
  }

  /** Each word's matches, given the compounds it makes with its neighbours and the categories phrased around it. */
  private scoreWords(qWords: string[]): void {
    const phrased = phrasedCategories(qWords, this.vocabulary);
    qWords.forEach((word, at) => {
      const joined = [at > 0 ? qWords[at - 1]! + word : '', at + 1 < qWords.length ? word + qWords[at + 1]! : '']
        .filter((j) => j !== '' && this.vocabulary.tokens.has(j));
      this.tally.addHits(this.matcher.wordHits(word, joined, [...phrased[at]!].sort()));
    });
  }

  /** The whole query against whole names, ignoring spacing and punctuation: "eleven labs", "tl dv". */
  private scoreWhole(whole: string, wordCount: number): void {
    const { names, phrases, primaryPhrase } = this.tables;
    const tally = this.tally;
    const base = PER_WORD_MATCHED * wordCount;
    for (const doc of this.matcher.lookup('compact', whole)) {
      const bonus = names[doc] === whole ? EXACT_NAME : names[doc]!.startsWith(whole) ? NAME_PREFIX : 0;
      if (bonus !== 0) tally.addBonus(doc, bonus, base);
    }
    // A former or retired name, whole or its start ("amazon q" for "Amazon Q Developer").
    for (const { doc, bonus } of aliasHits(this.tables, whole)) tally.addBonus(doc, bonus, base);
    // A phrase only reorders tools its words already found.
    for (const doc of wordCount > 1 ? phrases.get(whole) ?? [] : []) {
      if (tally.score[doc] !== 0) tally.score[doc] = tally.score[doc]! + (primaryPhrase[doc] === whole ? PRIMARY_PHRASE : PHRASE);
    }
    for (const doc of this.matcher.wholeTypos(whole)) {
      if (names[doc] !== whole) tally.raiseTo(doc, base + TYPO * wordCount);
    }
  }

  /**
   * Prominence breaks ties between comparable matches, and a query that is exactly a maker's
   * name puts that maker's flagships first.
   */
  private addProminence(whole: string): void {
    const { prominence, makers } = this.tables;
    const { score, touched, count } = this.tally;
    for (let t = 0; t < count; t++) {
      const doc = touched[t]!;
      if (prominence[doc] === 0) continue;
      score[doc] = score[doc]! + prominence[doc]! + (makers[doc] === whole && prominence[doc] === 3 ? MAKER_FLAGSHIP : 0);
    }
  }

  /**
   * The sort keys of the scored tools that pass the filters, in sortKeys[0..n); answers n and
   * leaves the tally empty. Filters read arrays by tool, not the tools' objects: a common word in
   * a large catalog touches tens of thousands of tools, scattered across the heap.
   */
  private filteredKeys(filter: SearchFilter): number {
    const { pricingCodes, pricingOf } = this.tables;
    const { score, touched, count } = this.tally;
    const { sortKeys: keys, inCategory } = this;
    const pricing = filter.pricing === undefined ? -1 : pricingCodes.indexOf(filter.pricing);
    const members = filter.category === undefined ? undefined : this.vocabulary.members.get(filter.category)?.docs ?? [];
    if (members) for (const doc of members) inCategory[doc] = 1;
    let n = 0;
    for (let t = 0; t < count; t++) {
      const doc = touched[t]!;
      const raw = score[doc]!;
      score[doc] = 0;
      if (pricing !== -1 && pricingOf[doc] !== pricing) continue;
      if (members && inCategory[doc] === 0) continue;
      keys[n++] = sortKey(raw, doc);
    }
    this.tally.count = 0;
    if (members) for (const doc of members) inCategory[doc] = 0;
    return n;
  }
}
