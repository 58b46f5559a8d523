// Highlights (API.md, "Facets and highlights"): a result's name, tagline and description as HTML,
// the words the query matched wrapped in <mark>, where they stand in the text. A query the engine
// read through its vocabulary marks the English words it matched: a translation ("bildgenerator"
// is read as "image generator"), a stem ("generating" marks "generator"), an equivalent word
// (slides / presentation), a phrasing (its category's name), words run together ("voiceover"
// marks "voice over"). Meilisearch's `_formatted` and its crop are the reference.
import { editDistance } from '../edit-distance.ts';
import type { Highlights } from '../schema.ts';
import { compact } from '../search-index.ts';
import type { SnapshotData, Tool } from '../types.ts';
import { phrasedCategories, type Vocabulary } from './vocabulary.ts';
import { escapeHtml, foldAligned, isWord, wordEnd } from './text-places.ts';
import { variants, words } from './words.ts';

export type { Highlights };

/** A description longer than this is cut to a snippet of at most this many characters around its first match. */
export const SNIPPET_LENGTH = 200;
/** How much of the snippet comes before the first match, at most. */
const BEFORE_MATCH = 60;
/** A query word this short marks only itself and its plural ("ai", "pic"), not every word it begins. */
const SHORTEST_PREFIX = 4;
/** A stem this long marks every word it begins ("generat": generator, generation); a shorter one only a word with the same stem ("not" marks "note", not "nothing"). */
const SHORTEST_STEM_PREFIX = 5;

/** What one query marks. */
interface Marks {
  /** What is looked for: the fewest forms that begin every word that may be marked. */
  find: string[];
  /** The query's words and their equivalents: each marks a word it begins (or only itself and its plural, when short). */
  literals: string[];
  /** Their stems ("generat" of "generating"): see SHORTEST_STEM_PREFIX. */
  stems: Set<string>;
  /** Words in a row, marked together (a phrased category's name; two words a query word runs together). */
  phrases: string[][];
  /** The query run together, for a name written without its spaces ("eleven labs" -> "ElevenLabs"). */
  whole: string;
  /** Words long enough to be a typo of a name word ("midjorney"). */
  typos: string[];
}

export class Highlighter {
  private readonly categoryWords: Map<string, string[]>;

  constructor(data: SnapshotData, private readonly vocabulary: Vocabulary) {
    this.categoryWords = new Map(data.categories.map((c) => [c.slug, words(c.name)]));
  }

  /** The highlights of each tool for the query's content words (in English, as the engine matched them). */
  highlight(qWords: readonly string[], tools: readonly Tool[]): Highlights[] {
    const marks = this.marks(qWords);
    return tools.map((tool) => {
      const out: Highlights = {};
      const name = markText(tool.name, marks, true);
      const tagline = markText(tool.tagline, marks, false);
      const description = markText(tool.description, marks, false, SNIPPET_LENGTH);
      if (name !== undefined) out.name = name;
      if (tagline !== undefined) out.tagline = tagline;
      if (description !== undefined) out.description = description;
      return out;
    });
  }

  private marks(qWords: readonly string[]): Marks {
    const { equivalents, compounds, tokens } = this.vocabulary;
    const literals = new Set<string>();
    const stems = new Set<string>();
    const phrases: string[][] = [];
    for (const word of qWords) {
      for (const literal of [word, ...equivalents.get(word) ?? []]) {
        literals.add(literal);
        for (const f of variants(literal)) stems.add(f);
      }
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
    // Looking for "imag" finds every "image" too.
    const all = [...new Set([...literals, ...stems])];
    const find = all.filter((f) => !all.some((g) => g !== f && f.startsWith(g)));
    return { find, literals: [...literals], stems, phrases, whole: compact(qWords.join('')), typos: qWords.filter((w) => w.length >= 4) };
  }
}

/**
 * The text as HTML with its matched words marked (undefined when none is), cut to a snippet when
 * longer than `snippet`. Matches are found in the folded text by indexOf, with no word split
 * first: a page's results hold thousands of words and few matches. The text is searched once,
 * the snippet then cut around its first match.
 */
function markText(text: string, marks: Marks, isName: boolean, snippet = Infinity): string | undefined {
  const lower = foldAligned(text);
  let [from, to] = [0, text.length];
  const ranges = matchRanges(lower, marks);
  if (isName && ranges.length === 0) nameRanges(text, lower, marks, ranges);
  if (ranges.length === 0) return undefined;
  // A snippet around the first match: the matches within it.
  if (text.length > snippet) {
    let first = lower.length;
    for (let k = 0; k < ranges.length; k += 2) first = Math.min(first, ranges[k]!);
    [from, to] = window(lower, first, snippet);
  }
  const order = startOrder(ranges);
  // Each run of word characters inside a match is one <mark> ("text-to-speech" marks three words).
  let html = from > 0 ? '…' : '';
  let at = from;
  for (const k of order) {
    if (ranges[k]! < from) continue;
    let i = Math.max(ranges[k]!, at);
    const end = Math.min(ranges[k + 1]!, to);
    while (i < end) {
      while (i < end && !isWord(lower, i)) i++;
      let j = i;
      while (j < end && isWord(lower, j)) j++;
      if (j > i) {
        html += `${escapeHtml(text.slice(at, i))}<mark>${escapeHtml(text.slice(i, j))}</mark>`;
        at = j;
      }
      i = j;
    }
  }
  return `${html}${escapeHtml(text.slice(at, to))}${to < text.length ? '…' : ''}`;
}

/** The ranges' places in order of start, the longer first at one start (insertion sort: a text has a few matches). */
function startOrder(ranges: readonly number[]): number[] {
  const order: number[] = [];
  for (let k = 0; k < ranges.length; k += 2) {
    let at = order.length;
    while (at > 0 && (ranges[order[at - 1]!]! > ranges[k]! || (ranges[order[at - 1]!] === ranges[k] && ranges[order[at - 1]! + 1]! < ranges[k + 1]!))) at--;
    order.splice(at, 0, k);
  }
  return order;
}

/** Where the forms and phrases match in the folded text: [start, end) pairs, each a whole word (or words in a row). */
function matchRanges(lower: string, marks: Marks): number[] {
  const out: number[] = [];
  for (const f of marks.find) {
    for (let at = lower.indexOf(f); at >= 0; at = lower.indexOf(f, at + 1)) {
      if (at > 0 && isWord(lower, at - 1)) continue;
      const end = wordEnd(lower, at + f.length);
      if (!marksWord(lower, at, end, marks)) continue;
      out.push(at, end);
    }
  }
  for (const phrase of marks.phrases) {
    const head = phrase[0]!;
    for (let at = lower.indexOf(head); at >= 0; at = lower.indexOf(head, at + 1)) {
      if (at > 0 && isWord(lower, at - 1)) continue;
      let end = at + head.length;
      for (let k = 1; k < phrase.length && end >= 0; k++) {
        // The next word after a space or a hyphen or two ("text to speech", "text-to-speech", "voice-over").
        let next = end;
        while (next < lower.length && next - end < 3 && !isWord(lower, next)) next++;
        end = next > end && lower.startsWith(phrase[k]!, next) ? next + phrase[k]!.length : -1;
      }
      if (end < 0) continue;
      const last = phrase[phrase.length - 1]!;
      if (last.length >= SHORTEST_PREFIX) end = wordEnd(lower, end);
      if (isWord(lower, end)) continue;
      out.push(at, end);
    }
  }
  return out;
}

/** Whether the word lower[at, end) is one the query matched: see Marks. */
function marksWord(lower: string, at: number, end: number, marks: Marks): boolean {
  const length = end - at;
  for (const literal of marks.literals) {
    if (length < literal.length || !lower.startsWith(literal, at)) continue;
    if (literal.length >= SHORTEST_PREFIX || length === literal.length || (length === literal.length + 1 && lower[end - 1] === 's')) return true;
  }
  for (const stem of marks.stems) if (stem.length >= SHORTEST_STEM_PREFIX && length >= stem.length && lower.startsWith(stem, at)) return true;
  return variants(lower.slice(at, end)).some((v) => marks.stems.has(v));
}

/** A name no word matched, matched as a whole ("dalle" for "DALL-E") or through a typo of one of its words ("midjorney"). */
function nameRanges(text: string, lower: string, marks: Marks, out: number[]): void {
  const ws: [number, number][] = [];
  for (let i = 0; i < lower.length; i++) {
    if (isWord(lower, i) && (i === 0 || !isWord(lower, i - 1))) ws.push([i, wordEnd(lower, i)]);
  }
  if (marks.whole.length >= 2 && compact(text).startsWith(marks.whole)) {
    for (let k = 0, covered = 0; k < ws.length && covered < marks.whole.length; k++) {
      out.push(ws[k]![0], ws[k]![1]);
      covered += ws[k]![1] - ws[k]![0];
    }
  }
  for (const [start, end] of ws) {
    const w = lower.slice(start, end);
    if (w.length >= 4 && marks.typos.some((t) => editDistance(t, w, 2) <= (w.length >= 8 ? 2 : 1))) out.push(start, end);
  }
}

/**
 * Where a snippet of at most `length` characters around the match at `first` starts and ends:
 * from up to BEFORE_MATCH characters before it, at word boundaries, moved back when the text ends first.
 */
function window(lower: string, first: number, length: number): [number, number] {
  const wordStartFrom = (limit: number) => {
    let i = limit;
    while (i < first && !(isWord(lower, i) && (i === 0 || !isWord(lower, i - 1)))) i++;
    return i;
  };
  let from = wordStartFrom(Math.max(0, first - BEFORE_MATCH));
  if (lower.length - from <= length) from = lower.length <= length ? 0 : wordStartFrom(lower.length - length);
  if (wordEnd(lower, 0) === 0 && wordStartFrom(0) >= from) from = 0; // nothing but punctuation before it
  if (lower.length - from <= length) return [from, lower.length];
  let to = from + length;
  while (to > first && !(isWord(lower, to - 1) && !isWord(lower, to))) to--;
  return [from, Math.max(to, wordEnd(lower, first))];
}
