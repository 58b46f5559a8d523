// The search engine over one loaded snapshot. A query is first read (its language, constraints,
// alternatives or a comparison: reading.ts); then each word's matches, what the whole query adds
// (an exact name, a former name or alias, a tag phrase, a typo of a name), then prominence, then
// the filters and one page in rank order. The tables and scratch arrays are built once when the
// snapshot loads; a query only reads them.
import { compact, type SearchIndex } from '../search-index.ts';
import type { WithJson } from '../json-text.ts';
import { similarToBoth, similarTools, type Similar } from '../similar.ts';
import type { SnapshotData } from '../types.ts';
import { asksAsADeveloper, EXACT_NAME, hitOf, largest, MAKER_FLAGSHIP, NAME_PREFIX, PER_WORD_MATCHED, PHRASE, PRIMARY_PHRASE, SIMILAR, sortKey, TYPO, type SearchHit } from './ranking.ts';
import { QueryReader, type Interpreted } from './reading.ts';
import { allowedBy, mergeFilters, passes, type Allowed, type SearchFilter } from './filters.ts';
import { Highlighter, type Highlights } from './highlight.ts';
import { HitsMemo, type Recall } from './recall.ts';
import { Tally } from './scratch.ts';
import { Spelling } from './spelling.ts';
import type { Remember } from './translation.ts';
import { aliasHits, buildTables, namedTool, VERSION, type Tables } from './tables.ts';
import { compileVocabulary, phrasedCategories, type Vocabulary } from './vocabulary.ts';
import { WordMatcher } from './word-hits.ts';
import { namesAsWords, neededStrength, strengthForATool } from './precision.ts';
import { contentWords, needWords } from './words.ts';

export type { SearchFilter };

export interface SearchPage {
  /** The exact number of matches. */
  total: number;
  hits: SearchHit[];
  /** How the query was read, when it was more than words (`meta.interpreted`). */
  interpreted?: Interpreted;
  /** With `want.matches`: every tool the query matched, before any filter, and the filters (the request's and the query's constraints together). */
  matched?: { docs: ArrayLike<number>; filter: SearchFilter };
  /** With `want.words`: the query's content words as matched, in English. */
  words?: string[];
}

/** What a page also answers when asked (facet counts and highlights need them). */
export interface PageWants { matches?: boolean; words?: boolean }

export interface SearchEngine {
  /** Every matching tool, best first. `q` is the raw (already length-checked) query. */
  search(q: string, filter?: SearchFilter): SearchHit[];
  /**
   * The best `offset + limit` matches' last `limit`, and the exact number of matches: what one
   * page of results needs, without ordering every match of a common word in a large catalog.
   */
  page(q: string, filter: SearchFilter, offset: number, limit: number, want?: PageWants): SearchPage;
  /** The highlights of these tools for the words a page answered (`want.words`): highlight.ts. */
  highlights(words: readonly string[], docs: readonly number[]): WithJson<Highlights>[];
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
  private readonly reader: QueryReader;
  private highlighter: Highlighter | undefined;

  constructor(private readonly data: SnapshotData, index: SearchIndex, private readonly memo: HitsMemo) {
    this.tables = buildTables(data);
    this.vocabulary = compileVocabulary(data, this.tables.nameWords);
    this.matcher = new WordMatcher(index, data.tools, this.tables, this.vocabulary, memo);
    this.tally = new Tally(this.tables.count);
    this.sortKeys = new Float64Array(this.tables.count);
    this.inCategory = new Uint8Array(this.tables.count);
    const phrased = [...Object.values(data.vocabulary.phrasings).flat(), ...data.vocabulary.equivalents.flat(), ...Object.values(data.vocabulary.namesakes).flat()].flatMap((t) => t.split(' ')); // namesakes: "monet" is no typo of "money"
    const known = new Set([...this.vocabulary.tokens, ...phrased]);
    const remember: Remember = (key, make, bytes) => memo.remember(key, make, bytes);
    const spelling = new Spelling(known, this.vocabulary.ordinary, remember);
    this.reader = new QueryReader(data, this.tables, (name) => namedTool(this.tables, name), this.vocabulary.tokens, known, (word) => spelling.correct(word),
      (ws) => this.vocabulary.phrasings.has(contentWords(ws).join(' ')), remember);
  }

  highlights(words: readonly string[], docs: readonly number[]): WithJson<Highlights>[] {
    this.highlighter ??= new Highlighter(this.data, this.vocabulary, this.tables.names);
    return this.highlighter.highlight(words, docs);
  }

  search(q: string, filter: SearchFilter = {}): SearchHit[] {
    return this.page(q, filter, 0, this.tables.count).hits;
  }

  page(q: string, filter: SearchFilter, offset: number, limit: number, want: PageWants = {}): SearchPage {
    const reading = this.reader.read(q);
    const merged = mergeFilters(filter, reading.filter);
    const qWords = contentWords(reading.words);
    const extras = (matched: () => ArrayLike<number>) => ({
      ...(Object.keys(reading.interpreted).length > 0 && { interpreted: reading.interpreted }),
      ...(want.matches && { matched: { docs: matched(), filter: merged } }),
      ...(want.words && { words: qWords }),
    });
    const allowed = allowedBy(merged, this.tables, this.data, this.vocabulary);
    const like = reading.like;
    const alternatives = (): SearchPage => {
      const { total, hits, ranked } = this.alike(like!.tools, allowed, offset, limit);
      return { total, hits, ...extras(() => ranked.map((s) => s.index)) };
    };
    const need = like?.tools.length === 1 ? needWords(like.extras) : [];
    // Alternatives that run locally, when none that does shares the tool's purpose ("chatgpt that works
    // offline"): the tools that say they run locally (and do what else is asked), those most like the tool first.
    if (like?.tools.length === 1 && reading.localWords && !this.hasLocalKin(like.tools[0])) need.push(...reading.localWords);
    if (like !== undefined && need.length === 0) return alternatives();
    const matchWords = like !== undefined ? need : qWords;
    if (matchWords.length === 0) return { total: 0, hits: [], ...extras(() => []) };
    const whole = compact(reading.words.join(''));
    const needed = neededStrength(reading.words, matchWords.length, like !== undefined);
    this.tally.counting = needed > 0;
    this.scoreWords(matchWords);
    if (like === undefined && whole.length >= 2) this.scoreWhole(whole, qWords.length, reading.words.length > 1);
    if (like !== undefined) this.addSimilarity(like.tools[0]);
    else if (needed > 0) namesAsWords(this.tally.strong, this.tables.wordNamed, matchWords, reading.words);
    // The tools the query matched (for facets), before any filter: those that pass the precision rule.
    const matched: number[] | undefined = want.matches ? [] : undefined;
    const strength = reading.forATool && like === undefined && needed > 0 ? strengthForATool(needed, this.tally.strongest()) : needed;
    const { standing } = this.tables;
    const n = this.filteredKeys(asksAsADeveloper(qWords, merged.platform) ? standing.forDevelopers : standing.forAnyone, allowed, strength, matched, like?.tools[0]);
    // Alternatives none of which does what the query adds are still alternatives.
    if (like !== undefined && n === 0) return alternatives();
    const top = largest(this.sortKeys.subarray(0, n), Math.min(n, offset + limit));
    const hits: SearchHit[] = [];
    for (let i = offset; i < top.length; i++) hits.push(hitOf(top[i]!));
    return { total: n, hits, ...extras(() => matched ?? []) };
  }

  /**
   * Alternatives to one tool, as similar_to answers them (each score its similarity); or two tools
   * compared: both first, then the tools most like both (their mean similarity).
   */
  private alike(tools: readonly number[], allowed: Allowed | undefined, offset: number, limit: number): { total: number; hits: SearchHit[]; ranked: readonly Similar[] } {
    const alike = tools.length === 2 ? similarToBoth([tools[0]!, tools[1]!], [this.similarTo(tools[0]!), this.similarTo(tools[1]!)], this.tables.prominence) : this.similarTo(tools[0]!);
    // Running locally is a condition of the match (facets count within it), not a facet's filter.
    const ranked = allowed?.runsLocally ? alike.filter((s) => this.tables.runsLocally[s.index] === 1) : alike;
    const selected = allowed === undefined ? ranked : ranked.filter((s) => passes(this.tables, s.index, allowed));
    return { total: selected.length, hits: selected.slice(offset, offset + limit).map((s) => ({ index: s.index, score: s.similarity })), ranked };
  }

  /**
   * "descript alternatives for podcast editing": the tools that match the need, those most like
   * the named tool first among equal matches (a word matched counts more than any similarity).
   */
  private addSimilarity(tool: number): void {
    const { score } = this.tally;
    // Only the tools the need matched (a score) gain; scores stay whole numbers, as sortKey packs them with the tie-break.
    for (const s of this.similarTo(tool)) if (score[s.index] !== 0) score[s.index] = score[s.index]! + Math.round(SIMILAR * s.similarity);
  }

  /** Whether a tool like this one that runs locally does what it is first for (has its primary category). */
  private hasLocalKin(tool: number): boolean {
    const primary = this.data.tools[tool]!.categories[0]!.slug;
    return this.similarTo(tool).some((s) => this.tables.runsLocally[s.index] === 1 && this.data.tools[s.index]!.categories.some((c) => c.slug === primary));
  }

  private similarTo(tool: number): readonly Similar[] {
    return this.memo.remember(`${tool}\0similar`, () => similarTools(this.data, tool), (s) => 16 * s.length + 32);
  }

  /** Each word's matches, given the compounds it makes with its neighbours and the categories phrased around it. */
  private scoreWords(qWords: string[]): void {
    const phrased = phrasedCategories(qWords, this.vocabulary);
    qWords.forEach((word, at) => {
      const joined = [at > 0 ? qWords[at - 1]! + word : '', at + 1 < qWords.length ? word + qWords[at + 1]! : '']
        .filter((j) => j !== '' && this.vocabulary.tokens.has(j));
      this.tally.addHits(this.matcher.wordHits(word, joined, [...phrased[at]!].sort(), qWords.length > 1));
    });
  }

  /** The whole query against whole names, ignoring spacing and punctuation: "eleven labs", "tl dv". */
  private scoreWhole(whole: string, wordCount: number, phrase: boolean): void {
    const { names, phrases, primaryPhrase } = this.tables;
    const tally = this.tally;
    const base = PER_WORD_MATCHED * wordCount;
    for (const doc of this.matcher.wholeNames(whole)) {
      const bonus = names[doc] === whole ? EXACT_NAME : names[doc]!.startsWith(whole) ? NAME_PREFIX : 0;
      if (bonus !== 0) tally.addBonus(doc, bonus, base);
    }
    // A former or retired name or an alias, whole or its start ("amazon q" for "Amazon Q Developer"),
    // or without the version the query adds ("gpt5" for "gpt").
    const aliases = aliasHits(this.tables, whole);
    const unversioned = whole.replace(VERSION, '');
    for (const { doc, bonus } of aliases.length > 0 || unversioned.length < 2 ? aliases : aliasHits(this.tables, unversioned)) tally.addBonus(doc, bonus, base);
    // A phrase (the whole query, weak words too: "ai voice") only reorders tools its words already found.
    for (const doc of phrase ? phrases.get(whole) ?? [] : []) {
      if (tally.score[doc] !== 0) tally.score[doc] = tally.score[doc]! + (primaryPhrase[doc] === whole ? PRIMARY_PHRASE : PHRASE);
    }
    for (const doc of this.matcher.wholeTypos(whole)) {
      if (names[doc] !== whole) tally.raiseTo(doc, base + TYPO * wordCount);
    }
    // A query that is exactly a maker's name puts that maker's flagships first.
    for (const doc of this.tables.flagships.get(whole) ?? []) {
      if (tally.score[doc] !== 0) tally.score[doc] = tally.score[doc]! + MAKER_FLAGSHIP;
    }
  }

  /**
   * The sort keys of the scored tools that pass the filters, each score lifted by the tool's
   * standing (prominence breaks ties between comparable matches), in sortKeys[0..n); answers n and
   * leaves the tally empty. Filters read arrays by tool, not the tools' objects: a common word in
   * a large catalog touches tens of thousands of tools, scattered across the heap.
   */
  private filteredKeys(standing: Int8Array, allowed: Allowed | undefined, needed: number, matched: number[] | undefined, except?: number): number {
    const { pricingOf, platformBits: bits, openSource, runsLocally } = this.tables;
    const { score, strong, touched, count } = this.tally;
    const local = allowed?.runsLocally === true;
    const { sortKeys: keys, inCategory } = this;
    const members = allowed?.category;
    if (members) for (const doc of members) inCategory[doc] = 1;
    // Whether a tool is strong enough is as likely as not in a query of several common words, so it
    // is counted without a branch (n moves on when `needed - 1 - meant` is negative); filters and
    // facets need their branches only when the query has them (the same for every tool). With the
    // standing added here instead of in a pass of its own: bench:search at 10,000 tools 94-97 -> 84-90 us a search.
    const checked = allowed !== undefined || matched !== undefined || except !== undefined;
    let n = 0;
    for (let t = 0; t < count; t++) {
      const doc = touched[t]!;
      const meant = strong[doc]!;
      keys[n] = sortKey(score[doc]! + standing[doc]!, doc);
      score[doc] = 0;
      strong[doc] = 0;
      const strongEnough = (needed - 1 - meant) >>> 31;
      if (!checked) { n += strongEnough; continue; }
      if (strongEnough === 0 || doc === except || (local && runsLocally[doc] === 0)) continue;
      matched?.push(doc);
      if (allowed !== undefined) {
        if (allowed.pricing !== -1 && (allowed.pricing & (1 << pricingOf[doc]!)) === 0) continue;
        if (allowed.platforms !== -1 && (allowed.platforms & bits[doc]!) === 0) continue;
        if (allowed.openSource !== -1 && openSource[doc] !== allowed.openSource) continue;
        if (members && inCategory[doc] === 0) continue;
      }
      n++;
    }
    this.tally.count = 0;
    if (members) for (const doc of members) inCategory[doc] = 0;
    return n;
  }
}
