// Places in a text as highlighting reads them, made once per snapshot: where each of its words
// starts and ends (found in the text folded as search folds it, character for character) and the
// word's number; then, per request, matches in order of place, a snippet's bounds at word edges,
// and the HTML escaping of the pieces between marks.
import { fold } from '../search-index.ts';

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
/** A letter, digit or combining mark: part of a word. */
function isWord(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
  return i < s.length && WORD_CHAR.test(s[i]!);
}

function wordEnd(s: string, i: number): number {
  while (i < s.length && isWord(s, i)) i++;
  return i;
}

/**
 * The ranges' places in order of start, the longer first at one start. An insertion sort: a text
 * has a few matches, and Array.from + sort with a comparator made highlighting 10 results 39 -> 47 us.
 */
export function startOrder(ranges: readonly number[]): number[] {
  const order: number[] = [];
  for (let k = 0; k < ranges.length; k += 2) {
    let at = order.length;
    order.push(k);
    while (at > 0 && (ranges[order[at - 1]!]! > ranges[k]! || (ranges[order[at - 1]!] === ranges[k] && ranges[order[at - 1]! + 1]! < ranges[k + 1]!))) {
      order[at] = order[at - 1]!;
      at--;
    }
    order[at] = k;
  }
  return order;
}

const NON_ASCII = /[^\x00-\x7f]/;

/** The text folded as search folds it, character for character, so places in it are places in the text. */
function foldAligned(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  let out = '';
  for (const ch of text) {
    const folded = fold(ch);
    const lower = ch.toLowerCase();
    out += folded.length === ch.length ? folded : lower.length === ch.length ? lower : ch;
  }
  return out;
}

/**
 * Every distinct word of the texts highlighting reads, each with a number, made once per snapshot.
 * Whether a word is marked depends on the word alone, so a query decides it once per distinct word
 * (those its forms begin, found in word order) rather than at each place the word stands.
 */
export class WordTable {
  readonly words: string[] = [];
  private readonly numbers = new Map<string, number>();
  /** The word numbers in word order, made on first use. */
  private ordered?: Uint32Array;

  /** The word's number, given one when new. */
  add(word: string): number {
    let n = this.numbers.get(word);
    if (n === undefined) {
      this.numbers.set(word, n = this.words.length);
      this.words.push(word);
      this.ordered = undefined;
    }
    return n;
  }

  get(word: string): number | undefined {
    return this.numbers.get(word);
  }

  /** Calls `visit` with the number of each word `prefix` begins (the word itself included). */
  begun(prefix: string, visit: (n: number) => void): void {
    const { words } = this;
    const ordered = this.ordered ??= Uint32Array.from(words.keys()).sort((a, b) => (words[a]! < words[b]! ? -1 : 1));
    let [lo, hi] = [0, ordered.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (words[ordered[mid]!]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < ordered.length && words[ordered[k]!]!.startsWith(prefix); k++) visit(ordered[k]!);
  }
}

/** A text as highlighting reads it, made once per snapshot: where each of its words (as search folds them, see foldAligned) stands and its number in the snapshot's WordTable. */
export interface TextPlaces {
  text: string;
  /** Where each of its words starts and ends (just after its last character). */
  starts: Uint16Array;
  ends: Uint16Array;
  words: Uint32Array;
  /** Whether it holds a character HTML escapes. */
  special: boolean;
  /** Whether its HTML stands in a JSON string as it is (no quote, backslash, control character or surrogate). */
  jsonPlain: boolean;
}

export function textPlaces(text: string, table: WordTable): TextPlaces {
  const lower = foldAligned(text);
  const starts: number[] = [];
  const ends: number[] = [];
  const words: number[] = [];
  for (let i = 0; i < lower.length; i++) {
    if (!isWord(lower, i) || (i > 0 && isWord(lower, i - 1))) continue;
    starts.push(i);
    ends.push(wordEnd(lower, i));
    words.push(table.add(lower.slice(i, ends[ends.length - 1])));
  }
  return { text, starts: Uint16Array.from(starts), ends: Uint16Array.from(ends), words: Uint32Array.from(words), special: HTML_SPECIAL.test(text), jsonPlain: !JSON_SPECIAL.test(text) };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const HTML_SPECIAL = /[&<>"']/;
const JSON_SPECIAL = /[\u0000-\u001f"\\\ud800-\udfff]/;
export function escapeHtml(text: string): string {
  return HTML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!) : text;
}

/** How much of a snippet comes before its first match, at most. */
const BEFORE_MATCH = 60;

/**
 * Where a snippet of at most `length` characters around the text's word `first` (its first match)
 * starts and ends: from the first word that starts at most BEFORE_MATCH characters before it, moved
 * back when the text ends first, to the last word that ends within `length`.
 */
export function snippetWindow({ text, starts, ends }: Pick<TextPlaces, 'text' | 'starts' | 'ends'>, first: number, length: number): [number, number] {
  /** The first word's start at or after `limit` (which is at most the match's). */
  const wordStartFrom = (limit: number) => {
    let k = first;
    while (k > 0 && starts[k - 1]! >= limit) k--;
    return starts[k]!;
  };
  let from = wordStartFrom(Math.max(0, starts[first]! - BEFORE_MATCH));
  if (text.length - from <= length) from = text.length <= length ? 0 : wordStartFrom(text.length - length);
  if (starts[0]! > 0 && starts[0]! >= from) from = 0; // nothing but punctuation before it
  if (text.length - from <= length) return [from, text.length];
  let last = first;
  while (last + 1 < ends.length && ends[last + 1]! <= from + length) last++;
  return [from, ends[last]!];
}
