// Ranking search results with a real score. flexsearch finds candidates per field (its `merge`
// has no combined score and its tag filter is wrong in 0.8.212), and this module scores them:
// exact name > name prefix > name typo > tag/category/maker > tagline > description, with every
// query word matched worth more than any single field, and ties broken by name.
import { editDistance } from './edit-distance.ts';
import { compact, fold, type SearchField, type SearchIndex } from './search-index.ts';
import type { SnapshotData } from './types.ts';

export interface SearchFilter { category?: string; pricing?: string }
export interface SearchHit { index: number; score: number }

export interface SearchEngine {
  /** Every matching tool, best first. `q` is the raw (already length-checked) query. */
  search(q: string, filter?: SearchFilter): SearchHit[];
  /**
   * The best `offset + limit` matches' last `limit`, and the exact number of matches: what one
   * page of results needs, without ordering every match of a common word in a large catalog.
   */
  page(q: string, filter: SearchFilter, offset: number, limit: number): { total: number; hits: SearchHit[] };
}

/** Weight of a query word found in each field (the best field per word counts). */
const FIELD_WEIGHT: Record<Exclude<SearchField, 'compact'>, number> = {
  name: 80,
  fuzzy: 60,
  tags: 45,
  categories: 40,
  maker: 35,
  tagline: 20,
  description: 10,
};
const NAME_WORD_EXACT = 100;
/** A word of the tool's primary category's name counts more than one of its other categories. */
const PRIMARY_CATEGORY = 50;
const TYPO = 60;
const PER_WORD_MATCHED = 1000;
const EXACT_NAME = 10_000;
/** The whole query is one of the tool's tags or category names ("text to speech"): word order matters. */
const PHRASE = 300;
const PRIMARY_PHRASE = 400;
const NAME_PREFIX = 5_000;
/** The whole query is a former name of the tool (a rename): just below its current name. */
const FORMER_NAME = 9_000;
/** The whole query names a retired tool: its successor first, then its alternatives in order. */
const RETIRED_SUCCESSOR = 8_000;
const RETIRED_ALTERNATIVE = 7_000;

/**
 * Weak words: they never decide a ranking. They are dropped when the query has other words, so a
 * result matching every content word ("sql" in "write sql") outranks one matching a weak word.
 */
const STOPWORDS = new Set([
  'a', 'an', 'and', 'the', 'to', 'for', 'of', 'in', 'on', 'with', 'my', 'from', 'by', 'or', 'is', 'it', 'that', 'this',
  'ai', 'tool', 'tools', 'app', 'apps', 'best', 'write', 'make', 'create', 'using', 'use', 'want', 'need', 'help', 'me',
  'i', 'can', 'how', 'do', 'some', 'something', 'online', 'software', 'good', 'way', 'into', 'your',
]);
/** A word matched through the vocabulary (an equivalent, a phrasing, a compound) counts this share of a literal match. */
const EXPANDED = 0.75;
/**
 * A tool of a category whose everyday phrasing the query uses: the word counts as matched at
 * least this much, plus a bonus on top of whatever it matched literally, so that among the
 * category's tools the literal matches come first, and the category comes before loose matches.
 */
const PHRASED = 30;
const PHRASED_PRIMARY = 38;
const PHRASED_BONUS = 30;
/** A query that is exactly a maker's name: its flagships (prominence 3) first, above names that merely start with it. */
const MAKER_FLAGSHIP = 6_000;

/** Folded words of a text, split on anything that is not a letter or digit. */
function words(text: string): string[] {
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Query words, without stopwords unless the query has nothing else. */
export function queryWords(q: string): string[] {
  const all = words(q);
  const meaningful = all.filter((w) => !STOPWORDS.has(w));
  return [...new Set(meaningful.length > 0 ? meaningful : all)].slice(0, 12);
}

/**
 * The word and its light stems, each matched as a prefix: "images" also finds "image", "generate"
 * finds "generator" and "generation" (via "generat"), "editing" finds "edit".
 */
export function variants(word: string): string[] {
  const out = [word];
  if (word.length <= 4) return out;
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  else if (word.endsWith('s') && !word.endsWith('ss')) out.push(word.slice(0, -1));
  const base = out[out.length - 1]!;
  if (base.endsWith('ing') && base.length > 5) out.push(base.slice(0, -3));
  else if (base.endsWith('ed') && base.length > 5) out.push(base.slice(0, -2));
  else if (base.endsWith('e')) out.push(base.slice(0, -1));
  return out;
}

/**
 * flexsearch's Normalize charset collapses repeated letters ("zzzz" -> "z"); when that shrinks a
 * word by more than one letter, its hits could be noise and are checked against the real words.
 */
const collapsesBadly = (word: string) => word.length - word.replace(/(\p{L})\1+/gu, '$1').length > 1;

const TEXT_FIELDS = ['name', 'tags', 'categories', 'maker', 'tagline', 'description'] as const;
/** Room for the tie-break in a sort key (up to 2^21 tools), and for a word's number in the typo index. */
const TIE_SPACE = 2 ** 21;

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

/** What the curated vocabulary adds to a query: per content word, extra forms and phrased categories. */
interface Vocabulary {
  /** word -> its equivalents. */
  equivalents: Map<string, string[]>;
  /** phrasing (content words joined) -> category slugs. */
  phrasings: Map<string, string[]>;
  /** category slug -> its tools, and for each whether the category is the tool's first (primary). */
  members: Map<string, { docs: number[]; primary: boolean[] }>;
  /** Joined adjacent words of names, tags and category names ("voice over" -> "voiceover") -> tools. */
  compounds: Map<string, number[]>;
  /** Every single word of the tools' names, tags and category names. */
  tokens: Set<string>;
}

function compileVocabulary(data: SnapshotData, nameWords: readonly (readonly string[])[]): Vocabulary {
  const equivalents = new Map<string, string[]>();
  for (const set of data.vocabulary.equivalents) for (const w of set) equivalents.set(w, set.filter((o) => o !== w));
  const phrasings = new Map<string, string[]>();
  for (const [category, terms] of Object.entries(data.vocabulary.phrasings)) {
    for (const term of terms) {
      // Keyed by its content words, and by them run together ("background remover", "backgroundremover").
      const key = queryWords(term).join(' ');
      for (const form of new Set([key, key.replace(/ /g, '')])) phrasings.set(form, [...(phrasings.get(form) ?? []), category]);
    }
  }
  const members = new Map<string, { docs: number[]; primary: boolean[] }>();
  const compounds = new Map<string, number[]>();
  const tokens = new Set<string>();
  /** The lists of the compounds of a text's words (joined pairwise); the words become tokens. */
  const compoundsOf = (ws: readonly string[]): number[][] => {
    const lists: number[][] = [];
    ws.forEach((w, i) => {
      tokens.add(w);
      if (i === 0) return;
      const joined = ws[i - 1]! + w;
      let list = compounds.get(joined);
      if (list === undefined) compounds.set(joined, list = []);
      lists.push(list);
    });
    return lists;
  };
  const addCompounds = (lists: number[][], docs: readonly number[]) => {
    for (const list of lists) for (const doc of docs) if (list[list.length - 1] !== doc) list.push(doc);
  };
  // Tags repeat across thousands of tools: each distinct tag is split once.
  const tagCompounds = new Map<string, number[][]>();
  data.tools.forEach((t, doc) => {
    t.categories.forEach((c, i) => {
      let m = members.get(c.slug);
      if (m === undefined) members.set(c.slug, m = { docs: [], primary: [] });
      m.docs.push(doc);
      m.primary.push(i === 0);
    });
    addCompounds(compoundsOf(nameWords[doc]!), [doc]);
    for (const tag of t.tags) {
      let lists = tagCompounds.get(tag);
      if (lists === undefined) tagCompounds.set(tag, lists = compoundsOf(words(tag.replace(/-/g, ' '))));
      addCompounds(lists, [doc]);
    }
  });
  // Category names once each, for all their tools.
  for (const c of data.categories) addCompounds(compoundsOf(words(c.name)), members.get(c.slug)?.docs ?? []);
  return { equivalents, phrasings, members, compounds, tokens };
}

/** For each query word: the categories whose phrasing covers it (contiguous runs of query words). */
function phrasedCategories(qWords: string[], vocabulary: Vocabulary): Set<string>[] {
  const out = qWords.map(() => new Set<string>());
  for (let i = 0; i < qWords.length; i++) {
    for (let j = i; j < qWords.length; j++) {
      const categories = vocabulary.phrasings.get(qWords.slice(i, j + 1).join(' '));
      if (categories) for (let k = i; k <= j; k++) for (const c of categories) out[k]!.add(c);
    }
  }
  return out;
}

export interface SearchEngineOptions {
  /** How many tool references the engine may remember across queries (0: none); default RECALL_BUDGET. */
  remember?: number;
}

export function createSearchEngine(data: SnapshotData, index: SearchIndex, options: SearchEngineOptions = {}): SearchEngine {
  // Each name's words, split once for everything below.
  const nameWords = data.tools.map((t) => words(t.name));
  const vocabulary = compileVocabulary(data, nameWords);
  const prominence = new Uint8Array(data.tools.map((t) => data.prominence[t.slug] ?? 0));
  const makers = data.tools.map((t) => compact(t.maker));
  const names = data.tools.map((t) => compact(t.name));
  // Each tool's primary category as a number, and each such category's words: a query form
  // checks the categories once, then each tool by its number.
  const primaryNumber = new Map<string, number>();
  const primaryWords: string[][] = [];
  const primaryOf = new Uint16Array(data.tools.length);
  data.tools.forEach((t, doc) => {
    const c = t.categories[0]!;
    let n = primaryNumber.get(c.slug);
    if (n === undefined) { primaryNumber.set(c.slug, n = primaryWords.length); primaryWords.push(words(c.name)); }
    primaryOf[doc] = n;
  });
  // Whole tags and category names, compacted like names: "text to speech" -> "texttospeech".
  // Tags are already lowercase kebab-case, so compacting them is dropping the hyphens.
  const phrases = new Map<string, number[]>();
  const addPhrase = (p: string, i: number) => {
    const list = phrases.get(p);
    if (list === undefined) phrases.set(p, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  };
  const tagPhrases = new Map<string, string>();
  const tagPhrase = (tag: string) => {
    let phrase = tagPhrases.get(tag);
    if (phrase === undefined) tagPhrases.set(tag, phrase = tag.replace(/-/g, ''));
    return phrase;
  };
  const categoryPhrase = new Map(data.categories.map((c) => [c.slug, compact(c.name)]));
  const primaryPhrase = data.tools.map((t) => categoryPhrase.get(t.categories[0]!.slug) ?? compact(t.categories[0]!.name));
  data.tools.forEach((t, i) => {
    for (const tag of t.tags) addPhrase(tagPhrase(tag), i);
    for (const c of t.categories) addPhrase(categoryPhrase.get(c.slug) ?? compact(c.name), i);
  });
  // Names a tool is also known by, compacted like names: its former slugs, and the name and slug
  // of each retired tool that sends its users here. Retired tools are never results themselves.
  const aliases = new Map<string, { doc: number; bonus: number }[]>();
  const slugIndex = new Map(data.tools.map((t, i) => [t.slug, i]));
  const addAlias = (alias: string, slug: string | null, bonus: number) => {
    const doc = slug === null ? undefined : slugIndex.get(slug);
    if (doc === undefined || alias.length < 2) return;
    const list = aliases.get(alias) ?? [];
    if (!list.some((a) => a.doc === doc)) list.push({ doc, bonus });
    aliases.set(alias, list);
  };
  for (const [former, current] of Object.entries(data.moved.tools)) addAlias(compact(former), current, FORMER_NAME);
  for (const r of data.retired) {
    for (const alias of new Set([compact(r.name), compact(r.slug)])) {
      addAlias(alias, r.successor, RETIRED_SUCCESSOR);
      r.alternatives.forEach((slug, i) => addAlias(alias, slug, RETIRED_ALTERNATIVE - i * 100));
    }
  }
  /** Aliases that start with the query, when it is a good part of them, a notch below a whole alias. */
  const aliasPrefixes = (whole: string) => {
    const out: { doc: number; bonus: number }[] = [];
    for (const [alias, hits] of aliases) {
      if (alias.startsWith(whole) && whole.length * 5 >= alias.length * 2) for (const h of hits) out.push({ doc: h.doc, bonus: h.bonus - 1_000 });
    }
    return out;
  };
  /** A fuzzy candidate is kept only if a word of its name (or the whole name) is a few edits from the query word. */
  const closeToName = (doc: number, word: string) => {
    const max = allowedEdits(word);
    if (editDistance(names[doc]!, word, max) <= max) return true;
    for (const w of nameWords[doc]!) if (editDistance(w, word, max) <= max) return true;
    return false;
  };
  // Typo index over the distinct name words of 4+ letters (and whole compact names): the hash of
  // each word and of each of its one-letter deletions, with the word's number (SymSpell, edit
  // distance 1), as sorted numbers hash * TIE_SPACE + word in one typed array; a lookup is a binary
  // search for a hash's range. Many tools share a name word ("video"), so a query checks each
  // candidate word's real edit distance once, then takes its tools. A hash collision only adds a
  // candidate word. It builds in a fraction of a Map's time at 100,000 tools.
  const typoWords: string[] = [];
  const typoDocs: number[][] = [];
  const wordNumber = new Map<string, number>();
  nameWords.forEach((ws, doc) => {
    const indexed = ws.filter((w) => w.length >= 4);
    if (names[doc]!.length >= 4 && !ws.includes(names[doc]!)) indexed.push(names[doc]!);
    for (const w of indexed) {
      let n = wordNumber.get(w);
      if (n === undefined) { wordNumber.set(w, n = typoWords.length); typoWords.push(w); typoDocs.push([]); }
      if (typoDocs[n]!.at(-1) !== doc) typoDocs[n]!.push(doc); // a name may repeat a word
    }
  });
  const typo = new Float64Array(typoWords.reduce((sum, w) => sum + w.length + 1, 0));
  let filled = 0;
  typoWords.forEach((w, n) => { for (let k = -1; k < w.length; k++) typo[filled++] = hashWithout(w, k) * TIE_SPACE + n; });
  typo.sort();
  /** The first position in the typo index whose number is at least `value`. */
  const typoFrom = (value: number) => {
    let [lo, hi] = [0, typo.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (typo[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  /** Tools with a name word (or whole name) a few edits from `word`. */
  const typoMatches = (word: string): number[] => {
    if (word.length < 4) return [];
    const max = allowedEdits(word);
    const candidates = new Set<number>();
    for (let k = -1; k < word.length; k++) {
      const base = hashWithout(word, k) * TIE_SPACE;
      for (let at = typoFrom(base); at < typo.length && typo[at]! < base + TIE_SPACE; at++) candidates.add(typo[at]! - base);
    }
    const docs = new Set<number>();
    for (const n of candidates) if (editDistance(typoWords[n]!, word, max) <= max) for (const doc of typoDocs[n]!) docs.add(doc);
    return [...docs];
  };

  const fieldText = (doc: number, field: SearchField): string => {
    const t = data.tools[doc]!;
    switch (field) {
      case 'tags': return t.tags.join(' ');
      case 'categories': return t.categories.map((c) => c.name).join(' ');
      case 'maker': return t.maker;
      case 'tagline': return t.tagline;
      case 'description': return t.description;
      default: return t.name;
    }
  };
  const score = new Float64Array(data.tools.length);
  // The sort keys of a query's matches (scratch, like score): a common word in a large catalog
  // matches tens of thousands of tools, and a fresh array of that size per query costs more than
  // filling it.
  const sortKeys = new Float64Array(data.tools.length);
  const lookup = (field: SearchField, text: string): number[] => {
    // Every match (no cap): the ranking and meta.total are exact at any catalog size; the
    // remembered word forms keep a common word's cost to its first query.
    const res = index.search(text, { index: field, limit: data.tools.length });
    const ids = res.length > 0 ? res[0]!.result : [];
    if (field === 'fuzzy') return ids.filter((doc) => closeToName(doc, text));
    if (field === 'compact' || !collapsesBadly(text)) return ids;
    // Keep only real prefix matches of a word of the field.
    return ids.filter((doc) => words(fieldText(doc, field)).some((w) => w.startsWith(text)));
  };

  // What a form of a query word adds to each tool (its best field), and a word's typo matches,
  // depend on nothing else in the query: found once, remembered for the queries that share words.
  const remembered = createRecall<{ docs: Int32Array; weights: Uint16Array; inNames: boolean }>(options.remember ?? RECALL_BUDGET);
  const formBest = new Uint16Array(data.tools.length);
  // The tools formBest holds a weight for (scratch, like formBest): formDocs[0..formCount).
  const formDocs = new Int32Array(data.tools.length);
  let formCount = 0;
  const formHits = (form: string, factor: number) => remembered(factor === 1 ? form : `${form}\0${factor}`, () => {
    let inNames = false;
    const inPrimary = primaryWords.map((ws) => ws.some((w) => w.startsWith(form)));
    // An equivalent found in a name ("companion" in "Zoom AI Companion") is no name match.
    const weigh = (weight: number) => Math.round((factor < 1 ? Math.min(weight, FIELD_WEIGHT.tags) : weight) * factor);
    let count = formCount;
    for (const field of TEXT_FIELDS) {
      const found = lookup(field, form);
      if (field === 'name' && found.length > 0 && factor === 1) inNames = true;
      // A field's tools all get its weight, except where a whole name word or a word of the
      // tool's primary category weighs more: only those fields check each tool (a common word's
      // fields find hundreds of thousands of tools in a large catalog).
      const usual = weigh(FIELD_WEIGHT[field]);
      const better = field === 'name' ? weigh(NAME_WORD_EXACT) : field === 'categories' ? weigh(PRIMARY_CATEGORY) : usual;
      const inName = field === 'name';
      for (let k = 0; k < found.length; k++) {
        const doc = found[k]!;
        const weight = better !== usual && (inName ? nameWords[doc]!.includes(form) : inPrimary[primaryOf[doc]!]) ? better : usual;
        if (formBest[doc] === 0) formDocs[count++] = doc;
        if (formBest[doc]! < weight) formBest[doc] = weight;
      }
    }
    formCount = count;
    return keep([], inNames);
  });
  /**
   * Each tool's best weight over `found` (lists of tools with one weight for all or a weight each,
   * plus what formBest already holds for formDocs[0..formCount)), as kept hits; `final` turns a
   * best weight into what is kept.
   */
  const keep = (found: [ArrayLike<number>, ArrayLike<number> | number][], inNames: boolean, final = (_doc: number, weight: number) => weight) => {
    for (const [list, weights] of found) {
      for (let k = 0; k < list.length; k++) {
        const doc = list[k]!;
        const weight = typeof weights === 'number' ? weights : weights[k]!;
        if (formBest[doc] === 0) formDocs[formCount++] = doc;
        if (formBest[doc]! < weight) formBest[doc] = weight;
      }
    }
    // In memory order, so a query then walks its score array forwards. Many tools are read off
    // formBest in order, which is faster than sorting them; the scan is branch-free (k moves on
    // exactly when the weight is non-zero, 1..65535).
    if (formCount * 16 >= formBest.length) {
      for (let doc = 0, k = 0; doc < formBest.length; doc++) {
        formDocs[k] = doc;
        k += (formBest[doc]! + 0xffff) >>> 16;
      }
    }
    const sorted = formDocs.slice(0, formCount);
    if (formCount * 16 < formBest.length) sorted.sort();
    formCount = 0;
    const weights = new Uint16Array(sorted.length); // (TypedArray.from with a map function is slow in V8)
    for (let k = 0; k < sorted.length; k++) {
      const doc = sorted[k]!;
      weights[k] = final(doc, formBest[doc]!);
      formBest[doc] = 0;
    }
    return { value: { docs: sorted, weights, inNames }, size: sorted.length };
  };
  /** Names a few edits from the whole query ("midjorney"); a common word is close to thousands of names in a large catalog. */
  const wholeTypos = (whole: string) => remembered(`${whole}\0whole`, () => {
    return keep([[typoMatches(whole), TYPO]], false);
  }).docs;
  const typoHits = (word: string) => remembered(`${word}\0typo`, () => keep([[lookup('fuzzy', word), FIELD_WEIGHT.fuzzy], [typoMatches(word), TYPO]], false));

  /**
   * What one query word adds to each tool's score: a match counts PER_WORD_MATCHED plus the best
   * of its forms (literal first; then, scoring below them, its equivalents and the compound it
   * makes with a neighbour, "screen recorder" -> "screenrecorder"), its run-together catalog words,
   * the categories whose phrasing the query uses, and its typos. It depends only on the word, the
   * compounds it makes with its neighbours and the phrased categories, so it is remembered by them.
   */
  const phrasedNow = new Uint8Array(data.tools.length);
  const inCategory = new Uint8Array(data.tools.length);
  const touchedList = new Int32Array(data.tools.length);
  const pricingCodes: string[] = [...new Set(data.tools.map((t) => t.pricing))];
  const pricingOf = new Uint8Array(data.tools.map((t) => pricingCodes.indexOf(t.pricing)));
  const wordHits = (word: string, joined: string[], categories: string[]) => remembered(`${word}\0${joined.join(' ')}\0${categories.join(' ')}\0word`, () => {
    const forms: [string, number][] = variants(word).map((f) => [f, 1]);
    for (const other of vocabulary.equivalents.get(word) ?? []) for (const f of variants(other)) forms.push([f, EXPANDED]);
    for (const j of joined) forms.push([j, 1]);
    // A word that runs together two catalog words that never stand side by side ("textbased"),
    // tried only for a word that is no word of the catalog itself.
    if (word.length >= 7 && !vocabulary.tokens.has(word) && !vocabulary.compounds.has(word)) {
      for (let cut = 3; cut <= word.length - 3; cut++) {
        const [head, tail] = [word.slice(0, cut), word.slice(cut)];
        if (vocabulary.tokens.has(head) && vocabulary.tokens.has(tail)) {
          forms.push([head, EXPANDED], [tail, EXPANDED]);
          break;
        }
      }
    }
    const found: [ArrayLike<number>, ArrayLike<number> | number][] = [];
    let inNames = false;
    for (const [form, factor] of forms) {
      const hits = formHits(form, factor);
      if (hits.inNames) inNames = true;
      found.push([hits.docs, hits.weights]);
    }
    // A word that is two words of the catalog run together ("voiceover" -> "voice over").
    found.push([vocabulary.compounds.get(word) ?? [], FIELD_WEIGHT.tags]);
    const phrasedDocs: number[] = [];
    for (const category of categories) {
      const m = vocabulary.members.get(category);
      if (m === undefined) continue;
      found.push([m.docs, m.primary.map((primary) => (primary ? PHRASED_PRIMARY : PHRASED))]);
      for (const doc of m.docs) phrasedDocs.push(doc);
    }
    // Typo matching only for words that are no name's prefix: "midjorney", not "stable".
    if (word.length >= 4 && !inNames) {
      const hits = typoHits(word);
      found.push([hits.docs, hits.weights]);
    }
    for (const doc of phrasedDocs) phrasedNow[doc] = 1;
    const kept = keep(found, false, (doc, weight) => PER_WORD_MATCHED + weight + (phrasedNow[doc] === 1 ? PHRASED_BONUS : 0));
    for (const doc of phrasedDocs) phrasedNow[doc] = 0;
    return kept;
  });

  const engine: SearchEngine = {
    search(q, filter = {}) {
      return engine.page(q, filter, 0, data.tools.length).hits;
    },
    page(q, filter, offset, limit) {
      const qWords = queryWords(q);
      if (qWords.length === 0) return { total: 0, hits: [] };
      const whole = compact(q);
      // `score` is a scratch array indexed by tool, reused by every query (search is synchronous),
      // so a query costs in proportion to its candidates, not to the catalog.
      let touched = 0; // the tools scored so far are touchedList[0..touched)
      const phrased = phrasedCategories(qWords, vocabulary);
      qWords.forEach((word, at) => {
        const joined = [at > 0 ? qWords[at - 1]! + word : '', at + 1 < qWords.length ? word + qWords[at + 1]! : '']
          .filter((j) => j !== '' && vocabulary.tokens.has(j));
        const hits = wordHits(word, joined, [...phrased[at]!].sort());
        for (let k = 0; k < hits.docs.length; k++) {
          const doc = hits.docs[k]!;
          if (score[doc] === 0) touchedList[touched++] = doc;
          score[doc] = score[doc]! + hits.weights[k]!;
        }
      });
      // The whole query against whole names, ignoring spacing and punctuation: "eleven labs", "tl dv".
      if (whole.length >= 2) {
        const base = PER_WORD_MATCHED * qWords.length;
        for (const doc of lookup('compact', whole)) {
          const bonus = names[doc] === whole ? EXACT_NAME : names[doc]!.startsWith(whole) ? NAME_PREFIX : 0;
          if (bonus === 0) continue;
          if (score[doc] === 0) { touchedList[touched++] = doc; score[doc] = base; }
          score[doc] = score[doc]! + bonus;
        }
        // A former or retired name, whole or its start ("amazon q" for "Amazon Q Developer").
        const aliasHits = aliases.get(whole) ?? (whole.length >= 5 ? aliasPrefixes(whole) : []);
        for (const { doc, bonus } of aliasHits) {
          if (score[doc] === 0) { touchedList[touched++] = doc; score[doc] = base; }
          score[doc] = score[doc]! + bonus;
        }
        for (const doc of qWords.length > 1 ? phrases.get(whole) ?? [] : []) {
          if (score[doc] === 0) continue; // a phrase only reorders tools its words already found
          score[doc] = score[doc]! + (primaryPhrase[doc] === whole ? PRIMARY_PHRASE : PHRASE);
        }
        for (const doc of wholeTypos(whole)) {
          if (names[doc] === whole) continue;
          if (score[doc] === 0) touchedList[touched++] = doc;
          score[doc] = Math.max(score[doc]!, base + TYPO * qWords.length);
        }
      }
      // Prominence breaks ties between comparable matches, and a query that is exactly a maker's
      // name puts that maker's flagships first.
      for (let t = 0; t < touched; t++) {
        const doc = touchedList[t]!;
        if (prominence[doc] === 0) continue;
        score[doc] = score[doc]! + prominence[doc]! + (makers[doc] === whole && prominence[doc] === 3 ? MAKER_FLAGSHIP : 0);
      }
      // Sort keys: the score, then the tool's place in name order (tools are stored sorted by name).
      // Filters from arrays by tool, not from the tools' objects: a common word in a large catalog
      // touches tens of thousands of tools, and their objects are scattered across the heap.
      const pricing = filter.pricing === undefined ? -1 : pricingCodes.indexOf(filter.pricing);
      const members = filter.category === undefined ? undefined : vocabulary.members.get(filter.category)?.docs ?? [];
      if (members) for (const doc of members) inCategory[doc] = 1;
      const keys = sortKeys;
      let n = 0;
      for (let t = 0; t < touched; t++) {
        const doc = touchedList[t]!;
        const raw = score[doc]!;
        score[doc] = 0;
        if (pricing !== -1 && pricingOf[doc] !== pricing) continue;
        if (members && inCategory[doc] === 0) continue;
        keys[n++] = raw * TIE_SPACE + (TIE_SPACE - 1 - doc);
      }
      if (members) for (const doc of members) inCategory[doc] = 0;
      const top = largest(keys.subarray(0, n), Math.min(n, offset + limit));
      const hits: SearchHit[] = [];
      for (let i = offset; i < top.length; i++) {
        const key = top[i]!;
        const raw = Math.floor(key / TIE_SPACE);
        hits.push({ index: TIE_SPACE - 1 - (key - raw * TIE_SPACE), score: raw / 100 });
      }
      return { total: n, hits };
    },
  };
  return engine;
}

/**
 * The `k` largest keys (all distinct), largest first. Sorting every match of a common word costs
 * more than the rest of a query; a partition (quickselect) finds the k-th first, then only the k
 * are sorted.
 */
function largest(keys: Float64Array, k: number): Float64Array {
  if (k * 4 >= keys.length) return keys.sort().reverse().subarray(0, k);
  let [lo, hi] = [0, keys.length - 1];
  const want = k - 1; // position of the k-th largest once keys[0..k-1] hold the largest, any order
  while (lo < hi) {
    const pivot = keys[(lo + hi) >>> 1]!;
    let [i, j] = [lo, hi];
    while (i <= j) {
      while (keys[i]! > pivot) i++;
      while (keys[j]! < pivot) j--;
      if (i <= j) { const t = keys[i]!; keys[i] = keys[j]!; keys[j] = t; i++; j--; }
    }
    if (want <= j) hi = j;
    else if (want >= i) lo = i;
    else break;
  }
  return keys.subarray(0, k).sort().reverse();
}

/**
 * Tool references a search engine remembers at most (6 bytes each, 24 MB): thousands of word forms
 * of a real catalog, or the forms of about a hundred common words in a 100,000-tool one.
 */
const RECALL_BUDGET = 4_000_000;
const RECALL_ENTRIES = 20_000;

/**
 * A bounded memo for values that never go stale (the index never changes under an engine): least
 * recently used out first, bounded by count and by the total `size` of what is kept.
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
