// The engine's tables, derived once from the snapshot's data when it loads: per tool, by its
// number, what a query compares (compacted names, makers, primary category, pricing), and the
// whole phrases and aliases a query may be. A query then reads typed arrays by tool number
// instead of the tools' objects, which are scattered across the heap in a large catalog.
import { compact } from '../search-index.ts';
import type { SnapshotData, Tool } from '../types.ts';
import { ALIAS_NAME, ALIAS_PREFIX_PENALTY, DEVELOPER_TOOL, FORMER_NAME, RETIRED_ALTERNATIVE, RETIRED_SUCCESSOR, SUNSET_SUCCESSOR } from './ranking.ts';
import { words } from './words.ts';

/** A tool a name leads to, and the bonus it gets when the query is that name. */
export interface Alias { doc: number; bonus: number }

export interface Tables {
  count: number;
  /** Each name's words, split once for everything else. */
  nameWords: string[][];
  /** Names and makers compacted: "DALL-E" -> "dalle". */
  names: string[];
  /** Curated prominence, 0 to 3. */
  prominence: Uint8Array;
  /**
   * What a tool's standing adds to its score, by whether the query is a developer's: its
   * prominence, less DEVELOPER_TOOL for a tool made for developers (an API, a model, an SDK or a
   * library: its tagline or tags say so) in a query that is not.
   */
  standing: { forAnyone: Int8Array; forDevelopers: Int8Array };
  /** A maker's name compacted -> its flagships (prominence 3). */
  flagships: Map<string, number[]>;
  /** Each tool's primary category as a number, and each such category's words. */
  primaryOf: Uint16Array;
  primaryWords: string[][];
  /** Whole tags and category names, compacted like names ("texttospeech") -> tools. */
  phrases: Map<string, number[]>;
  /** Each tool's primary category name, compacted. */
  primaryPhrase: string[];
  /** Former names and retired tools' names, compacted -> the tools they lead to. */
  aliases: Map<string, Alias[]>;
  /** The distinct pricing values, and each tool's as a number into them. */
  pricingCodes: string[];
  pricingOf: Uint8Array;
  /** Each tool's platforms as bits of the snapshot's platform list, and whether it is open source. */
  platformBits: Uint16Array;
  openSource: Uint8Array;
  /** 1 for a tool that runs on one's own machine: see runsLocally. */
  runsLocally: Uint8Array;
  /** A name as people type it, compacted (name, slug, former slug, alias, retired name) -> the current tool it names. */
  named: Map<string, number>;
  /** An English word that is a tool's name, or begins the names of its family, -> those tools: see wordNames. */
  wordNamed: Map<string, number[]>;
  /** Words of names that are English words too (SearchVocabulary.englishNames). */
  englishNames: ReadonlySet<string>;
}

export function buildTables(data: SnapshotData): Tables {
  const [pricingCodes, nameWords, englishNames] = [[...new Set(data.tools.map((t) => t.pricing))], data.tools.map((t) => words(t.name)), new Set(data.vocabulary.englishNames)];
  const named = namedTable(data, nameWords);
  return {
    count: data.tools.length,
    nameWords,
    names: data.tools.map((t) => compact(t.name)),
    ...standingTables(data),
    ...primaryCategories(data),
    ...phraseTable(data),
    aliases: aliasTable(data),
    pricingCodes,
    pricingOf: new Uint8Array(data.tools.map((t) => pricingCodes.indexOf(t.pricing))),
    platformBits: new Uint16Array(data.tools.map((t) => platformBits(data, t.platforms))),
    openSource: new Uint8Array(data.tools.map((t) => (t.open_source ? 1 : 0))),
    runsLocally: new Uint8Array(data.tools.map((t) => (runsLocally(t) ? 1 : 0))),
    named, englishNames,
    wordNamed: wordNames(data, nameWords, named, englishNames),
  };
}

/**
 * Tools named by one English word ("Otter.ai", "Clay", "Granola"), and the family named after
 * one ("Gemini CLI"), by that word; not a word that is also the name of a maker of several tools
 * ("meta" in "meta ai tools besides the whatsapp bot" asks for Meta's).
 */
function wordNames(data: SnapshotData, nameWords: readonly string[][], named: Map<string, number>, english: ReadonlySet<string>): Map<string, number[]> {
  const [toolsBy, out] = [new Map<string, number>(), new Map<string, number[]>()];
  for (const t of data.tools) toolsBy.set(compact(t.maker), (toolsBy.get(compact(t.maker)) ?? 0) + 1);
  nameWords.forEach((written, doc) => {
    const ws = written.filter((w) => !GENERIC_LAST_WORD.has(w));
    const word = ws[0] ?? '';
    if (english.has(word) && (toolsBy.get(word) ?? 0) < 2 && (ws.length === 1 || named.has(word))) out.get(word)?.push(doc) ?? out.set(word, [doc]);
  });
  return out;
}

function standingTables(data: SnapshotData): Pick<Tables, 'prominence' | 'standing' | 'flagships'> {
  const prominence = new Uint8Array(data.tools.map((t) => data.prominence[t.slug] ?? 0));
  const forDevelopers = (t: Tool) => DEVELOPER_TAGLINE.test(t.tagline) || t.tags.some((tag) => DEVELOPER_TAG.test(tag));
  const flagships = new Map<string, number[]>();
  data.tools.forEach((t, doc) => {
    if (prominence[doc] === 3) flagships.set(compact(t.maker), [...(flagships.get(compact(t.maker)) ?? []), doc]);
  });
  return {
    prominence,
    standing: {
      forAnyone: new Int8Array(data.tools.map((t, doc) => prominence[doc]! - (forDevelopers(t) ? DEVELOPER_TOOL : 0))),
      forDevelopers: new Int8Array(prominence),
    },
    flagships,
  };
}

/** Platforms on which an open-source tool runs on one's own machine (a self-hosted one does whatever its licence). */
const LOCAL_PLATFORMS: ReadonlySet<string> = new Set(['cli', 'windows', 'macos', 'linux']);
/** Tags that say a tool works offline or on one's own machine whatever its licence (MacWhisper, LM Studio, Tabnine on premises). */
const RUNS_LOCALLY_TAG = /^(?:offline(?:-ai)?|local-(?:llm|ai|tts|first)|run-llm-locally|on-device(?:-ai)?|on-premises)$/;

/** Whether a tool runs on one's own machine or server ("offline", "runs locally", "self hosted"): self-hosted, open source with a desktop or command-line platform, or tagged so. */
export function runsLocally(tool: Tool): boolean {
  return tool.platforms.includes('self-hosted') || (tool.open_source && tool.platforms.some((p) => LOCAL_PLATFORMS.has(p))) || tool.tags.some((tag) => RUNS_LOCALLY_TAG.test(tag));
}

/** Platforms as bits, in the order of the snapshot's platform list. */
export function platformBits(data: SnapshotData, platforms: readonly string[]): number {
  let bits = 0;
  for (const p of platforms) bits |= 1 << data.platforms.indexOf(p);
  return bits;
}

/**
 * Names as people type them, compacted: a tool's name, slug, aliases and former slugs, and a
 * retired tool's name and slug (leading to its successor, else its first alternative). A name
 * written with a version ("gpt5", "veo 3", "claude 4.5") also finds the name without it.
 */
function namedTable(data: SnapshotData, nameWords: readonly string[][]): Map<string, number> {
  const named = new Map<string, number>();
  const slugIndex = new Map(data.tools.map((t, i) => [t.slug, i]));
  const add = (name: string, doc: number | undefined) => {
    const key = compact(name);
    if (doc !== undefined && key.length >= 2 && !named.has(key)) named.set(key, doc);
  };
  data.tools.forEach((t, i) => { add(t.name, i); add(t.slug, i); });
  data.tools.forEach((t, i) => { for (const a of data.aliases[t.slug] ?? []) add(a, i); });
  // People drop a name's last word when it only says what the tool is or its edition: "otter" for
  // Otter.ai, "kling" for Kling AI, "duolingo" for Duolingo Max.
  for (const [i, ws] of nameWords.entries()) if (ws.length > 1 && GENERIC_LAST_WORD.has(ws[ws.length - 1]!)) add(ws.slice(0, -1).join(''), i);
  // A name of several words after its maker's ("Microsoft Dragon Copilot" is "dragon copilot"),
  // unless what is left says only what it is ("Wix AI Website Builder").
  data.tools.forEach((t, i) => {
    const [ws, maker] = [nameWords[i]!, words(t.maker)];
    if (ws.length - maker.length >= 2 && ws[maker.length] !== 'ai' && maker.every((w, k) => ws[k] === w)) add(ws.slice(maker.length).join(''), i);
  });
  for (const [former, current] of Object.entries(data.moved.tools)) add(former, slugIndex.get(current));
  for (const r of data.retired) for (const n of [r.name, r.slug]) add(n, slugIndex.get(r.successor ?? r.alternatives[0] ?? ''));
  return named;
}

/** A tagline or a tag that says a tool is made for developers: "Speech-to-text API", "open-source speech recognition model", "transcription-api". */
const DEVELOPER_TAGLINE = /\b(?:apis?|sdks?|models?|library|framework)\b/i;
const DEVELOPER_TAG = /(?:^|-)(?:api|sdk|library)$/;

/** A name's last word that people leave out ("Otter.ai", "Kling AI", "Elai.io", "Duolingo Max", "djay Pro"). */
const GENERIC_LAST_WORD = new Set(['ai', 'io', 'app', 'pro', 'max']);

/** A version at the end of a compacted name: "5" in "gpt5", "v7", "45" in "claude45", "4o" in "gpt4o". */
export const VERSION = /v?\d+[a-z]?$/;

/** The tool a compacted name leads to, also when it carries a version the name lacks ("gpt5" -> "gpt"). */
export function namedTool(tables: Tables, compacted: string): number | undefined {
  const exact = tables.named.get(compacted);
  if (exact !== undefined) return exact;
  const unversioned = compacted.replace(VERSION, '');
  return unversioned.length >= 2 && unversioned !== compacted ? tables.named.get(unversioned) : undefined;
}

/** Primary categories by number: a query form checks the categories' words once, then each tool by its number. */
function primaryCategories(data: SnapshotData): Pick<Tables, 'primaryOf' | 'primaryWords'> {
  const primaryNumber = new Map<string, number>();
  const primaryWords: string[][] = [];
  const primaryOf = new Uint16Array(data.tools.length);
  data.tools.forEach((t, doc) => {
    const c = t.categories[0]!;
    let n = primaryNumber.get(c.slug);
    if (n === undefined) { primaryNumber.set(c.slug, n = primaryWords.length); primaryWords.push(words(c.name)); }
    primaryOf[doc] = n;
  });
  return { primaryOf, primaryWords };
}

/** Tags are already lowercase kebab-case, so compacting one is dropping its hyphens (once per distinct tag). */
function phraseTable(data: SnapshotData): Pick<Tables, 'phrases' | 'primaryPhrase'> {
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
  return { phrases, primaryPhrase };
}

/**
 * Names a tool is also known by, compacted like names: its former slugs, and the name and slug of
 * each retired tool that sends its users here. Retired tools are never results themselves.
 */
function aliasTable(data: SnapshotData): Map<string, Alias[]> {
  const aliases = new Map<string, Alias[]>();
  const slugIndex = new Map(data.tools.map((t, i) => [t.slug, i]));
  const addAlias = (alias: string, slug: string | null, bonus: number) => {
    const doc = slug === null ? undefined : slugIndex.get(slug);
    if (doc === undefined || alias.length < 2) return;
    const list = aliases.get(alias) ?? [];
    if (!list.some((a) => a.doc === doc)) list.push({ doc, bonus });
    aliases.set(alias, list);
  };
  for (const [former, current] of Object.entries(data.moved.tools)) addAlias(compact(former), current, FORMER_NAME);
  for (const [slug, names] of Object.entries(data.aliases)) for (const a of names) addAlias(compact(a), slug, ALIAS_NAME);
  for (const t of data.tools) {
    if (t.sunset_at !== null && t.successor !== null) for (const alias of new Set([compact(t.name), compact(t.slug)])) addAlias(alias, t.successor, SUNSET_SUCCESSOR);
  }
  for (const r of data.retired) {
    for (const alias of new Set([compact(r.name), compact(r.slug)])) {
      addAlias(alias, r.successor, RETIRED_SUCCESSOR);
      r.alternatives.forEach((slug, i) => addAlias(alias, slug, RETIRED_ALTERNATIVE - i * 100));
    }
  }
  return aliases;
}

/**
 * The tools a compacted query leads to as a former or retired name: whole, or (from 5 letters)
 * the start of one when it is a good part of it, a notch below a whole alias.
 */
export function aliasHits(tables: Tables, whole: string): Alias[] {
  const exact = tables.aliases.get(whole);
  if (exact !== undefined) return exact;
  const out: Alias[] = [];
  if (whole.length < 5) return out;
  for (const [alias, hits] of tables.aliases) {
    if (alias.startsWith(whole) && whole.length * 5 >= alias.length * 2) for (const h of hits) out.push({ doc: h.doc, bonus: h.bonus - ALIAS_PREFIX_PENALTY });
  }
  return out;
}
