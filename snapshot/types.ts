// The snapshot's data file (dist/data.json) and manifest (dist/manifest.json): the contract
// between build/ (which writes them) and gateway/ (which reads them).

export type { Category, CategoryRef, Tool } from './schema.ts';
import type { SearchLanguage } from './contract.ts';
import type { Category, Tool } from './schema.ts';
import type { VocabularyFile } from './vocabulary-schema.ts';

/** A tool that no longer exists, and where its users went. */
export interface RetiredTool {
  slug: string;
  name: string;
  retired_at: string;
  reason: string;
  successor: string | null;
  alternatives: string[];
}

/** What a constraint word filters on (catalog/vocabulary.json's `constraints`, as its schema states it). */
export type Constraint = NonNullable<VocabularyFile['constraints']>[string];

/** One language as search reads it, compiled from the vocabulary by the build. */
export interface CompiledLanguage {
  /** A folded word or phrase of the language -> the English term it stands for. */
  terms: Record<string, string>;
  /**
   * The Snowball stem of each one-word term, in the order of oneWordTerms: the letters it cuts
   * from the term's end, or the stem itself where it is no beginning of the term (143 of 7,091:
   * "großvater" -> "grossvat"). The gateway reads the stems from it at load (translation.ts) in 2 to 12 ms;
   * stemming the terms there takes 45-120 ms, and shipping the stems costs the edge bundle 25 KB
   * gzipped against 5 KB for this.
   */
  stemCuts: (number | string)[];
  /** Words that carry no need in a query (stopwords-iso), terms excepted. */
  stopwords: string[];
  /** Its words (terms or stop words) that are English words too ("premier", "table", "sea"): from four letters, alone, no sign of the language; never dropped from an English query. */
  alsoEnglish: string[];
}

/** The one-word terms of a language, in the order `stemCuts` follows: the build writes the cuts and the gateway reads them by it. */
export const oneWordTerms = (terms: Record<string, string>): string[] => Object.keys(terms).filter((t) => !t.includes(' '));

export interface SearchVocabulary {
  /** Category slug -> everyday English phrasings of the need. */
  phrasings: Record<string, string[]>;
  /** Sets of English words that mean the same to a searcher. */
  equivalents: string[][];
  /** Constraint name -> its English terms and the filter it means. */
  constraints: Record<string, Constraint>;
  /** The other languages search reads. */
  languages: Partial<Record<SearchLanguage, CompiledLanguage>>;
  /** Common English words (stopwords-iso): a query made of them is read as English. */
  english: string[];
  /** English words one edit from a name word ("drain" near "Brain"): meant as written, never corrected to the name. Sorted and packed (sorted-words.ts). */
  ordinary: string;
  /** English words that only begin a word of a name ("table" in "Tableau"): in a query of several words, no name match. */
  namePrefixes: string[];
  /** A word of a tool's name that also means something else -> the words that, beside it, say the other is meant (VocabularyFile's namesakes). */
  namesakes: Record<string, string[]>;
  /** Words of names that are English words too ("llama", "otter", "cursor", "runway"): written alone, they may mean the thing, not the tool. */
  englishNames: string[];
  /**
   * English words that begin words of the catalog's texts that are neither their inflections nor
   * compounds ("late": latency, latent), with those words: in a query of several words, the word
   * is meant as itself and finds none of them.
   */
  unrelatedStarts: Record<string, string[]>;
}

/** Everything the gateway needs to answer any valid request exactly as the build would have. */
export interface SnapshotData {
  /** Tools in the default order (name, then slug). */
  tools: Tool[];
  /** Categories in the default order (name, then slug). */
  categories: Category[];
  /** Indices into `tools`, newest first (added_at descending, ties by slug). */
  tools_by_newest: number[];
  /** Indices into `categories`, by tool_count descending, ties by name. */
  categories_by_tool_count: number[];
  /** Former slug -> current slug, for tools and for categories (answered 301). */
  moved: { tools: Record<string, string>; categories: Record<string, string> };
  /** Retired tools, by slug (answered 410, never listed). */
  retired: RetiredTool[];
  /** The search vocabulary (catalog/vocabulary.json), compiled by the build: see SearchVocabulary. */
  vocabulary: SearchVocabulary;
  /** Other names people search tools by (the tool file's `aliases`), by slug. */
  aliases: Record<string, string[]>;
  /** Curated search prominence by tool slug (see the tool file's `prominence`); absent is 0. */
  prominence: Record<string, number>;
  /** Allowed values of the enum parameters. */
  groups: string[];
  pricing: string[];
  platforms: string[];
}

export interface PrebuiltVariant { path: string; bytes: number }

export interface PrebuiltBody {
  /** File under dist/ holding the exact response body. */
  path: string;
  bytes: number;
  /** Strong ETag of the identity body, quotes included. */
  etag: string;
  /** For list pages: the number of matching items (meta.total), for the Link header. */
  total?: number;
  /** Content-Type, for the public documents that are not JSON (the /docs page and its script). */
  type?: string;
  gzip?: PrebuiltVariant;
  br?: PrebuiltVariant;
}

export interface Manifest {
  /** Content hash of the snapshot: same catalog, same id. */
  snapshot: string;
  counts: { tools: number; categories: number; groups: number; bodies: number };
  /** Canonical request key (see canonicalKey) -> prebuilt body. */
  bodies: Record<string, PrebuiltBody>;
  files: { data: string; search_index: string; openapi: string };
}

/** What the core reads of a prebuilt body to answer with it; the bytes are sent by the CDN or the Node adapter. */
export type RoutedBody = Pick<PrebuiltBody, 'path' | 'etag' | 'total' | 'type'>;

/** The manifest as the core reads it; the edge bundle embeds only this much (22 KB less gzipped than the whole manifest). */
export interface RoutingManifest extends Omit<Manifest, 'bodies'> { bodies: Record<string, RoutedBody> }
