// The search vocabulary's file format (catalog/vocabulary.json): how people ask, mapped to the
// catalog's own words. The validator and the editor JSON Schema are generated from it.
import { z } from 'zod';
import { SEARCH_LANGUAGES } from './contract.ts';
import { PLATFORMS, PRICING, slug, unique } from './schema.ts';

/** A search term: lowercase words of letters and digits separated by single spaces. */
const term = z.string().regex(/^[a-z0-9]+( [a-z0-9]+)*$/, { error: 'must be lowercase words of a-z and 0-9 separated by single spaces, e.g. "voice over"' }).max(40);

/** One search word: lowercase letters a-z and digits. */
const searchWord = z.string().regex(/^[a-z0-9]+$/, { error: 'must be one lowercase word of a-z and 0-9' });

/** A word or phrase in another language: lowercase letters (accents allowed) and digits, single spaces. */
const nativeTerm = z.string().regex(/^[\p{Ll}\p{Lo}0-9]+( [\p{Ll}\p{Lo}0-9]+)*$/u, { error: 'must be lowercase words separated by single spaces, e.g. "texte en parole"' }).max(40);

/** A constraint: the filter it means, and the English terms that state it. */
const constraintSchema = z.strictObject({
  terms: z.array(term).min(1).refine(unique, { error: 'must not repeat a term' }).describe('English terms that state it ("free", "no cost", "for mac"); other languages reach them through `languages`.'),
  pricing: z.array(z.enum(PRICING)).min(1).optional().describe('The pricing values it allows.'),
  platform: z.array(z.enum(PLATFORMS)).min(1).optional().describe('The platforms it allows (any of them).'),
  open_source: z.boolean().optional().describe('Open source only (true) or closed only (false).'),
  runs_locally: z.literal(true).optional().describe('Only tools that run on one\'s own machine (offline, on a laptop or one\'s own server).'),
});

/** catalog/vocabulary.json: how people ask, mapped to the catalog's own words. Compiled into the snapshot for search. */
export const vocabularyFileSchema = z.strictObject({
  $schema: z.string().optional().describe('Editor hint: the JSON Schema of this file.'),
  phrasings: z.record(slug, z.array(term).min(1).refine(unique, { error: 'must not repeat a term' }))
    .describe('Category slug -> everyday phrasings of that need ("voiceover", "read aloud"); a query that is one of them ranks the category\'s tools, below literal matches.'),
  equivalents: z.array(z.array(searchWord).min(2, { error: 'must list at least 2 words' }).refine(unique, { error: 'must not repeat a word' }))
    .describe('Sets of words that mean the same to a searcher (slides, presentation, deck); each also finds the others, below a literal match.'),
  constraints: z.record(z.string().regex(/^[a-z]+(-[a-z]+)*$/), constraintSchema).optional()
    .describe('Words that state a constraint (free, open source, for mac), applied as filters instead of matched as text.'),
  namesakes: z.record(searchWord, z.array(searchWord).min(1).refine(unique, { error: 'must not repeat a word' })).optional()
    .describe('A word of a tool\'s name that also means something else ("otter", "claude") -> words that, beside it, say the other is meant ("river", "monet", in any of the languages): such a query that asks for no tool answers nothing.'),
  languages: z.partialRecord(z.enum(SEARCH_LANGUAGES), z.record(term, z.array(nativeTerm).min(1).refine(unique, { error: 'must not repeat a term' })))
    .optional()
    .describe('Per language, an English term (a word of the catalog, a phrasing or a constraint) -> the words people write for it in that language; a query in that language is read as the English terms.'),
});
export type VocabularyFile = z.infer<typeof vocabularyFileSchema>;
