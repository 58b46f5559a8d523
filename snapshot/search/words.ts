// How text becomes the words the engine matches: folded words, a query's content words, light
// stems. Build-time tables and query-time matching both split text here, so they always agree.
import { fold } from '../search-index.ts';

/**
 * Weak words: they never decide a ranking. They are dropped when the query has other words, so a
 * result matching every content word ("sql" in "write sql") outranks one matching a weak word.
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'the', 'to', 'for', 'of', 'in', 'on', 'with', 'my', 'from', 'by', 'or', 'is', 'it', 'that', 'this',
  'ai', 'tool', 'tools', 'app', 'apps', 'best', 'write', 'make', 'create', 'using', 'use', 'want', 'need', 'help', 'me',
  'i', 'can', 'how', 'do', 'some', 'something', 'online', 'software', 'good', 'way', 'into', 'your',
  'what', 'whats', 'which', 'who', 'when', 'where', 'why', 'are', 'was', 'be', 'there', 'any', 'all', 'could', 'would',
  'should', 'will', 'just', 'so', 'very', 'too', 'also', 'get', 'its', 'im', 'dont', 'does', 'did', 'about', 'than', 'then', 'much', 'many',
  'them', 'they', 'you', 'our', 'we', 'us', 'at', 'as', 'if', 'thing', 'things', 'stuff', 'company', 'products',
  'product', 'someone', 'anything', 'program', 'programs', 'application', 'platform', 'service',
  'but', 'only', 'let', 'lets', 'give', 'gives', 'own', 'called', 'named', 'tell', 'tells', 'better', 'really', 'actually',
  'not', 'even', 'other', 'another', 'turn', 'turns', 'one', 'ones', 'lot', 'lots', 'kind', 'sort', 'please', 'looking', 'find', 'way', 'ways',
  // The rest of a contraction ("tomorrow's", "won't", "i'll", "you're", "we've", "i'd"), and
  // contractions typed without their apostrophe.
  's', 't', 'll', 're', 've', 'd', 'thats', 'theres', 'heres', 'isnt', 'arent', 'wasnt', 'doesnt', 'didnt', 'cant', 'wont',
  'couldnt', 'wouldnt', 'shouldnt', 'youre', 'theyre', 'ive', 'whos', 'hows', 'cannot',
  // Words that only frame the need ("an app that shows me", "make it look like").
  'show', 'shows', 'look', 'looks', 'like', 'now',
  // What a maker has out ("everything openai has released", "tools owned by canva", "what else
  // does the company behind devin make"): the maker is the need.
  'everything', 'has', 'have', 'had', 'released', 'owned', 'offers', 'lineup', 'put', 'else', 'behind',
  // How soon or how well, which every tool claims: no need of its own.
  'quick', 'quickly', 'easy', 'easily', 'simple', 'nice', 'great', 'today', 'tonight', 'tomorrow', 'asap',
]);

/**
 * What people ask a map, a dictionary, an encyclopedia or a clock, never a catalog of tools ("plumber
 * near me", "perplexity meaning", "what does grok mean", "who was ada lovelace", "how old is sam
 * altman", "what year did her come out", "what time is it in tokyo", "what time does costco
 * close"): a query that asks it answers nothing. Read in English: the other languages reach it
 * through the vocabulary's terms ("in der nähe", "significado", "wer war", "a que hora"). "search
 * by meaning" and "meaning-based search" are needs.
 */
export function asksElsewhere(ws: readonly string[]): boolean {
  for (let i = 0; i < ws.length; i++) {
    if (ws[i] === 'near' && ws[i + 1] === 'me') return true;
    if ((ws[i] === 'meaning' || ws[i] === 'definition') && ws[i - 1] !== 'by' && ws[i + 1] !== 'based') return true;
    if (ws[i] === 'who' && PAST_DEEDS.has(ws[i + 1]!)) return true;
    if (ws[i] === 'how' && ws[i + 1] === 'old' && BEING.has(ws[i + 2]!)) return true;
    // "What does it mean" asks about a text of one's own (a letter, a contract): a need.
    if (ws[i] === 'what' && ws[i + 1] === 'does' && !STOPWORDS.has(ws[i + 2]!) && ws.indexOf('mean', i + 3) > 0) return true;
    if (ws[i] === 'what' && ws[i + 1] === 'year') return true;
    // "how often to feed a ball python", "how much does a sea otter eat" (not what something costs).
    if (ws[i] === 'how' && (ws[i + 1] === 'often' || (ws[i + 1] === 'much' && (ws[i + 2] === 'does' || ws[i + 2] === 'do') && !ws.some((w) => PRICED.has(w)))) && !asksForATool(ws)) return true;
    if (ws[i] === 'what' && ws[i + 1] === 'time' && (ws[i + 2] === 'does' || ws[i + 2] === 'do' || (ws[i + 2] === 'is' && ws[i + 3] === 'it'))) return true;
  }
  return false;
}
/**
 * A recipe for a dish ("rezept für käsespätzle", "recette crepes facile"): a word beside "recipe"
 * that search does not know (`known`: every English word it knows) is the dish, and a cookbook
 * answers it, not a tool. Recipes for what a tool does ("recipes from what's in my fridge", "meal
 * prep recipes") use words it knows, and a tool's word ("recipe app") asks for one.
 */
export function asksForADish(ws: readonly string[], known: ReadonlySet<string>): boolean {
  if (!ws.some((w) => w === 'recipe' || w === 'recipes') || asksForATool(ws)) return false;
  return ws.some((w) => !STOPWORDS.has(w) && !FILLER.has(w) && !known.has(w));
}

/** Words that make "how much does ..." a question of price, which a tool's page answers. */
const PRICED = new Set(['cost', 'costs', 'price', 'charge', 'charges', 'pay', 'subscription', 'plan', 'month', 'monthly', 'year', 'yearly']);
/** After "who": a question about a person ("who was", "who invented"). */
const PAST_DEEDS = new Set(['was', 'were', 'won', 'invented', 'discovered']);
/** After "how old": a question about someone's age. */
const BEING = new Set(['is', 'was', 'are', 'were']);

/**
 * Words that say a query asks for a tool, in English and the six languages ("ki", "ia"): "an app
 * that reads my mail", "ki die mitschreibt", "is there a way to". Off-topic queries rarely have one.
 */
const ASKS_FOR_A_TOOL = new Set(['ai', 'ki', 'ia', 'app', 'apps', 'tool', 'tools', 'software', 'generator', 'bot', 'chatbot', 'assistant', 'website', 'plugin', 'extension', 'api']);

export function asksForATool(ws: readonly string[]): boolean {
  return ws.some((w, i) => ASKS_FOR_A_TOOL.has(w) || (w === 'is' && ws[i + 1] === 'there') || (w === 'any' && ws[i + 1] === 'way'));
}
/**
 * "need a logo", "want something that", "need help with": a query that states a need asks for
 * something to meet it, as one that names a tool does (strengthForATool); "need" alone ("what do
 * llamas need") does not.
 */
export const statesANeed = (ws: readonly string[]): boolean => ws.some((w, i) => WANTING.has(w) && WANTED.has(ws[i + 1]!));
const WANTING = new Set(['need', 'needs', 'needed', 'want', 'wanna']);
const WANTED = new Set(['a', 'an', 'some', 'something', 'help', 'to']);

/** A word that names a tool ("app", "ai"), not only a question that may ask for one ("is there"). */
export const namesATool = (ws: readonly string[]): boolean => ws.some((w) => ASKS_FOR_A_TOOL.has(w));

/** "Everything alibaba has put out": what a maker has released, where "out" is no word of a need (it begins "outreach"). */
export const withoutPutOut = (ws: readonly string[]): string[] => ws.filter((w, i) => !(w === 'out' && ws[i - 1] === 'put'));

/**
 * "my writing doesnt get sent to some cloud", "nothing uploaded", "nothing leaves my laptop": running locally said in
 * words of its own, read as the constraint's own "no cloud".
 */
export function withNoCloud(ws: readonly string[]): string[] {
  for (let i = 0; i < ws.length; i++) {
    if (!NEGATIONS.has(ws[i]!) && ws[i] !== 'no' && ws[i] !== 'nothing') continue;
    for (let j = i + 1; j < Math.min(ws.length, i + 6); j++) {
      const leaves = (ws[j] === 'leaves' || ws[j] === 'leave') && ws[j + 1] === 'my' ? 2 : undefined;
      if (!CLOUDWARD.has(ws[j]!) && leaves === undefined) continue;
      return [...ws.slice(0, i), 'no', 'cloud', ...ws.slice(j + 1 + (leaves ?? 0))];
    }
  }
  return [...ws];
}

/** Where what runs locally never goes: "nothing uploaded", "doesnt go to the cloud". */
const CLOUDWARD = new Set(['cloud', 'upload', 'uploads', 'uploaded', 'uploading']);

/** Tools in the plural: a "list" beside them is the answer asked for ("stability ai tools list", "list of google ai products"), not a to-do or grocery list. */
const LISTED = new Set(['tools', 'products', 'apps', 'models', 'services']);
export const withoutListing = (ws: readonly string[]): string[] => (ws.some((w) => LISTED.has(w)) ? ws.filter((w) => w !== 'list' && w !== 'lists') : [...ws]);

/** Words around a constraint or a tool's name that say nothing once it is read ("with an api", "apps like x"). */
export const FILLER = new Set(['a', 'an', 'the', 'with', 'for', 'on', 'in', 'that', 'has', 'have', 'is', 'and', 'but', 'some', 'any', 'best', 'good', 'top', 'ai', 'app', 'apps', 'tool', 'tools', 'software', 'program', 'programs', 'service', 'services', 'options', 'option', 'me', 'please', 'list', 'of']);

/**
 * A number, or "v" or one letter before a number: a version, not a word ("3d" and "4k" are words);
 * or one letter alone, a shorthand ("w" for with, "u" for you) that would begin every name.
 */
const NOT_A_WORD = /^(?:\d+|v\d+|[a-z]\d|\p{L})$/u;

/**
 * What follows a model's name to say which of its versions and editions: a version ("4o", "3",
 * "v7", "r1"), a size ("70b", "8x7b") or an edition word ("mini", "turbo", "pro", "flash",
 * "instruct"): "gpt 4o mini", "llama 3.1 70b instruct", "whisper large v3 turbo" name the model.
 */
export const namesAnEdition = (w: string): boolean => VERSION_WORD.test(w) || EDITIONS.has(w);
/** A version, kept as part of the name ("gpt4o"), unlike a size ("70b"). */
export const isVersion = (w: string): boolean => VERSION_WORD.test(w) && !SIZE.test(w);
const VERSION_WORD = /^(?:v?\d+|\d+[a-z]|[a-z]\d+[a-z]?|(?:\d+x)?\d+[bmk])$/;
const SIZE = /^(?:\d+x)?\d+[bmk]$/;
const EDITIONS = new Set(['mini', 'nano', 'turbo', 'pro', 'ultra', 'flash', 'lite', 'plus', 'max', 'large', 'medium', 'small', 'base', 'instruct', 'coder', 'distill',
  'fast', 'master', 'preview', 'thinking', 'reasoning', 'xl', 'hd', 'gen', 'exp', 'experimental', 'latest', 'vision', 'realtime', 'standard', 'premium', 'advanced',
  'sonnet', 'opus', 'haiku', 'niji', 'dev', 'schnell', 'kontext', 'high', 'low', 'deep', 'research', 'think']);

/** Folded words of a text, split on anything that is not a letter or digit. */
export function words(text: string): string[] {
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Query words, without stopwords unless the query has nothing else. */
export function queryWords(q: string): string[] {
  return contentWords(words(q));
}

/**
 * The word and its light stems, each matched as a prefix: "images" also finds "image", "generate"
 * finds "generator" and "generation" (via "generat"), "editing" finds "edit".
 */
export function variants(word: string): string[] {
  const out = [word];
  if (word.length <= 4) return out;
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  else if (word.endsWith('s') && !word.endsWith('ss')) out.push(word.slice(0, -1));
  const base = out[out.length - 1]!;
  // A stem of three letters is the verb with its "e" ("rising": "rise", not "ris", which begins "risk").
  if (base.endsWith('ing') && base.length > 5) out.push(base.length > 6 ? base.slice(0, -3) : `${base.slice(0, -3)}e`);
  else if (base.endsWith('ed') && base.length > 5) out.push(base.slice(0, -2));
  else if (base.endsWith('e')) out.push(base.slice(0, -1));
  // A consonant doubled before the ending is the word's own ("getting": "get", "planned": "plan").
  const stem = out[out.length - 1]!;
  if (stem !== base && /([b-df-hj-np-tv-z])\1$/.test(stem) && !/(?:ll|ss|ff|zz)$/.test(stem)) out.push(stem.slice(0, -1));
  return out;
}

/**
 * flexsearch's Normalize charset collapses repeated letters ("zzzz" -> "z"); when that shrinks a
 * word by more than one letter, or to three letters or fewer ("tall" -> "tal", the start of
 * "talking" and "talent"), its hits could be noise and are checked against the real words.
 */
export function collapsesBadly(word: string): boolean {
  const collapsed = word.replace(/(\p{L})\1+/gu, '$1').length;
  return word.length - collapsed > 1 || (collapsed < word.length && collapsed <= 3);
}

/** The words that carry a need, none when it has only stopwords. */
export const needWords = (ws: readonly string[]): string[] => distinct(meaningful(ws));

/** The words that carry a need, without stopwords unless there is nothing else. */
export function contentWords(ws: readonly string[]): string[] {
  const m = meaningful(ws);
  return distinct(m.length > 0 ? m : ws);
}

/** Without weak words and versions: a version ("flux 1.1", "gemini 2.5 pro", "whisper large v3", "deepseek r1") counts in the whole name, not as a word. */
const meaningful = (ws: readonly string[]) => ws.filter((w) => !STOPWORDS.has(w) && !NOT_A_WORD.test(w));
/** Each word once, at most 12 of them. */
const distinct = (ws: readonly string[]) => [...new Set(ws)].slice(0, 12);

/**
 * The places of what a query does not want, which is no need of it: the word after "without",
 * "not" or "doesnt need" and their like, weak words skipped ("doesnt need discord", "not owned by
 * bytedance", "without a subscription").
 */
export function negatedAt(ws: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < ws.length; i++) {
    if (!NEGATIONS.has(ws[i]!)) continue;
    let j = i + 1;
    while (j < ws.length && (STOPWORDS.has(ws[j]!) || NEEDING.has(ws[j]!))) j++;
    if (j < ws.length) out.add(j);
  }
  return out;
}
export const NEGATIONS: ReadonlySet<string> = new Set(['without', 'not', 'doesnt', 'dont', 'isnt', 'arent', 'never']);
/** Words between a negation and what it negates ("doesnt need", "doesnt require", "isnt tied to"). */
const NEEDING = new Set(['need', 'needs', 'require', 'requires', 'requiring', 'paying', 'pay', 'using', 'tied', 'locked', 'linked', 'bound', 'dependent', 'based', 'built', 'made']);

/** The words without filler at either end. */
export function trim(ws: string[]): string[] {
  let [from, to] = [0, ws.length];
  while (from < to && FILLER.has(ws[from]!)) from++;
  while (to > from && FILLER.has(ws[to - 1]!)) to--;
  return ws.slice(from, to);
}
