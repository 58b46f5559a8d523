// The ranking's rules in one place: how much each kind of match weighs, and how scores become an
// ordered page. Exact name > name prefix > name typo > tag/category/maker > tagline > description,
// with every query word matched worth more than any single field, and ties broken by name.
import type { PLATFORMS } from '../schema.ts';
import type { SearchField } from '../search-index.ts';

/** Weight of a query word found in each field (the best field per word counts). */
export const FIELD_WEIGHT: Record<Exclude<SearchField, 'compact'>, number> = {
  name: 80,
  fuzzy: 60,
  tags: 45,
  categories: 40,
  maker: 35,
  tagline: 20,
  description: 10,
};
export const NAME_WORD_EXACT = 100;
/**
 * From this weight a word's match says the tool is about it: a name, tag, category, maker or
 * phrasing (an expanded tag counts 33). A tagline or a description only mentions it.
 */
export const STRONG_FIELD = 20;
/** A word of the tool's primary category's name counts more than one of its other categories. */
export const PRIMARY_CATEGORY = 50;
export const TYPO = 60;
export const PER_WORD_MATCHED = 1000;
export const EXACT_NAME = 10_000;
/** The whole query is one of the tool's tags or category names ("text to speech"): word order matters. */
export const PHRASE = 300;
export const PRIMARY_PHRASE = 400;
export const NAME_PREFIX = 5_000;
/** The whole query is a name the record lists in `aliases` ("mj", "gpt-5"): just below an exact name. */
export const ALIAS_NAME = 9_500;
/** The whole query is a former name of the tool (a rename): just below its current name. */
export const FORMER_NAME = 9_000;
/** The whole query names a retired tool: its successor first, then its alternatives in order. */
export const RETIRED_SUCCESSOR = 8_000;
export const RETIRED_ALTERNATIVE = 7_000;
/** The whole query names a tool being shut down (`sunset_at`): its successor, just below the tool named and a name's start. */
export const SUNSET_SUCCESSOR = 4_500;
/** A whole-query alias prefix ("amazon q" for "Amazon Q Developer") counts this much below the whole alias. */
export const ALIAS_PREFIX_PENALTY = 1_000;
/** A word matched through the vocabulary (an equivalent, a phrasing, a compound) counts this share of a literal match. */
export const EXPANDED = 0.75;
/**
 * A tool of a category whose everyday phrasing the query uses: the word counts as matched at
 * least this much, plus a bonus on top of whatever it matched literally, so that among the
 * category's tools the literal matches come first, and the category comes before loose matches.
 */
export const PHRASED = 30;
export const PHRASED_PRIMARY = 38;
export const PHRASED_BONUS = 30;
/** Alternatives with a need ("X alternative for Y"): a tool's similarity to X (0 to 1) times this, below one word matched. */
export const SIMILAR = 600;
/** A query that is exactly a maker's name: its flagships (prominence 3) first, above names that merely start with it. */
export const MAKER_FLAGSHIP = 6_000;
/** A tool made for developers (an API, a model) in a query with no developer word: below apps that match as well, above any less matched (prominence is 0 to 3). */
export const DEVELOPER_TOOL = 4;
/** Platforms a developer asks for ("with an api", "cli"): the query is a developer's. */
const DEVELOPER_PLATFORMS: ReadonlySet<string> = new Set<(typeof PLATFORMS)[number]>(['api', 'cli', 'self-hosted', 'ide-extension']);
/** Words that say a query is a developer's: then APIs and models rank as they match. */
const DEVELOPER_WORDS: ReadonlySet<string> = new Set(['api', 'apis', 'sdk', 'developer', 'developers', 'dev', 'devs', 'code', 'coding', 'programming', 'python', 'javascript', 'typescript', 'node', 'npm', 'library', 'framework', 'model', 'models', 'llm', 'llms', 'endpoint', 'integrate', 'integration', 'webhook', 'self', 'hosted', 'cli', 'terminal', 'github', 'repo', 'backend', 'pipeline', 'deploy', 'docker', 'gpu', 'inference', 'embeddings', 'realtime', 'latency', 'streaming', 'production', 'scale', 'batch']);
/** Whether a query (its content words, the platforms it filters on) is a developer's. */
export function asksAsADeveloper(words: readonly string[], platforms: readonly string[] = []): boolean {
  return words.some((w) => DEVELOPER_WORDS.has(w)) || platforms.some((p) => DEVELOPER_PLATFORMS.has(p));
}

export interface SearchHit { index: number; score: number }

/** Room for the tie-break in a sort key (up to 2^21 tools), and for a word's number in the typo index. */
export const TIE_SPACE = 2 ** 21;

/** A score and a tool's place in name order (tools are stored sorted by name) as one sortable number. */
export const sortKey = (raw: number, doc: number) => raw * TIE_SPACE + (TIE_SPACE - 1 - doc);

export function hitOf(key: number): SearchHit {
  const raw = Math.floor(key / TIE_SPACE);
  return { index: TIE_SPACE - 1 - (key - raw * TIE_SPACE), score: raw / 100 };
}

/**
 * The `k` largest keys (all distinct), largest first. Sorting every match of a common word costs
 * more than the rest of a query; the k largest are kept in a min-heap at the front of `keys`
 * while the rest are read once, and only the k are sorted (bench:search at 10,000 tools: 77 us a
 * search, against 148 sorting every match and 81 with a partition, quickselect).
 */
export function largest(keys: Float64Array, k: number): Float64Array {
  if (k * 4 >= keys.length) return keys.sort().reverse().subarray(0, k);
  for (let at = (k >>> 1) - 1; at >= 0; at--) siftDown(keys, at, k);
  for (let i = k; i < keys.length; i++) {
    if (keys[i]! <= keys[0]!) continue;
    keys[0] = keys[i]!;
    siftDown(keys, 0, k);
  }
  return keys.subarray(0, k).sort().reverse();
}

/** Moves keys[at] down the min-heap keys[0..size) to where it belongs. */
function siftDown(keys: Float64Array, at: number, size: number): void {
  const key = keys[at]!;
  for (let child = 2 * at + 1; child < size; child = 2 * at + 1) {
    if (child + 1 < size && keys[child + 1]! < keys[child]!) child++;
    if (keys[child]! >= key) break;
    keys[at] = keys[child]!;
    at = child;
  }
  keys[at] = key;
}
