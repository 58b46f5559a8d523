// Tool names that also mean something else ("otter", "claude", "mistral"): beside a word that says
// the other is meant ("river otters", "claude monet", "mistral wind"), a query that names no tool
// is about that, not a search for the tool. The pairs are curated data (catalog/vocabulary.json's
// `namesakes`), read in the words as written and in English, so "vent" and "wind" both count.
import { variants } from './words.ts';

export class Namesakes {
  /** A name's word as a query writes it -> the words that say its namesake is meant (each matched in any of its forms: variants). */
  private readonly cues = new Map<string, ReadonlySet<string>>();

  constructor(namesakes: Readonly<Record<string, readonly string[]>>) {
    for (const [word, cues] of Object.entries(namesakes)) this.cues.set(word, new Set(cues));
  }

  /** Whether the words hold a name beside one of its namesake's words. */
  meant(...texts: readonly (readonly string[])[]): boolean {
    if (this.cues.size === 0) return false;
    const forms = new Set(texts.flat().flatMap((w) => variants(w)));
    for (const form of forms) {
      const cues = this.cues.get(form);
      if (cues !== undefined) for (const other of forms) if (cues.has(other)) return true;
    }
    return false;
  }
}
