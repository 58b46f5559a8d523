// Typos of the catalog's own words ("transcibe", "backround", "plagarism"): a query word that is no
// word of the catalog, no start of one and no ordinary English word is read as the catalog word a
// letter or two away. Names have their own typo matching (word-hits.ts); this one corrects the
// query before it is read, so phrasings and constraints see the word as it was meant.
import { editDistance } from '../edit-distance.ts';
import { firstAtLeast, TypoIndex } from './typo-index.ts';
import { rememberNothing, type Remember } from './translation.ts';
import { STOPWORDS } from './words.ts';

/** Weak words people run into the next or the previous word. */
const JOINED = ['to', 'for', 'and', 'my'];

/** Shorter words are too often a different word one letter away. */
const MIN_LENGTH = 5;

export class Spelling {
  private readonly words: string[];
  private readonly typos: TypoIndex;

  constructor(
    /** Every word of the catalog's names, tags, category names and phrasings. */
    private readonly known: ReadonlySet<string>,
    /** English words one edit from a catalog word: meant as written. */
    private readonly ordinary: ReadonlySet<string>,
    /** Where a word's nearest catalog word is remembered: it depends on nothing else. */
    private readonly remember: Remember = rememberNothing,
  ) {
    this.words = [...known].filter((w) => w.length >= MIN_LENGTH && /^\p{L}+$/u.test(w)).sort();
    this.typos = new TypoIndex({ nameWords: this.words.map((w) => [w]), names: this.words });
  }

  /** The catalog word `word` was meant as (or words: "textto" is "text to"), or undefined when it stands as written. */
  correct(word: string): string | undefined {
    if (word.length < MIN_LENGTH || this.known.has(word) || this.ordinary.has(word) || STOPWORDS.has(word) || !/^\p{L}+$/u.test(word) || this.startsAWord(word)) return undefined;
    return this.spaceLeftOut(word) ?? (this.remember(`${word}\0meant`, () => this.nearest(word) ?? '', (meant) => 48 + 2 * (word.length + meant.length)) || undefined);
  }

  /** A catalog word and a short weak word typed without the space between them: "textto", "imageto", "forkids". */
  private spaceLeftOut(word: string): string | undefined {
    for (const weak of JOINED) {
      if (word.endsWith(weak) && this.known.has(word.slice(0, -weak.length))) return `${word.slice(0, -weak.length)} ${weak}`;
      if (word.startsWith(weak) && this.known.has(word.slice(weak.length))) return `${weak} ${word.slice(weak.length)}`;
    }
    return undefined;
  }

  private nearest(word: string): string | undefined {
    let best: string | undefined;
    let bestCost = Infinity;
    for (const n of this.typos.matches(word)) {
      const candidate = this.words[n]!;
      const distance = editDistance(candidate, word, 2);
      // Two letters away, a typo keeps its first letter: "cleaning" is an English word two edits
      // from "learning" (the ordinary list holds words one edit away), not a typo of it.
      if (distance === 2 && candidate[0] !== word[0]) continue;
      // Between words as near, the one with the word's first letter ("olama" is "ollama", not "llama").
      const cost = 2 * distance + (candidate[0] === word[0] ? 0 : 1);
      if (cost < bestCost || (cost === bestCost && candidate < best!)) [best, bestCost] = [candidate, cost];
    }
    return best;
  }

  /** A word typed so far ("elevenl", "transcri") is a prefix, not a typo. */
  private startsAWord(word: string): boolean {
    return this.words[firstAtLeast(this.words, word)]?.startsWith(word) ?? false;
  }
}
