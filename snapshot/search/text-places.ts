// Places in a text as highlighting reads them: which characters belong to a word, where a word
// ends, matches in order of place, the text folded as search folds it while keeping every
// character's place (with its words' starts, made once per snapshot), and the HTML escaping of
// the pieces between marks.
import { fold } from '../search-index.ts';

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
/** A letter, digit or combining mark: part of a word. */
export function isWord(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
  return i < s.length && WORD_CHAR.test(s[i]!);
}

export function wordEnd(s: string, i: number): number {
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
export function foldAligned(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  let out = '';
  for (const ch of text) {
    const folded = fold(ch);
    const lower = ch.toLowerCase();
    out += folded.length === ch.length ? folded : lower.length === ch.length ? lower : ch;
  }
  return out;
}

/** A text as highlighting reads it, made once per snapshot: folded (see foldAligned), where each of its words starts, and whether it holds a character HTML escapes. */
export interface TextPlaces { text: string; lower: string; starts: Uint16Array; special: boolean }

export function textPlaces(text: string): TextPlaces {
  const lower = foldAligned(text);
  const starts: number[] = [];
  for (let i = 0; i < lower.length; i++) if (isWord(lower, i) && (i === 0 || !isWord(lower, i - 1))) starts.push(i);
  return { text, lower, starts: Uint16Array.from(starts), special: HTML_SPECIAL.test(text) };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const HTML_SPECIAL = /[&<>"']/;
export function escapeHtml(text: string): string {
  return HTML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!) : text;
}
