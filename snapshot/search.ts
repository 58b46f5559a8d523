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

/** All strings one deletion away, for typo matching (SymSpell with edit distance 1). */
function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

export function createSearchEngine(data: SnapshotData, index: SearchIndex): SearchEngine {
  const names = data.tools.map((t) => compact(t.name));
  const nameWords = data.tools.map((t) => new Set(fold(t.name).split(/[^\p{L}\p{N}]+/u).filter(Boolean)));
  // Typo index over name words of 4+ letters: each word and its one-letter deletions -> tool indices.
  const typo = new Map<string, number[]>();
  const addTypo = (key: string, i: number) => {
    const list = typo.get(key);
    if (list === undefined) typo.set(key, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  };
  nameWords.forEach((words, i) => {
    for (const w of [...words, names[i]!]) {
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

  const lookup = (field: SearchField, text: string): number[] => {
    const res = index.search(text, { index: field, limit: CANDIDATES });
    return res.length > 0 ? res[0]!.result : [];
  };

  return {
    search(q, filter = {}) {
      const words = queryWords(q);
      if (words.length === 0) return [];
      const whole = compact(q);
      const perWord: Map<number, number>[] = words.map(() => new Map());
      const bump = (w: number, doc: number, weight: number) => {
        const m = perWord[w]!;
        if ((m.get(doc) ?? 0) < weight) m.set(doc, weight);
      };
      words.forEach((word, w) => {
        for (const field of ['name', 'tags', 'categories', 'maker', 'tagline', 'description'] as const) {
          for (const doc of lookup(field, word)) {
            bump(w, doc, field === 'name' && nameWords[doc]!.has(word) ? NAME_WORD_EXACT : FIELD_WEIGHT[field]);
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
          if (bonus > 0) scores.set(doc, (scores.get(doc) ?? PER_WORD_MATCHED * words.length) + bonus);
        }
        for (const doc of typoMatches(whole)) {
          if (names[doc] !== whole) scores.set(doc, Math.max(scores.get(doc) ?? 0, PER_WORD_MATCHED * words.length + TYPO * words.length));
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
