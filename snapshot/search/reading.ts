// How a query is read before any tool is matched: its language (and its words in English), the
// words that state a constraint (applied as filters, not matched as text), and whether it asks for
// alternatives to a tool ("free alternative to X") or compares two ("X vs Y"). What was read
// beyond plain words is reported as `meta.interpreted`, so an app can show it.
import { PRICING, type Interpreted } from '../schema.ts';
import type { SnapshotData } from '../types.ts';
import { Translator, type Remember } from './translation.ts';
import { Namesakes } from './namesakes.ts';
import { QueryNames } from './query-names.ts';
import type { Tables } from './tables.ts';
import { ALTERNATIVES, ASKING, COMPARING, needBeside, OWN_MACHINE, THE_REST, VERSUS } from './asking.ts';
import { asksElsewhere, asksForADish, asksForATool, FILLER, NEGATIONS, isVersion, namesAnEdition, namesATool, statesANeed, STOPWORDS, trim, withNoCloud, withoutListing, withoutPutOut, words } from './words.ts';

/** Filters a query's words stated; each list allows any of its values. */
export interface ReadFilter { pricing?: string[]; platform?: string[]; open_source?: boolean; runs_locally?: true }

type Pricing = (typeof PRICING)[number];

export type { Interpreted };

export interface Reading {
  /** The words left to match, in English, in the query's order. */
  words: string[];
  filter: ReadFilter;
  /**
   * Alternatives to this tool (its number), or the two tools compared ("X vs Y"); `extras`: the
   * need stated beside the alternatives ("podcast editing" in "descript alternatives for podcast
   * editing"), matched among them.
   */
  like?: Liked;
  interpreted: Interpreted;
  /** The query says it asks for a tool (asksForATool, in the words as written) or states a need (statesANeed). */
  forATool?: boolean;
  /** Beside alternatives, the words that asked for tools that run locally ("runs offline"), which the filter then states. */
  localWords?: string[];
}

/** A platform word that also describes what is not a device ("a mobile dog grooming business"): before another word, a platform only when that word is a device's. */
const DESCRIBING = new Set(['mobile']);
const DEVICES = new Set(['app', 'apps', 'phone', 'phones', 'device', 'devices', 'version', 'friendly', 'only', 'too', 'and', 'or']);

/** How many words around a constraint a phrasing holding it may reach. */
const PHRASING_REACH = 3;

export interface Liked { tools: [number] | [number, number]; extras: string[] }

export class QueryReader {
  /** Constraint phrases by their first word, longest first: each a constraint's filter and a term that states it. */
  private readonly constraints = new Map<string, { words: string[]; filter: ReadFilter }[]>();
  private readonly translator: Translator;
  private readonly namesakes: Namesakes;
  private readonly names: QueryNames;

  constructor(
    private readonly data: SnapshotData,
    /** The tables QueryNames reads names from. */
    tables: Pick<Tables, 'nameWords' | 'englishNames'>,
    /** A compacted name, slug, former slug or alias -> the tool it names. */
    private readonly named: (compacted: string) => number | undefined,
    /** Every word of the tools' names, tags and category names: English as the catalog writes it. */
    private readonly catalogWords: ReadonlySet<string>,
    /** Those and the words of the vocabulary's phrasings and equivalents: every English word search knows. */
    private readonly knownWords: ReadonlySet<string>,
    /** The catalog word a misspelt word was meant as (spelling.ts). */
    private readonly correct: (word: string) => string | undefined,
    /** Whether words are one of the vocabulary's phrasings ("api for open source models"). */
    private readonly isPhrasing: (ws: string[]) => boolean,
    /** Where what a word says of its language is remembered. */
    remember?: Remember,
  ) {
    const phrases = Object.values(data.vocabulary.constraints).flatMap(({ terms, ...filter }) => terms.map((term) => ({ words: term.split(' '), filter }))).sort((a, b) => b.words.length - a.words.length);
    for (const p of phrases) this.constraints.set(p.words[0]!, [...(this.constraints.get(p.words[0]!) ?? []), p]);
    this.translator = new Translator(data.vocabulary, named, catalogWords, remember);
    this.namesakes = new Namesakes(data.vocabulary.namesakes);
    this.names = new QueryNames(data, tables, named);
  }

  read(q: string): Reading {
    const raw = words(q);
    // A query that is a tool's name is read as written, even when it holds a constraint word ("gemini cli").
    if (this.named(raw.join('')) !== undefined) return { words: raw, filter: {}, interpreted: {} };
    const edition = this.nameThenEdition(raw);
    if (edition !== undefined) return { words: edition, filter: {}, interpreted: {} };
    // One word a letter from a tool's name is that name mistyped ("synthesa"), not a stem of another language's word.
    const mistypedName = raw.length === 1 && !this.translator.hasWord(raw[0]!) && this.named(this.correct(raw[0]!) ?? '') !== undefined;
    const language = mistypedName ? undefined : this.translator.language(raw);
    const translated = language === undefined ? this.translator.withoutForeignStopwords(raw) : this.translator.translate(raw, language);
    const english = translated.flatMap((w) => (this.correct(w) ?? w).split(' '));
    const interpreted: Interpreted = language === undefined ? {} : { language };
    if (english.some((w, i) => w !== translated[i])) interpreted.corrected = english.join(' ');
    if (asksElsewhere(english) || asksForADish(english, this.knownWords) || (!namesATool(raw) && this.namesakes.meant(raw, english))) return { words: [], filter: {}, interpreted };
    const taken = this.takeConstraints(withNoCloud(withoutListing(withoutPutOut(english))));
    let { rest } = taken;
    const { filter, local } = taken;
    Object.assign(interpreted, filter);
    const liked = this.like(trim(rest));
    if (liked === 'nothing') return { words: [], filter: {}, interpreted };
    const like = liked ?? this.unlikeTheNamed(rest, filter);
    if (like !== undefined) {
      const [first, second] = like.tools.map((doc) => this.data.tools[doc]!.slug);
      if (second === undefined) interpreted.similar_to = first;
      else interpreted.versus = [first!, second];
      const cheaper = second === undefined && / cheaper than /.test(` ${rest.join(' ')} `) ? this.cheaperThan(like.tools[0]) : undefined;
      if (cheaper !== undefined && filter.pricing === undefined) interpreted.pricing = filter.pricing = cheaper;
      if (local.length === 0) return { words: rest, filter, like, interpreted };
      // "runs offline on my laptop": the machine is where it runs, not a need.
      return { words: rest, filter, like: { ...like, extras: like.extras.filter((w) => !OWN_MACHINE.has(w)) }, interpreted, localWords: local };
    }
    rest = taken.withLocal;
    // Alternatives to a tool the catalog lacks ("duolingo alternative that lets you talk to ai"): the need is in the other words.
    const asked = rest.filter((w) => !COMPARING.has(w));
    if (asked.length > 0 && asked.length < rest.length) rest = asked;
    // A query of constraints only ("free", "open source") is still a search for those words.
    return { words: rest.length > 0 ? rest : english, filter: rest.length > 0 ? filter : {}, interpreted: rest.length > 0 ? interpreted : language ? { language } : {}, forATool: asksForATool(raw) || statesANeed(english) };
  }

  /** The constraint phrases in the words (longest first), taken out and merged into one filter; one not wanted ("no api calls") is neither a filter nor a need. */
  private takeConstraints(ws: string[]): { rest: string[]; withLocal: string[]; local: string[]; filter: ReadFilter } {
    const filter: ReadFilter = {};
    const rest: string[] = [];
    // Running locally is also what tools say of themselves ("offline", "runs locally"): a search matches its words too, in place.
    const withLocal: string[] = [];
    const local: string[] = [];
    for (let i = 0; i < ws.length;) {
      const c = this.constraints.get(ws[i]!)?.find((k) => k.words.every((w, j) => ws[i + j] === w));
      const describing = c?.words.length === 1 && DESCRIBING.has(ws[i]!) && ws[i + 1] !== undefined && !FILLER.has(ws[i + 1]!) && !DEVICES.has(ws[i + 1]!);
      if (c === undefined || describing || (!c.filter.runs_locally && this.inPhrasing(ws, i, c.words.length))) { rest.push(ws[i]!); withLocal.push(ws[i++]!); continue; }
      if (ws[i - 1] === 'no' || NEGATIONS.has(ws[i - 1]!)) { i += c.words.length; continue; }
      if (c.filter.pricing) filter.pricing = [...new Set([...(filter.pricing ?? []), ...c.filter.pricing])];
      if (c.filter.platform) filter.platform = [...new Set([...(filter.platform ?? []), ...c.filter.platform])];
      if (c.filter.open_source !== undefined) filter.open_source = c.filter.open_source;
      if (c.filter.runs_locally) { filter.runs_locally = true; local.push(...c.words); withLocal.push(...c.words); }
      i += c.words.length;
    }
    return { rest, withLocal, local, filter };
  }

  /** Whether the words at..at+length are inside a longer phrasing or a tool's name: "open source" in "api for open source models" is what is hosted, "mac" in "mac whisper pro" a name, not a filter. */
  private inPhrasing(ws: string[], at: number, length: number): boolean {
    for (let from = Math.max(0, at - PHRASING_REACH); from <= at; from++) {
      for (let to = at + length; to <= Math.min(ws.length, at + length + PHRASING_REACH); to++) {
        if (to - from > length && (this.isPhrasing(ws.slice(from, to)) || (to - from <= 3 && this.named(ws.slice(from, to).join('')) !== undefined))) return true;
      }
    }
    return false;
  }

  /** A name followed by which of its versions and editions ("gpt 4o mini"): the name, its versions kept for the whole name. */
  private nameThenEdition(ws: string[]): string[] | undefined {
    let end = ws.length;
    while (end > 1 && namesAnEdition(ws[end - 1]!)) end--;
    if (end === ws.length || this.names.atStart(ws.slice(0, end))?.length !== end) return undefined;
    return ws.filter((w, i) => i < end || isVersion(w));
  }

  /** The tool a query asks alternatives to, or the two it compares, when the words name them. */
  private like(ws: string[]): Liked | 'nothing' | undefined {
    const text = ws.join(' ');
    const versus = VERSUS.exec(text);
    if (versus) {
      // The names stand next to the "vs": "which is better chatgpt or claude for coding".
      const left = versus[1]!.split(' ');
      const [x, y] = [this.names.atEnd(left), this.names.atStart(versus[2]!.split(' '))];
      // "or" after words of a need is a choice within it ("cheap api for llama or mistral"), not a comparison.
      const saysVersus = /\s(?:vs|versus)\s/.test(` ${text} `);
      const within = x !== undefined && / or /.test(` ${text} `) && !saysVersus && left.slice(0, x.from).some((w) => !STOPWORDS.has(w) && !FILLER.has(w) && !ASKING.has(w));
      if (within) return undefined;
      if (x !== undefined && y !== undefined && x.doc !== y.doc) {
        const [first, second] = [this.names.meant(x.doc, left.slice(x.from, x.from + x.length), ws, y.doc), this.names.meant(y.doc, versus[2]!.split(' ').slice(0, y.length), ws, x.doc)];
        return { tools: first === second ? [x.doc, y.doc] : [first, second], extras: [] };
      }
      if (x !== undefined && saysVersus) {
        // A name that is an English word against what is no tool and no word of the catalog is
        // another comparison ("llama vs alpaca", "otter vs beaver"); other names against what the
        // catalog lacks ask for their alternatives ("midjourney vs dall-e", "notion ai vs obsidian").
        const written = left.slice(x.from);
        const other = versus[2]!.split(' ').find((w) => !STOPWORDS.has(w) && !FILLER.has(w));
        const thing = written.length > 0 && written.every((w) => this.names.isEnglish(w));
        if (thing && other !== undefined && !this.catalogWords.has(other) && !ASKING.has(other) && !THE_REST.has(other)) return 'nothing';
        return { tools: [this.names.meant(x.doc, left.slice(x.from, x.from + x.length), ws)], extras: [] };
      }
    }
    for (const { re, at } of ALTERNATIVES) {
      const m = re.exec(text);
      if (!m) continue;
      const captured = m[1]!.split(' ');
      const x = at === 'start' ? this.names.atStart(captured) : this.names.atEnd(captured) ?? this.names.thenItsWord(captured);
      if (x === undefined) continue;
      const from = at === 'start' ? ws.length - captured.length : x.from;
      return { tools: [this.names.meant(x.doc, ws.slice(from, from + x.length), ws)], extras: needBeside(ws, from, x.length) };
    }
    return undefined;
  }

  /**
   * A tool named on a platform it lacks or at a price it lacks, or with "but" before constraints
   * ("macwhisper for windows", "photoshop free", "grammarly but open source"): alternatives to it
   * that meet them. Without "but", a name beside a price it has or an open-source word may be
   * another tool's (people write "copilot" for GitHub Copilot), and is searched as words.
   */
  private unlikeTheNamed(ws: string[], filter: ReadFilter): Liked | undefined {
    if (Object.keys(filter).length === 0) return undefined;
    const but = ws.indexOf('but');
    const doc = this.names.name(trim(ws.filter((w) => w !== 'but')).join(' '));
    // "photoshop generative fill but free, on my own pc": the tool named first before "but", the other
    // words the need; "midjourney quality pics but ..." says which tool (as good as it), not a need.
    const first = doc === undefined && but > 0 ? this.names.atStart(trim(ws.slice(0, but))) : undefined;
    if (first !== undefined) {
      const from = ws.findIndex((w) => !FILLER.has(w));
      const asGood = ws[from + first.length] === 'quality' && from + first.length + 1 < but ? 2 : 0;
      return { tools: [this.names.meant(first.doc, ws.slice(from, from + first.length), ws)], extras: needBeside(ws, from, first.length + asGood) };
    }
    if (doc === undefined) return undefined;
    const platforms: readonly string[] = this.data.tools[doc]!.platforms;
    const { pricing } = this.data.tools[doc]!;
    const elsewhere = (filter.platform !== undefined && !filter.platform.some((p) => platforms.includes(p))) || (filter.pricing !== undefined && !filter.pricing.includes(pricing));
    return but >= 0 || elsewhere ? { tools: [doc], extras: [] } : undefined;
  }

  /** The pricing tiers below the tool's (PRICING lists them from the cheapest), and a freemium tool's own, whose paid plans are its price; none when it is free. */
  private cheaperThan(doc: number): Pricing[] | undefined {
    const { pricing } = this.data.tools[doc]!;
    const below = PRICING.slice(0, PRICING.indexOf(pricing) + (pricing === 'freemium' ? 1 : 0));
    return below.length > 0 ? below : undefined;
  }
}
