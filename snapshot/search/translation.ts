// A query in German, French, Spanish, Portuguese, Italian or Dutch, read in English: which of the
// six languages it is written in (if any), and its words as the English the catalog is written in
// (the vocabulary's terms whole or by Snowball stem, German and Dutch compounds split, Romance
// word order), tools' names kept as written.
import { SEARCH_LANGUAGES, type SearchLanguage } from '../contract.ts';
import { oneWordTerms, type CompiledLanguage, type SearchVocabulary } from '../types.ts';
import { STEMMERS } from './stemmers.ts';
import { FILLER, STOPWORDS } from './words.ts';

/** Remembers a value made from the snapshot alone under `key` (HitsMemo.remember). */
export type Remember = <T>(key: string, make: () => T, bytes: (value: T) => number) => T;
/** Remembers nothing: made every time. */
export const rememberNothing: Remember = (_key, make) => make();

/** A word's evidence (Translator.evidence): bit i, it counts for the i-th language; bits OWN + i, it is a term or stop word there; OWN_NOT_ENGLISH + i, and no English stop word. */
const HIT_BITS = (1 << SEARCH_LANGUAGES.length) - 1;
const OWN = SEARCH_LANGUAGES.length;
const OWN_NOT_ENGLISH = 2 * SEARCH_LANGUAGES.length;
const ENGLISH = 1 << (3 * SEARCH_LANGUAGES.length);
const CATALOG = 1 << (3 * SEARCH_LANGUAGES.length + 1);

/** A language's words (and phrases) and Snowball stems, each -> the English it means. */
/** A language's terms and stems (native -> English), and how many words its longest term has. */
interface LanguageTable { terms: Map<string, string>; stems: Map<string, string>; longest: number }

/** A language's terms, and the Snowball stem of each one-word term -> its English (the first term with that stem wins). */
function languageTable(language: CompiledLanguage): LanguageTable {
  const stems = new Map<string, string>();
  oneWordTerms(language.terms).forEach((term, i) => {
    const cut = language.stemCuts[i]!;
    const stem = typeof cut === 'string' ? cut : term.slice(0, term.length - cut);
    if (!stems.has(stem)) stems.set(stem, language.terms[term]!);
  });
  return { terms: new Map(Object.entries(language.terms)), stems, longest: Math.max(1, ...Object.keys(language.terms).map((t) => t.split(' ').length)) };
}

export class Translator {
  private readonly english: Set<string>;
  /** Each language's words and stems -> the English they mean. */
  private readonly languages: Map<SearchLanguage, LanguageTable>;
  private readonly stopwords: Map<SearchLanguage, Set<string>>;
  private readonly alsoEnglish: Map<SearchLanguage, Set<string>>;
  /** Stop words of the six languages that are no English or catalog word ("voor", "mit", "avec"; not "pour" or "con"). */
  private readonly foreign: Set<string>;
  /** Each language's stems' first three letters. */
  private readonly stemStarts: Map<SearchLanguage, Set<string>>;

  constructor(
    vocabulary: SearchVocabulary,
    /** A compacted name, slug, former slug or alias -> the tool it names. */
    private readonly named: (compacted: string) => number | undefined,
    /** Every word of the tools' names, tags and category names: English as the catalog writes it. */
    private readonly catalogWords: ReadonlySet<string>,
    /** Where what a word says of its language is remembered (the engine's memory, recall.ts). */
    private readonly remember: Remember = rememberNothing,
  ) {
    // English stop words, and the engine's own weak words ("create" is an Italian verb form too).
    this.english = new Set([...vocabulary.english, ...STOPWORDS]);
    // Maps, not the snapshot's objects: a query word such as "constructor" must not find Object's own properties.
    this.languages = new Map(Object.entries(vocabulary.languages).map(([lang, l]) => [lang as SearchLanguage, languageTable(l)]));
    this.stopwords = new Map(Object.entries(vocabulary.languages).map(([lang, l]) => [lang as SearchLanguage, new Set(l.stopwords)]));
    this.alsoEnglish = new Map(Object.entries(vocabulary.languages).map(([lang, l]) => [lang as SearchLanguage, new Set(l.alsoEnglish)]));
    const englishToo = new Set([...this.alsoEnglish.values()].flatMap((shared) => [...shared]));
    this.foreign = new Set([...this.stopwords.values()].flatMap((stop) => [...stop])
      .filter((w) => /\p{L}/u.test(w) && !this.english.has(w) && !englishToo.has(w) && !catalogWords.has(w)));
    this.stemStarts = new Map([...this.languages].map(([lang, table]) => [lang, new Set([...table.stems.keys()].map((stem) => stem.slice(0, 3)))]));
  }

  /** Whether a language has the word itself as a term or a stop word (not only its stem): its remembered evidence says so. */
  hasWord(w: string): boolean {
    return (this.wordEvidence(w) & (HIT_BITS << OWN)) !== 0;
  }

  /**
   * The language whose words the query uses most, when it uses more of them than common English
   * words: each word counts for a language when it is one of its terms (whole or by stem) or stop
   * words and is no word the catalog writes in English nor an English word ("premier league table").
   */
  language(ws: string[]): SearchLanguage | undefined {
    const evidence = ws.map((w) => this.wordEvidence(w));
    // Most queries are English: a query none of whose words counts for a language is read as English at once.
    if (!evidence.some((e) => (e & HIT_BITS) !== 0)) return undefined;
    let best: SearchLanguage | undefined;
    let bestHits = 0;
    let bestOwn = 0;
    [...this.languages.keys()].forEach((lang, i) => {
      const count = (bit: number) => evidence.filter((e) => (e & bit) !== 0).length;
      const hits = count(1 << i);
      // Between languages as likely, the one more of whose words the query uses, the catalog's too
      // ("com" in "editor de video gratis com ia" is Portuguese, not Spanish).
      const own = count(1 << (OWN + i));
      if (hits === 0 || hits < bestHits || (hits === bestHits && own <= bestOwn)) return;
      // The catalog's words are as often borrowed ("open source", "app") as English: beside a
      // word of the language's own, they count half.
      const borrowed = count(1 << (OWN_NOT_ENGLISH + i)) > 0 ? 0.5 : 1;
      const others = evidence.filter((e) => (e & (1 << (OWN + i))) === 0);
      const englishOnly = others.filter((e) => (e & ENGLISH) !== 0).length + borrowed * others.filter((e) => (e & (ENGLISH | CATALOG)) === CATALOG).length;
      if (hits >= englishOnly) [best, bestHits, bestOwn] = [lang, hits, own];
    });
    return best;
  }

  private wordEvidence(w: string): number {
    return this.remember(`${w}\0language`, () => this.evidence(w), () => 48 + 2 * w.length);
  }

  /**
   * What a word says of the query's language, as bits (see HIT_BITS): for which languages it
   * counts, which have it as a term or stop word (and not as an English stop word too), whether it
   * is English, whether the catalog writes it. A word's evidence depends on nothing else, so it is
   * remembered like a word's matches: stemming a word in six languages and splitting it as a
   * German or Dutch compound was most of the cost of reading a query.
   */
  private evidence(w: string): number {
    const english = this.english.has(w);
    const catalog = this.catalogWords.has(w);
    let bits = (english ? ENGLISH : 0) | (catalog ? CATALOG : 0);
    [...this.languages].forEach(([lang, table], i) => {
      const stop = this.stopwords.get(lang)!;
      const own = table.terms.has(w) || stop.has(w);
      if (own) bits |= (1 << (OWN + i)) | (english ? 0 : 1 << (OWN_NOT_ENGLISH + i));
      // Stems are tried only for words English does not know. Short function words ("die", "mir",
      // "com", "ou") are English too by the dictionary but say much more of their own language.
      if (catalog || !/\p{L}/u.test(w) || (w.length >= 4 && this.alsoEnglish.get(lang)!.has(w))) return;
      if (own || (!english && (this.termOf(table, lang, w) !== undefined || this.compound(table, lang, w) !== undefined))) bits |= 1 << i;
    });
    return bits;
  }

  /**
   * A query read as English keeps no other language's stop word: "ai tool voor social media posts"
   * has too few Dutch words to be read as Dutch, but "voor" is no need.
   */
  withoutForeignStopwords(ws: string[]): string[] {
    const kept = ws.filter((w) => !this.foreign.has(w));
    return kept.length > 0 ? kept : ws;
  }

  private termOf(table: LanguageTable, lang: SearchLanguage, w: string): string | undefined {
    // A Snowball stem is a start of its word: a word whose first letters begin no stem is not stemmed.
    return table.terms.get(w) ?? (w.length >= 4 && this.stemStarts.get(lang)!.has(w.slice(0, 3)) ? table.stems.get(STEMMERS[lang](w)) : undefined);
  }

  /** The longest of the language's phrases (two words or more) that starts at word `i`. */
  private phraseAt(ws: readonly string[], i: number, table: LanguageTable): { words: number; english: string } | undefined {
    for (let n = Math.min(table.longest, ws.length - i); n >= 2; n--) {
      const english = table.terms.get(ws.slice(i, i + n).join(' '));
      if (english !== undefined) return { words: n, english };
    }
    return undefined;
  }

  /** The query's words in English: the language's phrases (the longest first), words and stems, compounds split; other words as written. */
  translate(ws: string[], lang: SearchLanguage): string[] {
    const table = this.languages.get(lang)!;
    const stop = this.stopwords.get(lang)!;
    const out: string[] = [];
    for (let i = 0; i < ws.length; i++) {
      // A tool's name of several words stays as written ("dall e", "le chat"): none of its words is a stop word or a term.
      const name = [4, 3, 2].find((n) => i + n <= ws.length && this.named(ws.slice(i, i + n).join('')) !== undefined);
      if (name !== undefined) {
        out.push(...ws.slice(i, i + name));
        i += name - 1;
        continue;
      }
      const phrase = this.phraseAt(ws, i, table);
      if (phrase) {
        out.push(...phrase.english.split(' '));
        i += phrase.words - 1;
        continue;
      }
      const w = ws[i]!;
      // A word the catalog writes in English ("video", "chat") is kept, unless the language's terms name it whole ("a" -> "to").
      const term = table.terms.get(w) ?? (this.catalogWords.has(w) ? undefined : this.termOf(table, lang, w) ?? this.compound(table, lang, w));
      if (term !== undefined) out.push(...term.split(' '));
      else if (!stop.has(w)) out.push(w);
    }
    return ofPhrases(out);
  }

  /**
   * A German or Dutch compound of known words ("bildgenerator", "afbeeldinggenerator",
   * "hintergrundentferner"): its parts in English, with the joining "s", "e" or "en" between them.
   */
  private compound(table: LanguageTable, lang: SearchLanguage, w: string): string | undefined {
    if ((lang !== 'de' && lang !== 'nl') || w.length < 7) return undefined;
    // Parts are looked up as written or as a stem (no stemming per cut: a query's every word is tried).
    const part = (p: string) => table.terms.get(p) ?? table.stems.get(p) ?? (this.catalogWords.has(p) ? p : undefined);
    for (let cut = w.length - 3; cut >= 3; cut--) {
      const head = w.slice(0, cut);
      const tailTerm = part(w.slice(cut));
      if (tailTerm === undefined) continue;
      for (const joint of ['', 's', 'e', 'en', 'n']) {
        if (!head.endsWith(joint) || head.length - joint.length < 3) continue;
        const first = head.slice(0, head.length - joint.length);
        const headTerm = part(first) ?? this.compound(table, lang, first);
        if (headTerm !== undefined) return `${headTerm} ${tailTerm}`;
      }
    }
    return undefined;
  }
}

/** "generator of image" (French, Spanish, Portuguese, Italian word order) as English says it: "image generator". */
function ofPhrases(ws: string[]): string[] {
  const out = [...ws];
  for (let i = 1; i + 1 < out.length; i++) {
    if (out[i] !== 'of' || FILLER.has(out[i - 1]!) || FILLER.has(out[i + 1]!) || out[i + 1] === 'to') continue;
    out.splice(i - 1, 3, out[i + 1]!, out[i - 1]!);
  }
  return out.filter((w) => w !== 'of');
}
