// Highlights (API.md, "Facets and highlights"): a result's name, tagline and description as HTML,
// the words the query matched wrapped in <mark>, where they stand in the text. A query the engine
// read through its vocabulary marks the English words it matched: a translation ("bildgenerator"
// is read as "image generator"), a stem ("generating" marks "generator"), an equivalent word
// (slides / presentation), a phrasing (its category's name), words run together ("voiceover"
// marks "voice over"). Meilisearch's `_formatted` and its crop are the reference.
import { addBit, bitset, hasBit } from '../bitset.ts';
import { editDistance } from '../edit-distance.ts';
import { WithJson } from '../json-text.ts';
import type { Highlights } from '../schema.ts';
import { compact } from '../search-index.ts';
import type { SnapshotData } from '../types.ts';
import { phrasedCategories, type Vocabulary } from './vocabulary.ts';
import { escapeHtml, snippetWindow, startOrder, textPlaces, WordTable, type TextPlaces } from './text-places.ts';
import { variants, words } from './words.ts';

export type { Highlights };

/** A description longer than this is cut to a snippet of at most this many characters around its first match. */
export const SNIPPET_LENGTH = 200;
/** A query word this short marks only itself and its plural ("ai", "pic"), not every word it begins. */
const SHORTEST_PREFIX = 4;
/** A stem this long marks every word it begins ("generat": generator, generation); a shorter one only a word with the same stem ("not" marks "note", not "nothing"). */
const SHORTEST_STEM_PREFIX = 5;
/** The most characters between two words of a phrase. */
const MOST_BETWEEN = 3;
/**
 * Where a snippet was cut. In a text written straight into JSON it is written as JSON's escape: the
 * catalog's texts are all one-byte (Latin-1) strings, and one '…' makes V8 store the whole
 * highlight, and the page built from it, as two bytes a character, which the body's encodeInto
 * reads about 3 times slower: rendering the faceted, highlighted page of "image generator" took
 * 57-60 us in the server under wrk, 35-36 us with the escape (a page without highlights: 38 us).
 */
const CUT = '…';
const CUT_IN_JSON = '\\u2026';

/** What one query marks. */
interface Marks {
  /** Words in a row, marked together (a phrased category's name; two words a query word runs together). */
  phrases: string[][];
  /** The query run together, for a name written without its spaces ("eleven labs" -> "ElevenLabs"). */
  whole: string;
  /** Words long enough to be a typo of a name word ("midjorney"). */
  typos: string[];
  /** The snapshot's words (WordTable), and by number those this query marks and those that begin one of its phrases (bitsets). */
  words: readonly string[];
  marked: Uint32Array;
  heads: Uint32Array;
}

export class Highlighter {
  private readonly categoryWords: Map<string, string[]>;
  /**
   * Each tool's name, tagline and description as highlighting reads them (where their words stand,
   * and their numbers), made once per snapshot instead of on every request. A query marks each
   * distinct word once (Marks.marked, a bitset cleared per query), and a text is then read word by
   * word: highlights of 20 results 89–90 -> 55–56 us in process (five queries, 3,000 rounds).
   */
  private readonly texts: { name: TextPlaces; tagline: TextPlaces; description: TextPlaces }[];
  private readonly table = new WordTable();
  private readonly marked: Uint32Array;
  private readonly heads: Uint32Array;
  /**
   * What each word of the texts or of the search's vocabulary marks (5,343 words in this catalog:
   * 42 ms and 1.4 MB for all), made once per word like the snapshot's tables: finding it reads
   * every word of the texts its forms begin. On the request path, after a search, that took 14.7 of
   * the 38 us of highlighting a page of "image generator" in the gateway (in process), 6.3 us with these.
   */
  private readonly wordMarks = new Map<string, Uint32Array>();

  /** `names`: each tool's name compacted (tables.ts). */
  constructor(data: SnapshotData, private readonly vocabulary: Vocabulary, private readonly names: readonly string[]) {
    this.categoryWords = new Map(data.categories.map((c) => [c.slug, words(c.name)]));
    const { table } = this;
    this.texts = data.tools.map((t) => ({ name: textPlaces(t.name, table), tagline: textPlaces(t.tagline, table), description: textPlaces(t.description, table) }));
    this.marked = bitset(table.words.length);
    this.heads = bitset(table.words.length);
  }

  /** The highlights of each tool for the query's content words (in English, as the engine matched them). */
  highlight(qWords: readonly string[], docs: readonly number[]): WithJson<Highlights>[] {
    const marks = this.marks(qWords);
    return docs.map((doc) => {
      let json = '';
      const add = (field: keyof Highlights, places: TextPlaces, compactName?: string, snippet?: number) => {
        const html = markText(places, marks, compactName, snippet);
        if (html !== undefined) json += `${json === '' ? '{' : ','}"${field}":${places.jsonPlain ? `"${html}"` : JSON.stringify(html)}`;
      };
      const texts = this.texts[doc]!;
      add('name', texts.name, this.names[doc]);
      add('tagline', texts.tagline);
      add('description', texts.description, undefined, SNIPPET_LENGTH);
      return new WithJson<Highlights>(json === '' ? '{}' : `${json}}`);
    });
  }

  private marks(qWords: readonly string[]): Marks {
    const { compounds, tokens } = this.vocabulary;
    const phrases: string[][] = [];
    for (const word of qWords) {
      // A word the catalog writes as two ("voiceover": "voice over", "voice-over").
      if (compounds.has(word)) {
        for (let cut = 2; cut <= word.length - 2; cut++) {
          if (tokens.has(word.slice(0, cut)) && tokens.has(word.slice(cut))) phrases.push([word.slice(0, cut), word.slice(cut)]);
        }
      }
    }
    for (const slug of new Set(phrasedCategories([...qWords], this.vocabulary).flatMap((s) => [...s]))) {
      const ws = this.categoryWords.get(slug);
      if (ws !== undefined && ws.length > 0) phrases.push(ws);
    }
    const { table, marked, heads } = this;
    marked.fill(0);
    heads.fill(0);
    for (const word of qWords) for (const n of this.marksOf(word)) addBit(marked, n);
    const marks: Marks = { phrases, whole: compact(qWords.join('')), typos: qWords.filter((w) => w.length >= 4 && !tokens.has(w) && !this.vocabulary.ordinary.has(w)), words: table.words, marked, heads };
    for (const phrase of phrases) {
      // A phrase's last word, when long enough, is any word it begins ("text to speech" marks "text-to-speech"; "transcription" marks "transcriptions").
      const head = phrase[0]!;
      if (phrase.length === 1 && head.length >= SHORTEST_PREFIX) table.begun(head, (n) => addBit(heads, n));
      else { const n = table.get(head); if (n !== undefined) addBit(heads, n); }
    }
    return marks;
  }

  /** The words of the snapshot's texts that a query word marks (see marksWord), by number; see wordMarks. */
  private marksOf(word: string): Uint32Array {
    const kept = this.wordMarks.get(word);
    if (kept !== undefined) return kept;
    const literals = [word, ...(this.vocabulary.equivalents.get(word) ?? [])];
    const stems = new Set(literals.flatMap((literal) => variants(literal)));
    // Looking for "imag" finds every "image" too.
    const all = [...new Set([...literals, ...stems])];
    const found: number[] = [];
    for (const f of all) {
      if (!all.some((g) => g !== f && f.startsWith(g))) this.table.begun(f, (n) => { if (marksWord(this.table.words[n]!, literals, stems)) found.push(n); });
    }
    const marks = Uint32Array.from(found);
    if (this.vocabulary.tokens.has(word) || this.table.get(word) !== undefined) this.wordMarks.set(word, marks);
    return marks;
  }
}

/**
 * The text as HTML with its matched words marked (undefined when none is), cut to a snippet when
 * longer than `snippet`, as a JSON string's content when the text needs no escaping in JSON. The
 * text is searched once, the snippet then cut around its first match. Matches are runs of the
 * text's words by number, so the text's characters are read only to be copied. `compactName`:
 * the text is a name, compacted.
 */
function markText(places: TextPlaces, marks: Marks, compactName?: string, snippet = Infinity): string | undefined {
  const { text, starts, ends } = places;
  const escape = places.special ? escapeHtml : (piece: string) => piece;
  const ranges = matchRanges(places, marks);
  if (compactName !== undefined && ranges.length === 0) nameRanges(places, compactName, marks, ranges);
  if (ranges.length === 0) return undefined;
  // A snippet around the first match: the matches within it.
  let [from, to] = [0, text.length];
  if (text.length > snippet) {
    let first = starts.length;
    for (let k = 0; k < ranges.length; k += 2) first = Math.min(first, ranges[k]!);
    [from, to] = snippetWindow(places, first, snippet);
  }
  const cut = places.jsonPlain ? CUT_IN_JSON : CUT;
  let html = from > 0 ? cut : '';
  let at = from;
  // Each word of a match is one <mark> ("text-to-speech" marks three words).
  for (const k of startOrder(ranges)) {
    if (starts[ranges[k]!]! < from) continue;
    for (let w = ranges[k]!; w <= ranges[k + 1]! && ends[w]! <= to; w++) {
      if (starts[w]! < at) continue;
      html += `${escape(text.slice(at, starts[w]))}<mark>${escape(text.slice(starts[w], ends[w]))}</mark>`;
      at = ends[w]!;
    }
  }
  return `${html}${escape(text.slice(at, to))}${to < text.length ? cut : ''}`;
}

/** Where the query's words and phrases stand in the text: [first, last] pairs of its words' numbers in it (a word, or words in a row). */
function matchRanges({ starts, ends, words: numbers }: TextPlaces, marks: Marks): number[] {
  const out: number[] = [];
  const { marked, heads } = marks;
  for (let s = 0; s < starts.length; s++) {
    const n = numbers[s]!;
    if (hasBit(marked, n)) out.push(s, s);
    if (hasBit(heads, n)) phraseRanges(starts, ends, numbers, s, marks, out);
  }
  return out;
}

/**
 * The phrases that begin at the text's word `s`: their words in a row, apart by at most
 * MOST_BETWEEN characters (a space, a hyphen, " - "), each the phrase's word (or, the last, one it
 * begins when long enough).
 */
function phraseRanges(starts: Uint16Array, ends: Uint16Array, numbers: Uint32Array, s: number, { phrases, words }: Marks, out: number[]): void {
  for (const phrase of phrases) {
    if (s + phrase.length > starts.length) continue;
    let k = 0;
    for (; k < phrase.length; k++) {
      const word = words[numbers[s + k]!]!;
      if (k > 0 && starts[s + k]! - ends[s + k - 1]! > MOST_BETWEEN) break;
      const last = k === phrase.length - 1 && phrase[k]!.length >= SHORTEST_PREFIX;
      if (!(word === phrase[k] || (last && word.startsWith(phrase[k]!)))) break;
    }
    if (k === phrase.length) out.push(s, s + k - 1);
  }
}

/**
 * Whether a query word marks a word of the texts: a literal (the word or an equivalent) that
 * begins it (or only is it, or it with an "s", when short), a stem long enough that begins it, or
 * a stem that is one of the word's own variants.
 */
function marksWord(word: string, literals: readonly string[], stems: ReadonlySet<string>): boolean {
  const length = word.length;
  for (const literal of literals) {
    if (length < literal.length || !word.startsWith(literal)) continue;
    if (literal.length >= SHORTEST_PREFIX || length === literal.length || (length === literal.length + 1 && word[length - 1] === 's')) return true;
  }
  for (const stem of stems) if (stem.length >= SHORTEST_STEM_PREFIX && length >= stem.length && word.startsWith(stem)) return true;
  return variants(word).some((v) => stems.has(v));
}

/** A name no word matched, matched as a whole ("dalle" for "DALL-E") or through a typo of one of its words ("midjorney"). */
function nameRanges({ starts, ends, words: numbers }: TextPlaces, compactName: string, marks: Marks, out: number[]): void {
  if (marks.whole.length >= 2 && compactName.startsWith(marks.whole)) {
    for (let k = 0, covered = 0; k < starts.length && covered < marks.whole.length; k++) {
      out.push(k, k);
      covered += ends[k]! - starts[k]!;
    }
  }
  for (let k = 0; k < starts.length; k++) {
    const w = marks.words[numbers[k]!]!;
    if (w.length >= 4 && marks.typos.some((t) => editDistance(t, w, 2) <= (w.length >= 8 ? 2 : 1))) out.push(k, k);
  }
}
