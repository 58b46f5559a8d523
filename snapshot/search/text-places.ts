// Places in a text as highlighting reads them: which characters belong to a word, where a word
// ends, the text folded as search folds it while keeping every character's place, and the HTML
// escaping of the pieces between marks.
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

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const HTML_SPECIAL = /[&<>"']/;
export function escapeHtml(text: string): string {
  return HTML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!) : text;
}
