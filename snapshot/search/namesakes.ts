// Tool names that also mean something else ("otter", "claude", "mistral"): beside a word that says
// the other is meant ("river otters", "claude monet", "mistral wind"), a query that names no tool
// is about that, not a search for the tool. The pairs are curated data (catalog/vocabulary.json's
// `namesakes`), read in the words as written and in English, so "vent" and "wind" both count.
import { variants } from './words.ts';

export class Namesakes {
  /** A name's word as a query writes it ("otter", "otters") -> the words that say its namesake is meant (each matched in any of its forms: variants). */
  private readonly cues = new Map<string, ReadonlySet<string>>();

  constructor(namesakes: Readonly<Record<string, readonly string[]>>) {
    for (const [word, cues] of Object.entries(namesakes)) this.cues.set(word, new Set(cues));
  }

  /** Whether the words hold a name beside one of its namesake's words (most queries hold no such name: one lookup a word). */
  meant(...texts: readonly (readonly string[])[]): boolean {
    for (const text of texts) {
      for (const word of text) {
        const cues = this.cues.get(word);
        if (cues !== undefined && texts.some((t) => t.some((other) => other !== word && variants(other).some((form) => cues.has(form))))) return true;
      }
    }
    return false;
  }
}
