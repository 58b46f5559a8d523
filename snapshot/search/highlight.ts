// Highlights (API.md, "Facets and highlights"): a result's name, tagline and description as HTML,
// the words the query matched wrapped in <mark>, where they stand in the text. A query the engine
// read through its vocabulary marks the English words it matched: a translation ("bildgenerator"
// is read as "image generator"), a stem ("generating" marks "generator"), an equivalent word
// (slides / presentation), a phrasing (its category's name), words run together ("voiceover"
// marks "voice over"). Meilisearch's `_formatted` and its crop are the reference.
import { editDistance } from '../edit-distance.ts';
import type { Highlights } from '../schema.ts';
import { compact, fold } from '../search-index.ts';
import type { SnapshotData, Tool } from '../types.ts';
import { phrasedCategories, type Vocabulary } from './vocabulary.ts';
import { variants } from './words.ts';

export type { Highlights };

/** A description longer than this is cut to a snippet of at most this many characters around its first match. */
export const SNIPPET_LENGTH = 200;
/** How much of the snippet comes before the first match, at most. */
const BEFORE_MATCH = 60;
/** A form this short marks only a whole word equal to it ("ai"), not every word it begins. */
const SHORTEST_PREFIX = 3;

/** What one query marks. */
interface Marks {
  /** Word forms, each marking a word it begins (or equals, when short). */
  forms: string[];
  /** Runs of words marked together where they stand in a row (a phrased category's name). */
  phrases: string[][];
  /** The query run together, for a name written without its spaces ("eleven labs" -> "ElevenLabs"). */
  whole: string;
  /** Words long enough to be a typo of a name word ("midjorney"). */
  typos: string[];
}

/** A word of a text: where it stands and its folded form. */
interface Token { start: number; end: number; folded: string }

export class Highlighter {
  private readonly categoryWords: Map<string, string[]>;

  constructor(data: SnapshotData, private readonly vocabulary: Vocabulary) {
    this.categoryWords = new Map(data.categories.map((c) => [c.slug, tokens(c.name).map((t) => t.folded)]));
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
    const forms = new Set<string>();
    for (const word of qWords) {
      for (const f of variants(word)) forms.add(f);
      for (const other of this.vocabulary.equivalents.get(word) ?? []) for (const f of variants(other)) forms.add(f);
    }
    const phrased = new Set(phrasedCategories([...qWords], this.vocabulary).flatMap((s) => [...s]));
    const phrases = [...phrased].map((slug) => this.categoryWords.get(slug) ?? []).filter((ws) => ws.length > 0);
    return { forms: [...forms], phrases, whole: compact(qWords.join('')), typos: qWords.filter((w) => w.length >= 4) };
  }
}

/** The text as HTML with its matched words marked (undefined when none is), cut to a snippet when longer than `snippet`. */
function markText(text: string, marks: Marks, isName: boolean, snippet = Infinity): string | undefined {
  const words = tokens(text);
  const marked = new Uint8Array(words.length);
  const matches = (folded: string, form: string) => (form.length >= SHORTEST_PREFIX ? folded.startsWith(form) : folded === form);
  words.forEach((w, i) => {
    if (marks.forms.some((f) => matches(w.folded, f))) marked[i] = 1;
    // Two words of the text that a query word runs together ("voiceover" for "voice over").
    const next = words[i + 1];
    if (next !== undefined && text.slice(w.end, next.start).trim() === '') {
      const joined = w.folded + next.folded;
      if (marks.forms.some((f) => f.length > w.folded.length && (f === joined || (f.length >= SHORTEST_PREFIX + w.folded.length && joined.startsWith(f))))) marked[i] = marked[i + 1] = 1;
    }
  });
  for (const phrase of marks.phrases) {
    for (let i = 0; i + phrase.length <= words.length; i++) {
      if (phrase.every((p, k) => words[i + k]!.folded === p || (k === phrase.length - 1 && variants(words[i + k]!.folded).includes(p)))) marked.fill(1, i, i + phrase.length);
    }
  }
  if (isName) markName(words, marked, marks);
  const first = marked.indexOf(1);
  if (first < 0) return undefined;
  const [from, to] = text.length > snippet ? window(text, words, first, snippet) : [0, text.length];
  let html = from > 0 ? '…' : '';
  let at = from;
  words.forEach((w, i) => {
    if (marked[i] === 0 || w.start < from || w.end > to) return;
    html += `${escapeHtml(text.slice(at, w.start))}<mark>${escapeHtml(text.slice(w.start, w.end))}</mark>`;
    at = w.end;
  });
  return `${html}${escapeHtml(text.slice(at, to))}${to < text.length ? '…' : ''}`;
}

/** A name matched as a whole ("eleven labs", "tl dv") or through a typo of one of its words ("midjorney"). */
function markName(words: Token[], marked: Uint8Array, marks: Marks): void {
  const name = words.map((w) => compact(w.folded)).join('');
  if (marks.whole.length >= 2 && name.startsWith(marks.whole)) {
    for (let i = 0, covered = 0; i < words.length && covered < marks.whole.length; i++) {
      marked[i] = 1;
      covered += compact(words[i]!.folded).length;
    }
  }
  words.forEach((w, i) => {
    if (w.folded.length < 4) return;
    if (marks.typos.some((t) => editDistance(t, w.folded, 2) <= (w.folded.length >= 8 ? 2 : 1))) marked[i] = 1;
  });
}

/**
 * Where a snippet of at most `length` characters around the word `first` starts and ends: from
 * up to BEFORE_MATCH characters before it, at word boundaries, moved back when the text ends first.
 */
function window(text: string, words: Token[], first: number, length: number): [number, number] {
  const startAt = (limit: number) => words.find((w) => w.start >= limit)?.start ?? words[first]!.start;
  let from = startAt(Math.max(0, words[first]!.start - BEFORE_MATCH));
  if (from <= words[0]!.start) from = 0;
  if (text.length - from <= length) from = text.length <= length ? 0 : startAt(text.length - length);
  let to = from;
  for (const w of words) {
    if (w.start < from) continue;
    if (w.end - from > length) break;
    to = w.end;
  }
  if (text.length - from <= length) to = text.length;
  return [from, Math.max(to, Math.min(text.length, words[first]!.end))];
}

/** The words of a text (letters, digits and their combining marks) with their places. */
function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) out.push({ start: m.index, end: m.index + m[0].length, folded: fold(m[0]) });
  return out;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
