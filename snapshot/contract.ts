// Facts of the public contract (API.md) that the gateway, the build and the OpenAPI document all
// state: declared once here, derived everywhere else.

/** Where the API lives: every path of it starts here. */
export const API_BASE = '/api/v1';

/** Every error code the API answers with: its HTTP status and when it is sent. */
export const ERRORS = {
  INVALID_PARAMETER: { status: 400, when: 'A value out of range or not allowed, a parameter that takes one value sent more than once, or a missing `q`; the message names the parameter and what it accepts.' },
  UNKNOWN_PARAMETER: { status: 400, when: 'A parameter the endpoint does not take; the message lists the ones it does.' },
  MISSING_API_KEY: { status: 401, when: 'No `X-API-Key` header, or an empty one.' },
  INVALID_API_KEY: { status: 401, when: 'A malformed, unknown or doubled key.' },
  REVOKED_API_KEY: { status: 401, when: 'A key the operator revoked.' },
  MOVED_PERMANENTLY: { status: 301, when: 'A former slug of a renamed tool or category; `Location` gives the current URL.' },
  NOT_FOUND: { status: 404, when: 'An unknown path or slug.' },
  GONE: { status: 410, when: 'A retired tool; the message names its successor or alternatives (`Link: rel="successor-version"`).' },
  METHOD_NOT_ALLOWED: { status: 405, when: 'Anything but GET, HEAD and OPTIONS (POST on /mcp); see `Allow`.' },
  REQUEST_TIMEOUT: { status: 408, when: 'The request headers, or the body of a POST to /mcp, did not arrive within 10 s.' },
  CONTENT_TOO_LARGE: { status: 413, when: 'A request body over 1 MiB (only POST /mcp has one).' },
  EXPECTATION_FAILED: { status: 417, when: 'An `Expect` header other than `100-continue`.' },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, when: 'More than 16 KB of request headers.' },
  RATE_LIMIT_EXCEEDED: { status: 429, when: 'Over the plan\'s per-minute limit, or a fifth request body in flight for one key; see `Retry-After`.' },
  INTERNAL_ERROR: { status: 500, when: 'A bug; details only in the server log (quote `X-Request-Id`).' },
  SERVICE_UNAVAILABLE: { status: 503, when: 'The key store, the usage counts or the search index cannot be reached, no key has been created yet, or the budget of request bodies in flight is full; see `Retry-After`.' },
} as const satisfies Record<string, { status: number; when: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** The languages other than English that search reads (ISO 639-1): `meta.interpreted.language`. */
export const SEARCH_LANGUAGES = ['de', 'fr', 'es', 'pt', 'it', 'nl'] as const;
export type SearchLanguage = typeof SEARCH_LANGUAGES[number];

/** Lowercase words of letters and digits joined by single hyphens: slugs, tags and plan names. */
export const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Slugs of tools and categories: kebab-case, at most 64 characters. */
export const SLUG_PATTERN = KEBAB_CASE;
export const SLUG_MAX = 64;

/** The error table as Markdown, for the OpenAPI description (and so the reference page). */
export function errorTableMarkdown(): string {
  const rows = ERROR_CODES.map((code) => `| ${ERRORS[code].status} | \`${code}\` | ${ERRORS[code].when} |`);
  return ['| Status | Code | When |', '|---|---|---|', ...rows].join('\n');
}

/**
 * Query parameters, per endpoint, in the order API.md's table gives them (values are checked in
 * this order). The request parser and the OpenAPI document are both generated from this table.
 * Enumerations whose values come from the snapshot name their source instead of listing values.
 */
export type ParamSpec =
  | { name: string; kind: 'integer'; min: number; max: number; default: number; description: string }
  /**
   * `multiple` (on any kind that has it): one value or several joined by commas; sent repeated
   * (`a=x&a=y`, what HTTP clients send for a list), the values read as if joined by commas.
   * A list of names, for an enum; for a filter, a tool matches any of them.
   */
  | { name: string; kind: 'enum'; values: readonly string[]; default?: string; multiple?: true; description: string }
  | { name: string; kind: 'boolean'; description: string }
  | { name: string; kind: 'snapshot-enum'; source: 'categories' | 'groups' | 'pricing' | 'platforms'; multiple?: true; description: string }
  | { name: string; kind: 'text'; minLength: number; maxLength: number; required: true; description: string }
  /** A calendar date, YYYY-MM-DD. */
  | { name: string; kind: 'date'; description: string }
  /** A website: a URL or a bare host, compared by host (no www., scheme, port, path or case). */
  | { name: string; kind: 'host'; description: string }
  /** Slugs joined by commas, 1 to `max` of them, in the order the answer keeps. */
  | { name: string; kind: 'slug-list'; max: number; multiple: true; description: string }
  /** Names of a tool's fields joined by commas (the tool schema's own names); slug is always kept. */
  | { name: string; kind: 'field-list'; multiple: true; description: string }
  /** One tool's slug (an unknown one is 404, as for the item path). */
  | { name: string; kind: 'slug'; description: string };

const page = { name: 'page', kind: 'integer', min: 1, max: 1_000_000, default: 1, description: 'Page number, plain decimal digits.' } as const satisfies ParamSpec;
const perPage = { name: 'per_page', kind: 'integer', min: 1, max: 100, default: 20, description: 'Items per page.' } as const satisfies ParamSpec;
const fields = { name: 'fields', kind: 'field-list', multiple: true, description: 'Only these fields of each tool, joined by commas (fields=slug,name,url); slug is always kept, and score on search results.' } as const satisfies ParamSpec;
const category = { name: 'category', kind: 'snapshot-enum', source: 'categories', multiple: true, description: 'Only tools listing this category (anywhere, not only as primary), or any of several joined by commas.' } as const satisfies ParamSpec;
const platform = { name: 'platform', kind: 'snapshot-enum', source: 'platforms', multiple: true, description: 'Platform the tool runs on, or any of several joined by commas (web,api).' } as const satisfies ParamSpec;
const openSource = { name: 'open_source', kind: 'boolean', description: 'Open-source tools only (true) or closed only (false).' } as const satisfies ParamSpec;
/** The facets a list or a search can count (API.md, "Facets and highlights"). */
export const FACETS = ['pricing', 'category', 'platform', 'open_source'] as const;
export type FacetName = typeof FACETS[number];
/** The category facet counts at most this many values, the largest. */
export const CATEGORY_FACET_MAX = 30;
const facets = { name: 'facets', kind: 'enum', values: FACETS, multiple: true, description: `Adds meta.facets: for each facet named (pricing, category, platform, open_source; joined by commas), the number of matching tools per value over the whole result, most first (ties by value), zeros left out; a facet's own filter is left out of its counts (disjunctive faceting). category counts the ${CATEGORY_FACET_MAX} largest values.` } as const satisfies ParamSpec;
const pricing = { name: 'pricing', kind: 'snapshot-enum', source: 'pricing', multiple: true, description: 'Pricing model, or several joined by commas (free,freemium).' } as const satisfies ParamSpec;

export const PARAMS = {
  tools: [
    page, perPage,
    category, pricing, platform, openSource,
    { name: 'sort', kind: 'enum', values: ['name', 'newest', 'updated'], default: 'name', description: 'name: A-Z by name, ties by slug; newest: by added_at descending; updated: by updated_at descending (ties by slug).' },
    { name: 'website', kind: 'host', description: 'Tools whose url has this host (a URL or a host; www., scheme, port, path, query and case ignored): "which tool is this website?".' },
    { name: 'updated_since', kind: 'date', description: 'Tools whose updated_at is on or after this date (YYYY-MM-DD); retired tools changed since are listed in meta.retired.' },
    { name: 'slugs', kind: 'slug-list', max: 100, multiple: true, description: 'These tools, in this order (1 to 100 slugs joined by commas): a former slug answers with the current tool; unknown slugs are listed in meta.not_found and retired ones in meta.retired. Not with sort.' },
    { name: 'similar_to', kind: 'slug', description: 'The tools most like this one (shared categories and tags, same platforms), best first, each with a similarity in 0..1; per_page defaults to 10. Not with sort.' },
    fields,
    facets,
  ],
  tool: [fields],
  categories: [
    page, perPage,
    { name: 'group', kind: 'snapshot-enum', source: 'groups', description: 'Only categories of this group.' },
    { name: 'sort', kind: 'enum', values: ['name', 'tool_count'], default: 'name', description: 'name: A-Z; tool_count: most tools first, ties by name.' },
  ],
  search: [
    { name: 'q', kind: 'text', minLength: 1, maxLength: 200, required: true, description: 'Search text, 1-200 characters after trimming; words joined by + or spaces. Ignores case and diacritics, tolerates small typos and prefixes.' },
    { name: 'limit', kind: 'integer', min: 1, max: 50, default: 10, description: 'Results per page (echoed as meta.per_page).' },
    page,
    category, pricing, platform, openSource,
    fields,
    facets,
    { name: 'highlight', kind: 'boolean', description: 'true adds highlights to each result: the fields that matched (name, tagline, description), HTML-escaped, matched words in <mark>...</mark> (also where a translation, an equivalent word or a stem matched), a long description cut to a 200-character snippet around the first match with … where text was cut.' },
  ],
} as const satisfies Record<string, readonly ParamSpec[]>;

export type Endpoint = keyof typeof PARAMS;
/** The names each endpoint accepts, in table order. */
export const paramNames = (endpoint: Endpoint): string[] => PARAMS[endpoint].map((p) => p.name);

type Row<E extends Endpoint> = (typeof PARAMS)[E][number];
/** The value a parameter of each kind has once checked. */
type ValueOf<S> = S extends { kind: 'integer' } ? number : S extends { kind: 'boolean' } ? boolean : S extends { kind: 'enum'; multiple: true; values: readonly (infer V)[] } ? V[] : S extends { kind: 'enum'; values: readonly (infer V)[] } ? V : S extends { multiple: true } ? string[] : string;
/** A parameter that always has a value once checked: it has a default, or is required. */
type Always = { default: unknown } | { required: true };
/** An endpoint's checked query, derived from its row of the table. */
export type QueryOf<E extends Endpoint> =
  & { [S in Row<E> as S extends Always ? S['name'] : never]: ValueOf<S> }
  & { [S in Row<E> as S extends Always ? never : S['name']]?: ValueOf<S> };
