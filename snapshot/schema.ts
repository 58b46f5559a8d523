// The catalog's file formats and the API's resource shapes, in one place: the validator, the
// editor JSON Schemas (catalog/schema/) and the OpenAPI document are all generated from these.
import { z } from 'zod';
import { CATEGORY_FACET_MAX, KEBAB_CASE, SEARCH_LANGUAGES, SLUG_MAX, SLUG_PATTERN } from './contract.ts';

/** The fixed set of category groups: slug -> display name. */
export const GROUPS = {
  assistants: 'Assistants and Chat',
  text: 'Writing and Text',
  image: 'Image',
  video: 'Video',
  audio: 'Audio and Voice',
  code: 'Code',
  data: 'Data and Analytics',
  research: 'Research',
  education: 'Education',
  productivity: 'Productivity',
  business: 'Marketing, Sales and Support',
  design: 'Design and 3D',
  developer: 'AI Developer Platforms',
  industry: 'Industry: Legal, Health, Finance, HR',
  lifestyle: 'Everyday Life',
} as const;
export type GroupSlug = keyof typeof GROUPS;
export const GROUP_SLUGS = Object.keys(GROUPS) as [GroupSlug, ...GroupSlug[]];

export const PLATFORMS = [
  'web', 'ios', 'android', 'macos', 'windows', 'linux', 'api',
  'browser-extension', 'ide-extension', 'cli', 'self-hosted',
] as const;
export const PRICING = ['free', 'freemium', 'paid'] as const;

const TAG_PATTERN = KEBAB_CASE;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const slug = z.string()
  .max(SLUG_MAX, { error: `must be at most ${SLUG_MAX} characters` })
  .regex(SLUG_PATTERN, { error: 'must be lowercase words of a-z and 0-9 joined by single hyphens, e.g. "text-to-speech"' });

const text = (min: number, max: number) => z.string()
  .min(min, { error: `must be at least ${min} characters` })
  .max(max, { error: `must be at most ${max} characters` })
  .refine((s) => s === s.trim(), { error: 'must not start or end with whitespace' })
  .refine((s) => !/[\r\n\t]/.test(s), { error: 'must be one line (no line breaks or tabs)' })
  .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(s), { error: 'must not contain control characters; remove them' })
  .refine((s) => !/<\/?[a-z][^>]*>|<!--/i.test(s), { error: 'must be plain text, not markup: remove the HTML tags (write "<" and ">" only as plain comparisons, e.g. "< 1 s")' });

const httpsUrl = z.string()
  .regex(/^https:\/\/[^\s/?#]+\.[^\s/?#]+(\/[^\s]*)?$/, { error: 'must be an absolute https:// URL' });

const isoDate = z.string()
  .regex(DATE_PATTERN, { error: 'must be a date written YYYY-MM-DD' })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, { error: 'is not a real calendar date' });

export function unique<T>(items: readonly T[]): boolean {
  return new Set(items).size === items.length;
}

/** Where the facts of a record were checked: the maker's pricing and product pages first, a repository for open source. */
const sources = z.array(httpsUrl).min(1, { error: 'must list at least 1 source' }).max(5, { error: 'must list at most 5 sources' })
  .refine(unique, { error: 'must not repeat a source' })
  .describe('1-5 https URLs where the facts were checked, the maker\'s own pages first.');

/** Slugs a record had before a rename: they keep answering, with 301 and the current path. */
const formerSlugs = z.array(slug).min(1, { error: 'must list at least 1 slug, or be left out' }).max(10, { error: 'must list at most 10 slugs' })
  .refine(unique, { error: 'must not repeat a slug' }).optional()
  .describe('Slugs this record had before it was renamed; requests for them answer 301 with the current path.');

/** What a curator writes in catalog/tools/<slug>.json. Key order here is the canonical file order. */
export const toolFileSchema = z.strictObject({
  $schema: z.string().optional().describe('Editor hint: the JSON Schema of this file.'),
  slug: slug.describe('Stable identifier; equals the file name.'),
  former_slugs: formerSlugs,
  name: text(1, 80).describe('Display name as the maker writes it, e.g. "ElevenLabs".'),
  aliases: z.array(text(2, 40)).min(1, { error: 'must list at least 1 name, or be left out' }).max(10, { error: 'must list at most 10 names' })
    .refine(unique, { error: 'must not repeat a name' }).optional()
    .describe('Other names people search it by, not shown by the API: nicknames, shorthands, model names it offers ("mj", "gpt-5").'),
  tagline: text(10, 120).describe('One line, at most 120 characters.'),
  description: text(80, 1000).describe('1-4 sentences in the catalog\'s own words.'),
  url: httpsUrl.describe('Official https site, no tracking parameters.'),
  maker: text(1, 80).describe('Company or project behind the tool.'),
  categories: z.array(slug).min(1, { error: 'must list at least 1 category' }).max(5, { error: 'must list at most 5 categories' })
    .refine(unique, { error: 'must not repeat a category' })
    .describe('1-5 category slugs, the primary category first.'),
  tags: z.array(z.string().regex(TAG_PATTERN, { error: 'must be lowercase kebab-case, e.g. "voice-cloning"' }).max(40))
    .min(1, { error: 'must list at least 1 tag' }).max(12, { error: 'must list at most 12 tags' })
    .refine(unique, { error: 'must not repeat a tag' })
    .describe('Words people search for, lowercase kebab-case.'),
  pricing: z.enum(PRICING).describe('free | freemium | paid'),
  open_source: z.boolean(),
  repository: httpsUrl.nullable().describe('Source repository URL when open source, else null.'),
  platforms: z.array(z.enum(PLATFORMS)).min(1, { error: 'must list at least 1 platform' })
    .refine(unique, { error: 'must not repeat a platform' }),
  launched: z.int().min(1950).max(2100).nullable().describe('Launch year when known, else null.'),
  added_at: isoDate.describe('YYYY-MM-DD, when the tool entered the catalog.'),
  updated_at: isoDate.describe('YYYY-MM-DD, last curated change.'),
  sources: sources.optional(),
  verified_at: isoDate.optional().describe('YYYY-MM-DD, when the facts were last checked against the sources; raised only by re-checking them.'),
  sunset_at: isoDate.optional().describe('YYYY-MM-DD, the announced last day of the service; the day after, the build refuses the record until it is moved to catalog/retired/.'),
  successor: slug.optional().describe('With sunset_at: the slug of the current tool that replaces it.'),
  prominence: z.int().min(1).max(3).optional()
    .describe('Search tie-breaker, not shown by the API: 3 = the maker\'s flagship (first for a search of the maker\'s name), 2 = a leader of its category, 1 = well known.'),
});
export type ToolFile = z.infer<typeof toolFileSchema>;

/** What a curator writes in catalog/categories/<slug>.json. */
export const categoryFileSchema = z.strictObject({
  $schema: z.string().optional().describe('Editor hint: the JSON Schema of this file.'),
  slug: slug.describe('Stable identifier; equals the file name.'),
  former_slugs: formerSlugs,
  name: text(2, 60),
  description: text(20, 300).describe('One or two sentences that define the category\'s scope.'),
  group: z.enum(GROUP_SLUGS).describe('One of the fixed groups.'),
});
export type CategoryFile = z.infer<typeof categoryFileSchema>;

/** What a curator writes in catalog/retired/<slug>.json for a tool that no longer exists. */
export const retiredFileSchema = z.strictObject({
  $schema: z.string().optional().describe('Editor hint: the JSON Schema of this file.'),
  slug: slug.describe('The slug the tool had; equals the file name. Requests for it answer 410.'),
  name: text(1, 80).describe('The name the tool had, e.g. "Sora".'),
  retired_at: isoDate.describe('YYYY-MM-DD, when the maker retired it.'),
  reason: text(10, 200).describe('One line, in the catalog\'s own words: what happened.'),
  successor: slug.nullable().describe('Slug of the current tool that replaced it, or null.'),
  alternatives: z.array(slug).max(5, { error: 'must list at most 5 tools' }).refine(unique, { error: 'must not repeat a tool' })
    .describe('Slugs of current tools its users can turn to, closest first.'),
  sources: sources.describe('1-5 https URLs that show the end of the service and its day, the maker\'s own pages first.'),
  verified_at: isoDate.describe('YYYY-MM-DD, when the facts were last checked against the sources.'),
}).refine((r) => r.successor !== null || r.alternatives.length > 0, {
  error: 'a retired tool needs a successor or at least one alternative, so that its users are sent somewhere', path: ['alternatives'],
});
export type RetiredFile = z.infer<typeof retiredFileSchema>;

const ruleReason = z.string().min(10, { error: 'must be at least 10 characters: say why' }).max(200, { error: 'must be at most 200 characters' });
/** A host (any subdomain included), optionally with a path prefix: `postclic.com`, `raw.githubusercontent.com/api-evangelist`. */
const hostPattern = z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/[^\s?#]+)*$/, { error: 'must be a lowercase host, optionally with a path, e.g. "raw.githubusercontent.com/api-evangelist" (no https://, no query)' });

/** What a curator writes in catalog/sources.json: what counts as a source, each rule with its reason. */
export const sourceRulesSchema = z.strictObject({
  $schema: z.string().optional().describe('Editor hint: the JSON Schema of this file.'),
  max_tools_without_maker_source: z.int().min(0)
    .describe('The ceiling: how many tools may have no source on the maker\'s own web presence. Lower it as tools get one; the validator refuses a catalog above it.'),
  not_evidence: z.array(z.strictObject({ match: hostPattern, reason: ruleReason })).describe('Hosts (or host/path prefixes) whose pages are never a source, with the reason.'),
  stores: z.array(z.strictObject({ match: hostPattern, reason: ruleReason })).describe('App and extension stores: a listing there is the maker\'s own page.'),
  maker_domains: z.array(z.strictObject({ maker: z.string().min(1).max(80), match: z.array(hostPattern).min(2), reason: ruleReason }))
    .describe('A maker\'s several web presences: a tool whose url matches one may cite the others as its maker\'s own.'),
});
export type SourceRules = z.infer<typeof sourceRulesSchema>;

/** API shapes, derived from the file shapes so the two cannot drift apart. */
export const categoryRefSchema = z.object({ slug: z.string(), name: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;
export const toolSchema = toolFileSchema.omit({ $schema: true, former_slugs: true, aliases: true, prominence: true }).extend({
  categories: z.array(categoryRefSchema).min(1).max(5).describe('The first is the primary category.'),
  sunset_at: isoDate.nullable().describe('YYYY-MM-DD, the announced last day of the service, or null.'),
  successor: slug.nullable().describe('With sunset_at: the slug of the tool that replaces it, or null.'),
});
export type Tool = z.infer<typeof toolSchema>;
export const categorySchema = categoryFileSchema.omit({ $schema: true, former_slugs: true }).extend({
  tool_count: z.int().min(0).describe('Number of tools listing this category.'),
});
export type Category = z.infer<typeof categorySchema>;
/** A facet's counts: value -> number of matching tools (at least 1), most first, ties by value. */
const counts = <K extends z.ZodType<string>>(values: K, what: string) => z.partialRecord(values, z.int().min(1)).describe(what);
/** `meta.facets` (API.md, "Facets and highlights"): with facets=, per facet asked for. */
export const facetCountsSchema = z.object({
  pricing: counts(z.enum(PRICING), 'Tools per pricing model, most first.').optional(),
  category: counts(z.string(), `Tools per category slug, most first: the ${CATEGORY_FACET_MAX} largest (a tool counts once in each of its categories).`).optional(),
  platform: counts(z.enum(PLATFORMS), 'Tools per platform, most first (a tool counts once on each of its platforms).').optional(),
  open_source: counts(z.enum(['true', 'false']), 'Open-source (true) and closed (false) tools.').optional(),
}).describe('With facets=: for each facet asked for, the number of matching tools per value over the whole result (not the page), most first (ties by value), values with none left out. A facet\'s own filter is left out of its counts (disjunctive faceting), so a screen filtered on pricing=free still shows how many are freemium.');
export type FacetCountsShape = z.infer<typeof facetCountsSchema>;

/** A list's `meta` (API.md, "Envelopes"): the one statement for the build, the gateway, MCP and OpenAPI. */
export const pageMetaSchema = z.object({
  page: z.int().min(1),
  per_page: z.int().min(1),
  total: z.int().min(0),
  total_pages: z.int().min(0).describe('ceil(total / per_page); 0 when total is 0.'),
  not_found: z.array(z.string()).optional().describe('With slugs: the slugs asked for that no tool has.'),
  retired: z.array(z.string()).optional().describe('With slugs: the slugs asked for that were retired; with updated_since: the tools retired on or after that date (a sync drops them).'),
  interpreted: z.object({
    language: z.enum(SEARCH_LANGUAGES).optional().describe('The language the query was read in (ISO 639-1), when not English.'),
    pricing: z.array(z.enum(PRICING)).optional().describe('Pricing the query\'s words asked for ("free": free, freemium), applied as a filter.'),
    platform: z.array(z.enum(PLATFORMS)).optional().describe('Platforms the query\'s words asked for ("for mac", "api"), any of them, applied as a filter.'),
    open_source: z.boolean().optional().describe('Open source asked for ("open source", "foss"), applied as a filter.'),
    runs_locally: z.literal(true).optional().describe('Running on one\'s own machine or server asked for ("offline", "runs locally", "self hosted", "on prem"): only tools that do (self-hosted, open source with a desktop or command-line platform, or tagged as working offline or locally).'),
    similar_to: z.string().optional().describe('The tool whose alternatives were asked for ("alternatives to X"): results are ranked as similar_to ranks them.'),
    versus: z.array(z.string()).length(2).optional().describe('The two tools compared ("X vs Y"): both first, then the tools most like both.'),
    corrected: z.string().optional().describe('The query as read after correcting a misspelt word of the catalog.'),
  }).optional().describe('Search: how the query was read, when it was more than words (only the keys that apply), so an app can show "Free alternatives to ChatGPT".'),
  facets: facetCountsSchema.optional(),
});
/** How a search query was read (`meta.interpreted`). */
export type Interpreted = NonNullable<z.infer<typeof pageMetaSchema>['interpreted']>;

/** A tool in a list: with similar_to, how alike it is. */
export const toolListItemSchema = toolSchema.extend({
  similarity: z.number().min(0).max(1).optional().describe('With similar_to: how alike the tool is, 0..1; the list is ordered by it, descending.'),
});

/** With highlight=true: a result's matched fields, as HTML. */
export const highlightsSchema = z.object({
  name: z.string().optional(),
  tagline: z.string().optional(),
  description: z.string().optional().describe('A description longer than 200 characters is cut to a 200-character snippet around the first match, with … where text was cut.'),
}).describe('With highlight=true: the fields that matched (name, tagline, description), HTML-escaped, each matched word wrapped in <mark>...</mark>, also where the query matched through a translation, an equivalent word or a stem. A result matched only by its tags or categories has an empty object.');
export type Highlights = z.infer<typeof highlightsSchema>;

export const searchResultSchema = toolSchema.extend({
  score: z.number().describe('Relevance; results are ordered by it, descending.'),
  highlights: highlightsSchema.optional(),
});

export const TOOL_KEYS = Object.keys(toolFileSchema.shape) as (keyof ToolFile)[];
export const CATEGORY_KEYS = Object.keys(categoryFileSchema.shape) as (keyof CategoryFile)[];
export const RETIRED_KEYS = Object.keys(retiredFileSchema.shape) as (keyof RetiredFile)[];
