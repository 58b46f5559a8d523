// Names as words people type them: whether a name's word is an English word too ("llama"), and
// which tool a word several names share means ("copilot": Microsoft Copilot, GitHub Copilot,
// Microsoft 365 Copilot, Dragon Copilot). Typed alone, it leads to its default tool, unless the
// query's other words (or the tool it is compared with) are more about another of them ("copilot
// vs cursor" and "copilot alternative that runs on our own servers, code cant leave the building"
// mean GitHub Copilot).
import type { SnapshotData } from '../types.ts';
import { FILLER, STOPWORDS, words } from './words.ts';

export class NameContext {
  /** A name's word -> the tools whose names have it, made on first use. */
  private byWord: Map<string, number[]> | undefined;
  /** Per tool, the words of what it is (tagline, tags, categories, platforms), made on first use. */
  private readonly about = new Map<number, ReadonlySet<string>>();

  /** Words of names that are English words too ("llama", "otter"). */
  private readonly englishNames: ReadonlySet<string>;

  constructor(private readonly data: SnapshotData) {
    this.englishNames = new Set(data.vocabulary.englishNames);
  }

  /** Whether a word of a name is an English word too: "llama vs alpaca" may compare animals. */
  isEnglish(word: string): boolean {
    return this.englishNames.has(word);
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

  private toolsNamedWith(word: string): readonly number[] {
    if (this.byWord === undefined) {
      const byWord = new Map<string, number[]>();
      this.data.tools.forEach((t, doc) => { for (const w of new Set(words(t.name))) byWord.set(w, [...(byWord.get(w) ?? []), doc]); });
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
