// What each query word matches, tool by tool, and how much: its literal forms and stems, its
// equivalents, the compounds it makes, the categories whose phrasing the query uses, and its
// typos. flexsearch finds the candidates per field (its `merge` has no combined score and its tag
// filter is wrong in 0.8.212); the weights come from ranking.ts.
import type { SearchField, SearchIndex } from '../search-index.ts';
import type { Tool } from '../types.ts';
import { EXPANDED, FIELD_WEIGHT, NAME_WORD_EXACT, PER_WORD_MATCHED, PHRASED, PHRASED_BONUS, PHRASED_PRIMARY, PRIMARY_CATEGORY, TYPO } from './ranking.ts';
import type { Hits, HitsMemo } from './recall.ts';
import { BestWeights, type Found } from './scratch.ts';
import type { Tables } from './tables.ts';
import { closeToName, TypoIndex } from './typo-index.ts';
import type { Vocabulary } from './vocabulary.ts';
import { collapsesBadly, variants, words } from './words.ts';

const TEXT_FIELDS = ['name', 'tags', 'categories', 'maker', 'tagline', 'description'] as const;

export class WordMatcher {
  private readonly typos: TypoIndex;
  private readonly best: BestWeights;
  /** The tools of the categories phrased around the word being matched (scratch, zeroed after use). */
  private readonly phrasedNow: Uint8Array;
  /** asItself's answers, by field and form: at most the vocabulary's namePrefixes and unrelatedStarts, by field. */
  private readonly ownWords = new Map<string, number[]>();

  constructor(
    private readonly index: SearchIndex,
    private readonly tools: readonly Tool[],
    private readonly tables: Tables,
    private readonly vocabulary: Vocabulary,
    private readonly memo: HitsMemo,
  ) {
    this.typos = new TypoIndex(tables);
    this.best = new BestWeights(tables.count);
    this.phrasedNow = new Uint8Array(tables.count);
  }

  /**
   * What one query word adds to each tool's score: a match counts PER_WORD_MATCHED plus the best
   * of its forms (literal first; then, scoring below them, its equivalents and the compound it
   * makes with a neighbour, "screen recorder" -> "screenrecorder"), its run-together catalog words,
   * the categories whose phrasing the query uses, and its typos. It depends only on the word, the
   * compounds it makes with its neighbours and the phrased categories, so it is remembered by them.
   */
  wordHits(word: string, joined: string[], categories: string[], amongOthers: boolean): Hits {
    return this.memo.get(`${word}\0${joined.join(' ')}\0${categories.join(' ')}\0${amongOthers ? 'words' : 'word'}`, () => this.findWord(word, joined, categories, amongOthers));
  }

  /** Names a few edits from the whole query ("midjorney"); a common word is close to thousands of names in a large catalog. */
  wholeTypos(whole: string): Int32Array {
    if (this.vocabulary.ordinary.has(whole)) return new Int32Array(0);
    return this.memo.get(`${whole}\0whole`, () => {
      this.best.raiseAll([[this.typos.matches(whole), TYPO]]);
      return this.best.take(false);
    }).docs;
  }

  /** Tools whose whole name, compacted, starts with the whole query compacted ("elevenlabs", "tldv"); remembered like a word's matches. */
  wholeNames(whole: string): Int32Array {
    return this.memo.remember(`${whole}\0named`, () => Int32Array.from(this.lookup('compact', whole)), (docs) => 64 + docs.byteLength);
  }

  /** Every tool with a word of `field` starting with `text`. */
  lookup(field: SearchField, text: string): number[] {
    // Every match (no cap): the ranking and meta.total are exact at any catalog size; the
    // remembered word forms keep a common word's cost to its first query.
    const res = this.index.search(text, { index: field, limit: this.tables.count });
    const ids = res.length > 0 ? res[0]!.result : [];
    if (field === 'fuzzy') return ids.filter((doc) => closeToName(this.tables, doc, text));
    if (field === 'compact' || !collapsesBadly(text)) return ids;
    // Keep only real prefix matches of a word of the field.
    return ids.filter((doc) => words(fieldText(this.tools[doc]!, field)).some((w) => w.startsWith(text)));
  }

  private findWord(word: string, joined: string[], categories: string[], amongOthers: boolean): Hits {
    const found: Found = [];
    let inNames = false;
    for (const [form, factor] of this.forms(word, joined)) {
      const hits = this.formHits(form, factor, amongOthers);
      if (hits.inNames) inNames = true;
      found.push([hits.docs, hits.weights]);
    }
    // A word that is two words of the catalog run together ("voiceover" -> "voice over").
    found.push([this.vocabulary.compounds.get(word) ?? [], FIELD_WEIGHT.tags]);
    // A word that is a name a record lists ("11labs voice"), or a retired or former one.
    const aliases = this.tables.aliases.get(word);
    if (aliases !== undefined) {
      inNames = true;
      found.push([aliases.map((a) => a.doc), NAME_WORD_EXACT]);
    }
    const phrasedDocs = this.phrasedMembers(categories, found);
    // Typo matching only for words that are no name's prefix ("midjorney", not "stable"), no word
    // the catalog uses ("resume" is not "Relume") and no ordinary word one letter from a name
    // ("drain" is not "Brain").
    if (word.length >= 4 && !inNames && !this.vocabulary.tokens.has(word) && !this.vocabulary.ordinary.has(word)) {
      const hits = this.typoHits(word);
      found.push([hits.docs, hits.weights]);
    }
    const phrasedNow = this.phrasedNow;
    for (const doc of phrasedDocs) phrasedNow[doc] = 1;
    this.best.raiseAll(found);
    const kept = this.best.take(false, (doc, weight) => PER_WORD_MATCHED + weight + (phrasedNow[doc] === 1 ? PHRASED_BONUS : 0));
    for (const doc of phrasedDocs) phrasedNow[doc] = 0;
    return kept;
  }

  /** The forms a word is looked up by, each with the share of a literal match it counts. */
  private forms(word: string, joined: string[]): [string, number][] {
    const forms: [string, number][] = variants(word).map((f) => [f, 1]);
    for (const other of this.vocabulary.equivalents.get(word) ?? []) for (const f of variants(other)) forms.push([f, EXPANDED]);
    for (const j of joined) forms.push([j, 1]);
    forms.push(...this.runTogether(word));
    return forms;
  }

  /**
   * A word that runs together two catalog words that never stand side by side ("textbased"),
   * tried only for a word that is no word of the catalog itself: its two halves.
   */
  private runTogether(word: string): [string, number][] {
    const { tokens, compounds } = this.vocabulary;
    if (word.length < 7 || tokens.has(word) || compounds.has(word)) return [];
    for (let cut = 3; cut <= word.length - 3; cut++) {
      const [head, tail] = [word.slice(0, cut), word.slice(cut)];
      if (tokens.has(head) && tokens.has(tail)) return [[head, EXPANDED], [tail, EXPANDED]];
    }
    return [];
  }

  /** Adds the phrased categories' tools to `found`, and answers them (a tool may repeat). */
  private phrasedMembers(categories: string[], found: Found): number[] {
    const docs: number[] = [];
    for (const category of categories) {
      const m = this.vocabulary.members.get(category);
      if (m === undefined) continue;
      found.push([m.docs, m.primary.map((primary) => (primary ? PHRASED_PRIMARY : PHRASED))]);
      for (const doc of m.docs) docs.push(doc);
    }
    return docs;
  }

  /**
   * What a form of a query word adds to each tool (its best field), counted as `factor` of a
   * literal match. It depends on nothing else in the query: found once, remembered for the
   * queries that share it.
   */
  private formHits(form: string, factor: number, amongOthers: boolean): Hits {
    const { namePrefixes, unrelatedStarts } = this.vocabulary;
    const asItself = amongOthers && (namePrefixes.has(form) || unrelatedStarts.has(form));
    return this.memo.get(`${form}${factor === 1 ? '' : `\0${factor}`}${asItself ? '\0asitself' : ''}`, () => this.findForm(form, factor, asItself));
  }

  /**
   * `asItself`: the form is an English word among others in the query, so a name matches only
   * where one of its words is the form ("table" finds no "Tableau"), and another field only where
   * a word it begins is no unrelated word ("late" finds no "latency").
   */
  private findForm(form: string, factor: number, asItself: boolean): Hits {
    const { nameWords, primaryOf, primaryWords } = this.tables;
    let inNames = false;
    const inPrimary = primaryWords.map((ws) => ws.some((w) => w.startsWith(form)));
    // An equivalent found in a name ("companion" in "Zoom AI Companion") is no name match.
    const weigh = (weight: number) => Math.round((factor < 1 ? Math.min(weight, FIELD_WEIGHT.tags) : weight) * factor);
    for (const field of TEXT_FIELDS) {
      const found = asItself ? this.asItself(field, form) : this.lookup(field, form);
      if (field === 'name' && found.length > 0 && factor === 1) inNames = true;
      // A field's tools all get its weight, except where a whole name word or a word of the
      // tool's primary category weighs more: only those fields check each tool (a common word's
      // fields find hundreds of thousands of tools in a large catalog).
      const usual = weigh(FIELD_WEIGHT[field]);
      const better = field === 'name' ? weigh(NAME_WORD_EXACT) : field === 'categories' ? weigh(PRIMARY_CATEGORY) : usual;
      const inName = field === 'name';
      for (let k = 0; k < found.length; k++) {
        const doc = found[k]!;
        this.best.raise(doc, better !== usual && (inName ? nameWords[doc]!.includes(form) : inPrimary[primaryOf[doc]!]) ? better : usual);
      }
    }
    return this.best.take(inNames);
  }

  /**
   * The tools `form` finds in `field` as a word of its own (see findForm). Made once per form and
   * field, like the snapshot's tables: it reads the texts of every tool the form begins a word of,
   * which would cost a query with nothing remembered (CACHE_MB=0) over a millisecond.
   */
  private asItself(field: SearchField, form: string): number[] {
    const key = `${field}\0${form}`;
    let kept = this.ownWords.get(key);
    if (kept !== undefined) return kept;
    const found = this.lookup(field, form);
    const unrelated = this.vocabulary.unrelatedStarts.get(form);
    if (field === 'name') kept = this.vocabulary.namePrefixes.has(form) ? found.filter((doc) => this.tables.nameWords[doc]!.includes(form)) : found;
    else kept = unrelated === undefined ? found : found.filter((doc) => words(fieldText(this.tools[doc]!, field)).some((w) => w.startsWith(form) && !unrelated.has(w)));
    this.ownWords.set(key, kept);
    return kept;
  }

  /** Name words a few edits from the word, through flexsearch's tolerant field and the typo index. */
  private typoHits(word: string): Hits {
    return this.memo.get(`${word}\0typo`, () => {
      this.best.raiseAll([[this.lookup('fuzzy', word), FIELD_WEIGHT.fuzzy], [this.typos.matches(word), TYPO]]);
      return this.best.take(false);
    });
  }
}

function fieldText(tool: Tool, field: SearchField): string {
  switch (field) {
    case 'tags': return tool.tags.join(' ');
    case 'categories': return tool.categories.map((c) => c.name).join(' ');
    case 'maker': return tool.maker;
    case 'tagline': return tool.tagline;
    case 'description': return tool.description;
    default: return tool.name;
  }
}
