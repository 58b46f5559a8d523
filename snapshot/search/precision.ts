// How much of a query a tool must match to be a result: the engine's precision rule, so that one
// shared word ("voice lessons near me", "gemini horoscope this week") is no match.
import { WHOLE } from './scratch.ts';
import { isVersion, needWords, variants } from './words.ts';

/** What a word found where a match means something (STRONG_FIELD) counts; a word a tagline or description only mentions counts 1. */
const STRONG = 2;

/**
 * One word may be found anywhere; of two, one must say what the tool is about (or both be
 * mentioned); of more, twice that.
 */
const meaningful = (words: number) => Math.min(words - 1, 2) * STRONG;

/**
 * The strength a tool's matched words must add up to. `words`: the query's words as read;
 * `matched`: how many content words are matched; `alternatives`: the words are the need stated
 * beside alternatives to a tool, which must be what a tool is about, not a word its description
 * mentions ("chatgpt alternative in german").
 */
export function neededStrength(words: readonly string[], matched: number, alternatives: boolean): number {
  if (alternatives) return Math.max(STRONG, meaningful(matched));
  return meaningful(outcomeWords(words) ?? matched);
}

/**
 * "turn my class notes into a slideshow": what comes after "into" is the need, what comes before
 * the material, so only the need's words (how many) decide whether a tool is a match.
 */
function outcomeWords(ws: readonly string[]): number | undefined {
  const at = ws.lastIndexOf('into');
  const need = at < 0 ? [] : needWords(ws.slice(at + 1));
  return need.length > 0 ? need.length : undefined;
}

/**
 * The strength a query that asks for a tool ("is there an app that reads my dad's mail out loud")
 * needs when no tool has `needed`: that of the tools that match it best (`strongest`), if one of
 * its words says what they are about. Such a query still answers; one that asks for nothing
 * ("how to unclog a drain") keeps the rule and answers nothing.
 */
export function strengthForATool(needed: number, strongest: number): number {
  return strongest >= needed ? needed : Math.max(STRONG, strongest);
}

/**
 * A tool named by an English word, in a query of several words, has its name counted as a mention
 * of the word, not as what it is about: "where do river otters live" is about otters, "no bake
 * granola bars" about granola (Otter.ai and Granola then need another word of what they do). A
 * version beside it ("gemma 3 27b") says the name is meant. `strong`: the tally's strengths.
 */
export function namesAsWords(strong: Uint8Array, wordNamed: ReadonlyMap<string, readonly number[]>, matched: readonly string[], written: readonly string[]): void {
  if (written.some(isVersion)) return;
  for (const word of matched) {
    for (const form of new Set(variants(word))) {
      for (const doc of wordNamed.get(form) ?? []) if (strong[doc]! >= STRONG && strong[doc]! < WHOLE) strong[doc] = strong[doc]! - 1;
    }
  }
}
