// What the curated vocabulary (catalog/vocabulary.json) and the catalog's own words add to a
// query: equivalent words, everyday phrasings of categories, and words run together
// ("voiceover" for "voice over"). Compiled once per engine from the snapshot.
import type { SnapshotData } from '../types.ts';
import { firstAtLeast } from './typo-index.ts';
import { queryWords, words } from './words.ts';
import { unpackSortedWords } from '../sorted-words.ts';

export interface Vocabulary {
  /** word -> its equivalents. */
  equivalents: Map<string, string[]>;
  /** phrasing (content words joined) -> category slugs. */
  phrasings: Map<string, string[]>;
  /** The phrasings' keys, sorted: a run of query words whose last word is typed in part finds its completions. */
  phrasingKeys: string[];
  /** The most words a phrasing's key has: no longer run of query words can be one. */
  phrasingWords: number;
  /** category slug -> its tools, and for each whether the category is the tool's first (primary). */
  members: Map<string, { docs: number[]; primary: boolean[] }>;
  /** Joined adjacent words of names, tags and category names ("voice over" -> "voiceover") -> tools. */
  compounds: Map<string, number[]>;
  /** Every single word of the tools' names, tags and category names. */
  tokens: Set<string>;
  /** English words meant as written, never as a typo of a name ("drain", not "brain"). */
  ordinary: Set<string>;
  /** English words that only begin a name's word ("table" in "Tableau"): no name match in a query of several words. */
  namePrefixes: Set<string>;
  /** SearchVocabulary.unrelatedStarts: each word, and the words of the catalog it begins but does not find among others. */
  unrelatedStarts: Map<string, Set<string>>;
}

export function compileVocabulary(data: SnapshotData, nameWords: readonly (readonly string[])[]): Vocabulary {
  const compounds = new Compounds();
  const members = categoryMembers(data);
  // Tags repeat across thousands of tools: each distinct tag is split once.
  const tagCompounds = new Map<string, number[][]>();
  data.tools.forEach((t, doc) => {
    compounds.add(compounds.of(nameWords[doc]!), [doc]);
    for (const tag of t.tags) {
      let lists = tagCompounds.get(tag);
      if (lists === undefined) tagCompounds.set(tag, lists = compounds.of(words(tag.replace(/-/g, ' '))));
      compounds.add(lists, [doc]);
    }
  });
  // Category names once each, for all their tools.
  for (const c of data.categories) compounds.add(compounds.of(words(c.name)), members.get(c.slug)?.docs ?? []);
  const phrased = phrasings(data);
  const phrasingKeys = [...phrased.keys()].sort();
  const phrasingWords = Math.max(0, ...phrasingKeys.map((k) => k.split(' ').length));
  return { equivalents: equivalents(data), phrasings: phrased, phrasingKeys, phrasingWords, members, compounds: compounds.lists, tokens: compounds.tokens, ordinary: new Set(unpackSortedWords(data.vocabulary.ordinary)), namePrefixes: new Set(data.vocabulary.namePrefixes), unrelatedStarts: new Map(Object.entries(data.vocabulary.unrelatedStarts ?? {}).map(([w, ws]) => [w, new Set(ws)])) };
}

function equivalents(data: SnapshotData): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const set of data.vocabulary.equivalents) for (const w of set) out.set(w, set.filter((o) => o !== w));
  return out;
}

/** The keys a phrasing is found by: its content words, and them run together ("background remover", "backgroundremover"). */
export function phrasingKeys(term: string): string[] {
  const key = queryWords(term).join(' ');
  return [...new Set([key, key.replace(/ /g, '')])];
}

function phrasings(data: SnapshotData): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [category, terms] of Object.entries(data.vocabulary.phrasings)) {
    for (const term of terms) for (const form of phrasingKeys(term)) out.set(form, [...(out.get(form) ?? []), category]);
  }
  return out;
}

function categoryMembers(data: SnapshotData): Vocabulary['members'] {
  const out: Vocabulary['members'] = new Map();
  data.tools.forEach((t, doc) => {
    t.categories.forEach((c, i) => {
      let m = out.get(c.slug);
      if (m === undefined) out.set(c.slug, m = { docs: [], primary: [] });
      m.docs.push(doc);
      m.primary.push(i === 0);
    });
  });
  return out;
}

/** The compounds of the catalog's texts (adjacent words joined) and their tools, and every word seen. */
class Compounds {
  readonly lists = new Map<string, number[]>();
  readonly tokens = new Set<string>();

  /** The lists of the compounds of a text's words (joined pairwise); the words become tokens. */
  of(ws: readonly string[]): number[][] {
    const lists: number[][] = [];
    ws.forEach((w, i) => {
      this.tokens.add(w);
      if (i === 0) return;
      const joined = ws[i - 1]! + w;
      let list = this.lists.get(joined);
      if (list === undefined) this.lists.set(joined, list = []);
      lists.push(list);
    });
    return lists;
  }

  add(lists: number[][], docs: readonly number[]): void {
    for (const list of lists) for (const doc of docs) if (list[list.length - 1] !== doc) list.push(doc);
  }
}

/** For each query word: the categories whose phrasing covers it (contiguous runs of query words). */
export function phrasedCategories(qWords: string[], vocabulary: Vocabulary): Set<string>[] {
  const out = qWords.map(() => new Set<string>());
  for (let i = 0; i < qWords.length; i++) {
    // A run is a phrasing, or one with a word inside it: at most one word longer than the longest.
    for (let j = i; j < Math.min(qWords.length, i + vocabulary.phrasingWords + 1); j++) {
      const run = qWords.slice(i, j + 1).join(' ');
      // The last word may be typed only in part ("image gen" for "image generator").
      const categories = vocabulary.phrasings.get(run) ?? (j === qWords.length - 1 && j > i && qWords[j]!.length >= 3 ? completed(run, vocabulary) : undefined);
      if (categories) for (let k = i; k <= j; k++) for (const c of categories) out[k]!.add(c);
      // A word inside a phrasing ("voice memo to text" is "voice to text" about a memo): the others still phrase it.
      for (let skip = i + 1; skip < j && j - i >= 2; skip++) {
        const gapped = vocabulary.phrasings.get([...qWords.slice(i, skip), ...qWords.slice(skip + 1, j + 1)].join(' '));
        if (gapped) for (let k = i; k <= j; k++) if (k !== skip) for (const c of gapped) out[k]!.add(c);
      }
    }
  }
  return out;
}

/** The categories of the phrasings that complete a run of words whose last word is typed in part. */
function completed(run: string, vocabulary: Vocabulary): string[] | undefined {
  const keys = vocabulary.phrasingKeys;
  const words = run.split(' ').length;
  const found = new Set<string>();
  for (let at = firstAtLeast(keys, run); at < keys.length && keys[at]!.startsWith(run); at++) {
    if (keys[at]!.split(' ').length === words) for (const c of vocabulary.phrasings.get(keys[at]!)!) found.add(c);
  }
  return found.size > 0 ? [...found] : undefined;
}
