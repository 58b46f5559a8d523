// Names in a query as people type them: the run of words that names a tool (at the start, at the
// end, or followed by a word of what it is: "surfer seo"), whether a name's word is an English word
// too ("llama"), and which tool a word several names share means ("copilot": Microsoft Copilot,
// GitHub Copilot, Microsoft 365 Copilot, Dragon Copilot). Typed alone, such a word leads to its
// default tool, unless the query's other words (or the tool it is compared with) are more about
// another ("copilot vs cursor", "copilot alternative for vscode" mean GitHub Copilot).
import type { SnapshotData } from '../types.ts';
import type { Tables } from './tables.ts';
import { FILLER, STOPWORDS, trim, words } from './words.ts';

/** A run of a query's words that names a tool: the tool, where the run starts, how many words it takes. */
export interface NameRun { doc: number; from: number; length: number }

export class QueryNames {
  /** A name's word -> the tools whose names have it, made on first use. */
  private byWord: Map<string, number[]> | undefined;
  /** Per tool, the words of what it is (tagline, tags, categories, platforms), made on first use. */
  private readonly about = new Map<number, ReadonlySet<string>>();

  constructor(
    private readonly data: SnapshotData,
    /** Each tool's name split into words, and the words of names that are English words too ("llama", "otter"). */
    private readonly tables: Pick<Tables, 'nameWords' | 'englishNames'>,
    /** A compacted name, slug, former slug or alias -> the tool it names. */
    private readonly named: (compacted: string) => number | undefined,
  ) {}

  /** Whether a word of a name is an English word too: "llama vs alpaca" may compare animals. */
  isEnglish(word: string): boolean {
    return this.tables.englishNames.has(word);
  }

  /** The tool `typed` (the words of a name, as written) means among those sharing its word; `other`: the tool it is compared with. */
  meant(doc: number, typed: readonly string[], query: readonly string[], other?: number): number {
    if (typed.length !== 1) return doc;
    const word = typed[0]!;
    const sharing = this.toolsNamedWith(word);
    if (sharing.length < 2) return doc;
    const context = [...query.filter((w) => w !== word && !STOPWORDS.has(w) && !FILLER.has(w)), ...(other === undefined ? [] : this.aboutOf(other))];
    const score = (d: number) => { const about = this.aboutOf(d); return context.filter((w) => about.has(w)).length; };
    let [best, most] = [doc, score(doc)];
    for (const d of sharing) {
      const s = score(d);
      if (s > most) [best, most] = [d, s];
    }
    return best;
  }

  /** The tool the last words name (the longest such run), and where the run starts: "which is better chatgpt". */
  atEnd(ws: readonly string[]): NameRun | undefined {
    for (let from = 0; from < ws.length; from++) {
      const doc = this.name(ws.slice(from).join(' '));
      if (doc !== undefined) return { doc, from, length: ws.length - from };
    }
    return undefined;
  }

  /**
   * A name followed by a word of what the tool is (its tagline, tags, categories or platforms), as people
   * name a tool by its domain: "surfer seo", "otter transcription". The word is part of the name.
   */
  thenItsWord(ws: readonly string[]): NameRun | undefined {
    const x = ws.length >= 2 ? this.atEnd(ws.slice(0, -1)) : undefined;
    if (x === undefined) return undefined;
    return this.aboutOf(x.doc).has(ws[ws.length - 1]!) ? { ...x, length: x.length + 1 } : undefined;
  }

  /** The tool the first words name (the longest such run), and how many words it takes: "claude for coding". */
  atStart(ws: readonly string[]): NameRun | undefined {
    for (let to = ws.length; to > 0; to--) {
      const doc = this.name(ws.slice(0, to).join(' '));
      if (doc !== undefined) return { doc, from: 0, length: to };
    }
    return undefined;
  }

  /** The tool words name, whole or without filler at the ends ("otter ai", "the cursor app"). */
  name(words: string): number | undefined {
    const ws = words.split(' ');
    return this.named(ws.join('')) ?? this.named(trim(ws).join(''));
  }

  private toolsNamedWith(word: string): readonly number[] {
    if (this.byWord === undefined) {
      const byWord = new Map<string, number[]>();
      this.tables.nameWords.forEach((ws, doc) => { for (const w of new Set(ws)) byWord.set(w, [...(byWord.get(w) ?? []), doc]); });
      this.byWord = byWord;
    }
    return this.byWord.get(word) ?? [];
  }

  private aboutOf(doc: number): ReadonlySet<string> {
    let about = this.about.get(doc);
    if (about === undefined) {
      const t = this.data.tools[doc]!;
      const texts = [t.tagline, ...t.tags.map((tag) => tag.replace(/-/g, ' ')), ...t.tags.map((tag) => tag.replace(/-/g, '')), ...t.categories.map((c) => c.name), ...t.platforms];
      this.about.set(doc, about = new Set(texts.flatMap((text) => words(text))));
    }
    return about;
  }
}
