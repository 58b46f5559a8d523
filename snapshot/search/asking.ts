// How a query asks for alternatives to a tool or compares two, after translation: the patterns
// that find the tool's name, and the words around it that say nothing of the need.
import { FILLER, negatedAt, NEGATIONS } from './words.ts';

/**
 * "alternatives to X", "X alternative", "like X", "instead of X" (after translation), also with
 * words around them ("translator better than google translate", "chatgpt alternative in german"):
 * the capture holds X, at its start (`at: 'start'`) or its end.
 */
export const ALTERNATIVES: { re: RegExp; at: 'start' | 'end' }[] = [
  // "a", "de", "zu", "voor", "per", "para": the connector of an untranslated "alternative à/a/de/zu X".
  { re: /^(?:.*\s)?(?:alternatives?|competitors?|replacements?|substitutes?)\s+(?:to|for|of|a|de|zu|voor|per|para)\s+(.+)$/, at: 'start' },
  { re: /^(.+?)\s+(?:alternatives?|competitors?|replacements?|substitutes?)(?:\s.*)?$/, at: 'end' },
  // "alternative grammarly", and an untranslated "alternativa gratuita grammarly".
  { re: /^(?:.*\s)?(?:alternatives?|competitors?|replacements?|substitutes?)\s+(.+)$/, at: 'start' },
  { re: /^(?:something\s+|anything\s+|others?\s+)?(?:like|replace)\s+(.+)$/, at: 'start' },
  { re: /^(?:.*\s)?(?:similar\s+to|instead\s+of|cheaper\s+than|better\s+than)\s+(.+)$/, at: 'start' },
  { re: /^(.+?)\s+(?:like|similar)$/, at: 'end' },
  // "jasper is too expensive": its alternatives, the rest is the need ("cheaper ai copywriter").
  { re: /^(.+?)\s+(?:is\s+|are\s+)?(?:too|so|way\s+too|really)\s+(?:expensive|pricey|costly)(?:\s.*)?$/, at: 'end' },
  // "superhuman but cheaper": its alternatives (a price tier is no measure of cheaper here: a paid tool's alternatives may be paid and cheaper).
  { re: /^(.+?)\s+(?:but\s+)?cheaper(?:\s.*)?$/, at: 'end' },
];
/** "X vs Y", "X versus Y", "X or Y", "X compared to Y", "is X better than Y". */
export const VERSUS = /^(.+?)\s+(?:vs|versus|or|compared\s+to|against|(?:better|worse|faster|cheaper)\s+than)\s+(.+)$/;
/** The nouns that ask for alternatives in the patterns above. */
const ALTERNATIVE_NOUNS = ['alternative', 'alternatives', 'competitor', 'competitors', 'replacement', 'replacements', 'substitute', 'substitutes'];
/** The words that ask for alternatives in the patterns above, with their connectors. */
export const ASKING = new Set([...ALTERNATIVE_NOUNS, 'to', 'for', 'of', 'like', 'replace', 'similar', 'instead', 'cheaper', 'better', 'than', 'something', 'anything', 'other', 'others',
  'too', 'so', 'way', 'really', 'expensive', 'pricey', 'costly']);
/**
 * Beside alternatives, who a tool is for, what it may cost, why it is wanted and the form it comes
 * in, which any of them may serve: no need ("jasper alternative for a small business" wants Jasper's
 * rivals, not small-business tools; "on a tiny budget" is a price, not budgeting apps; "self host
 * for privacy" says why, and the constraint already holds it).
 */
export const FOR_WHOM = new Set(['small', 'tiny', 'budget', 'business', 'businesses', 'company', 'companies', 'enterprise', 'startup', 'startups', 'agency', 'agencies',
  'team', 'teams', 'student', 'students', 'teachers', 'kids', 'family', 'beginners', 'freelancers', 'creators', 'individuals', 'personal', 'nonprofits',
  'privacy', 'private',
  // The form it comes in ("remove.bg but as a python package": its rivals in Python).
  'package', 'packages', 'library', 'libraries', 'module', 'version']);

/** What a tool is compared against when people mean its rivals: "elevenlabs vs the rest". */
export const THE_REST = new Set(['rest', 'competition', 'field', 'everyone', 'everything', 'others']);
/** The words that ask for alternatives or a comparison, which say nothing of the need when no tool is named. */
export const COMPARING = new Set([...ALTERNATIVE_NOUNS, 'vs', 'versus']);

/** Where one runs a tool that runs locally ("runs offline on my laptop"): no need beside alternatives. */
export const OWN_MACHINE: ReadonlySet<string> = new Set(['run', 'runs', 'running', 'laptop', 'pc', 'computer', 'machine', 'desktop', 'notebook', 'device', 'own', 'server', 'servers', 'hardware', 'gpu', 'nvidia', 'card', 'graphics', 'rtx']);

/** The words of a need beside a tool's name at ws[from..from+length): not how the query asks, whom it is for, nor what it does not want (nor the word saying so). */
export function needBeside(ws: readonly string[], from: number, length: number): string[] {
  const negated = negatedAt(ws);
  return ws.filter((w, i) => (i < from || i >= from + length) && !ASKING.has(w) && !FILLER.has(w) && !FOR_WHOM.has(w) && !NEGATIONS.has(w) && !negated.has(i));
}
