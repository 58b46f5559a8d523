// Ranking search results with a real score. flexsearch finds candidates per field (its `merge`
// has no combined score and its tag filter is wrong in 0.8.212), and this module scores them:
// exact name > name prefix > name typo > tag/category/maker > tagline > description, with every
// query word matched worth more than any single field, and ties broken by name.
import { compact, fold, type SearchField, type SearchIndex } from './search-index.ts';
import type { SnapshotData } from './types.ts';

export interface SearchFilter { category?: string; pricing?: string }
export interface SearchHit { index: number; score: number }

export interface SearchEngine {
  /** Every matching tool, best first. `q` is the raw (already length-checked) query. */
  search(q: string, filter?: SearchFilter): SearchHit[];
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
const NAME_PREFIX = 5_000;
/** Candidates taken per field and word; far more than a page, and a bound on the work per query. */
const CANDIDATES = 5_000;

const STOPWORDS = new Set(['a', 'an', 'and', 'the', 'to', 'for', 'of', 'in', 'on', 'with', 'my', 'from', 'by', 'or', 'is', 'it', 'that', 'this', 'ai', 'tool', 'tools', 'app', 'best']);

/** Query words: folded, split on anything that is not a letter or digit. */
export function queryWords(q: string): string[] {
  const words = fold(q).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  const meaningful = words.filter((w) => !STOPWORDS.has(w));
  return [...new Set(meaningful.length > 0 ? meaningful : words)].slice(0, 12);
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

/** flexsearch's Normalize charset collapses repeated letters ("zzzz" -> "z"), so such words get their hits checked. */
const REPEATED_LETTER = /(\p{L})\1/u;

/** Optimal string alignment distance (a swap of neighbours is one edit), stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/** How many edits a typo of this length may have. */
const allowedEdits = (word: string) => (word.length >= 8 ? 2 : 1);

/** All strings one deletion away, for typo matching (SymSpell with edit distance 1). */
function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

export function createSearchEngine(data: SnapshotData, index: SearchIndex): SearchEngine {
  const words = (s: string) => fold(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const names = data.tools.map((t) => compact(t.name));
  const nameWords = data.tools.map((t) => new Set(words(t.name)));
  const primaryWords = new Map<string, string[]>();
  const primaryOf = (doc: number) => {
    const c = data.tools[doc]!.categories[0]!;
    let list = primaryWords.get(c.slug);
    if (list === undefined) primaryWords.set(c.slug, list = words(c.name));
    return list;
  };
  /** A fuzzy candidate is kept only if a word of its name (or the whole name) is a few edits from the query word. */
  const closeToName = (doc: number, word: string) => {
    const max = allowedEdits(word);
    if (editDistance(names[doc]!, word, max) <= max) return true;
    for (const w of nameWords[doc]!) if (editDistance(w, word, max) <= max) return true;
    return false;
  };
  // Typo index over name words of 4+ letters: each word and its one-letter deletions -> tool indices.
  const typo = new Map<string, number[]>();
  const addTypo = (key: string, i: number) => {
    const list = typo.get(key);
    if (list === undefined) typo.set(key, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  };
  nameWords.forEach((wordsOfName, i) => {
    for (const w of [...wordsOfName, names[i]!]) {
      if (w.length < 4) continue;
      addTypo(w, i);
      for (const d of deletions(w)) addTypo(d, i);
    }
  });

  const typoMatches = (word: string): Set<number> => {
    const hits = new Set<number>();
    if (word.length < 4) return hits;
    for (const key of [word, ...deletions(word)]) for (const i of typo.get(key) ?? []) hits.add(i);
    return hits;
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
  const lookup = (field: SearchField, text: string): number[] => {
    const res = index.search(text, { index: field, limit: CANDIDATES });
    const ids = res.length > 0 ? res[0]!.result : [];
    if (field === 'fuzzy') return ids.filter((doc) => closeToName(doc, text));
    if (field === 'compact' || !REPEATED_LETTER.test(text)) return ids;
    // Keep only real prefix matches of a word of the field.
    return ids.filter((doc) => fold(fieldText(doc, field)).split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(text)));
  };

  return {
    search(q, filter = {}) {
      const qWords = queryWords(q);
      if (qWords.length === 0) return [];
      const whole = compact(q);
      const perWord: Map<number, number>[] = qWords.map(() => new Map());
      const bump = (w: number, doc: number, weight: number) => {
        const m = perWord[w]!;
        if ((m.get(doc) ?? 0) < weight) m.set(doc, weight);
      };
      qWords.forEach((word, w) => {
        for (const form of variants(word)) {
          for (const field of ['name', 'tags', 'categories', 'maker', 'tagline', 'description'] as const) {
            for (const doc of lookup(field, form)) {
              let weight: number = FIELD_WEIGHT[field];
              if (field === 'name' && nameWords[doc]!.has(form)) weight = NAME_WORD_EXACT;
              else if (field === 'categories' && primaryOf(doc).some((p) => p.startsWith(form))) weight = PRIMARY_CATEGORY;
              bump(w, doc, weight);
            }
          }
        }
        if (word.length >= 4) {
          for (const doc of lookup('fuzzy', word)) bump(w, doc, FIELD_WEIGHT.fuzzy);
          for (const doc of typoMatches(word)) bump(w, doc, TYPO);
        }
      });
      const scores = new Map<number, number>();
      for (const m of perWord) for (const [doc, weight] of m) scores.set(doc, (scores.get(doc) ?? 0) + PER_WORD_MATCHED + weight);
      // The whole query against whole names, ignoring spacing and punctuation: "eleven labs", "tl dv".
      if (whole.length >= 2) {
        for (const doc of lookup('compact', whole)) {
          const bonus = names[doc] === whole ? EXACT_NAME : names[doc]!.startsWith(whole) ? NAME_PREFIX : 0;
          if (bonus > 0) scores.set(doc, (scores.get(doc) ?? PER_WORD_MATCHED * qWords.length) + bonus);
        }
        for (const doc of typoMatches(whole)) {
          if (names[doc] !== whole) scores.set(doc, Math.max(scores.get(doc) ?? 0, PER_WORD_MATCHED * qWords.length + TYPO * qWords.length));
        }
      }
      const hits: SearchHit[] = [];
      for (const [doc, raw] of scores) {
        const tool = data.tools[doc]!;
        if (filter.pricing !== undefined && tool.pricing !== filter.pricing) continue;
        if (filter.category !== undefined && !tool.categories.some((c) => c.slug === filter.category)) continue;
        hits.push({ index: doc, score: raw / 100 });
      }
      // Tools are stored in name order, so the index breaks ties by name deterministically.
      return hits.sort((a, b) => b.score - a.score || a.index - b.index);
    },
  };
}
