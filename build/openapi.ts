// GET /openapi.json: the API contract as OpenAPI 3.1, generated at build time from the same zod
// schemas that validate the catalog, with the enum values of this snapshot.
import { z } from 'zod';
import { categorySchema, pageMetaSchema, searchResultSchema, toolListItemSchema, toolSchema } from '../snapshot/schema.ts';
import { API_BASE, ERROR_CODES, errorTableMarkdown, PARAMS, SLUG_MAX, SLUG_PATTERN, type Endpoint, type ParamSpec } from '../snapshot/contract.ts';
import type { SnapshotData } from '../snapshot/types.ts';
import { HEADERS, keyedResponses, mcpPath, publicPath, readinessPath, TOOL_REF, usagePath } from './openapi-responses.ts';

const jsonSchema = (s: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io: 'output' }) as Record<string, unknown>;
  return nullableAsTypes(rest) as Record<string, unknown>;
};

/**
 * `{"anyOf": [{"type": "string", ...}, {"type": "null"}]}` (zod's .nullable()) written as
 * `{"type": ["string", "null"], ...}`: the same in JSON Schema 2020-12, and the form the reference
 * page's OpenAPI checker accepts (it logged the other as a document validation error).
 */
function nullableAsTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsTypes);
  if (typeof node !== 'object' || node === null) return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, nullableAsTypes(v)])) as Record<string, unknown>;
  const options = out.anyOf as Record<string, unknown>[] | undefined;
  if (options?.length !== 2 || !options.some((o) => o.type === 'null')) return out;
  const other = options.find((o) => o.type !== 'null')!;
  if (typeof other.type !== 'string') return out;
  const { anyOf: _union, ...rest } = out;
  return { ...other, ...rest, type: [other.type, 'null'] };
}

const ref = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });
/** A page of whole items: what every answer without fields= holds (with it, see SPARSE). */
const list = (item: string) => ({ type: 'object', required: ['data', 'meta'], properties: { data: { type: 'array', items: ref(item) }, meta: ref('PageMeta') } });
const single = (item: string) => ({ type: 'object', required: ['data'], properties: { data: ref(item) } });

/** A schema with fields= applied: the same properties, only slug required (and what the answer always adds). */
function sparse(schema: Record<string, unknown>, always: string[] = []): Record<string, unknown> {
  return { ...schema, required: ['slug', ...always], description: 'An item of an answer to fields=: only the fields asked for (slug always).' };
}
/**
 * The schema of each endpoint's items under fields=. Responses declare whole items, so that a plain
 * call is typed whole (data.name a string, not string | undefined); a client that sends fields
 * reads its answer as these.
 */
const SPARSE: Partial<Record<Endpoint, string>> = { tools: 'SparseToolListItem', tool: 'SparseTool', search: 'SparseSearchResult' };

/** What facets= gives a discovery screen, in the list and search descriptions. */
const FACETS_TEXT = 'facets=pricing,category,platform,open_source adds meta.facets, the counts a filter panel shows: tools per value over the whole result, a facet\'s own filter left out of its counts.';

interface QueryBase { name: string; in: 'query'; required: boolean; description: string }

/**
 * A parameter that takes several values, declared as an array sent repeated (style form, explode
 * true: pricing=free&pricing=freemium), which is what generated clients send for an array.
 */
function several(base: QueryBase, items: object, maxItems?: number) {
  const description = `${base.description} Several may also be sent repeated (${base.name}=a&${base.name}=b), as generated clients send an array.`;
  return { ...base, description, style: 'form', explode: true, schema: { type: 'array', minItems: 1, ...(maxItems !== undefined && { maxItems }), items } };
}

/** An OpenAPI query parameter from its row of the contract's parameter table. */
function queryParam(spec: ParamSpec, endpoint: Endpoint, data: SnapshotData) {
  const base: QueryBase = { name: spec.name, in: 'query', required: spec.kind === 'text', description: spec.description };
  switch (spec.kind) {
    case 'integer': return { ...base, schema: { type: 'integer', minimum: spec.min, maximum: spec.max, default: spec.default } };
    case 'text': return { ...base, schema: { type: 'string', minLength: spec.minLength, maxLength: spec.maxLength } };
    case 'boolean': return { ...base, schema: { type: 'string', enum: ['true', 'false'] } };
    case 'enum': return spec.multiple
      ? several(base, { type: 'string', enum: spec.values })
      : { ...base, schema: { type: 'string', enum: spec.values, ...(spec.default !== undefined && { default: spec.default }) } };
    case 'date': return { ...base, schema: { type: 'string', format: 'date' } };
    case 'host': return { ...base, schema: { type: 'string', examples: ['cursor.com', 'https://www.cursor.com/pricing'] } };
    case 'slug': return { ...base, schema: { type: 'string', examples: ['cursor'] } };
    case 'field-list': return several({ ...base, description: `${base.description} Responses are declared with whole items; an answer to fields holds only the fields asked for: read its items as ${SPARSE[endpoint]}.` }, { type: 'string', enum: Object.keys(toolSchema.shape) });
    case 'slug-list': return several(base, { type: 'string' }, spec.max);
    case 'snapshot-enum': {
      const values = spec.source === 'categories' ? data.categories.map((c) => c.slug) : data[spec.source];
      return spec.multiple ? several(base, { type: 'string', enum: values }) : { ...base, schema: { type: 'string', enum: values } };
    }
  }
}
const queryParams = (endpoint: Endpoint, data: SnapshotData) => (PARAMS[endpoint] as readonly ParamSpec[]).map((p) => queryParam(p, endpoint, data));
const slugParam = (what: string) => ({ name: 'slug', in: 'path', required: true, description: `The ${what}'s slug.`, schema: { type: 'string', pattern: SLUG_PATTERN.source, maxLength: SLUG_MAX } });

export function buildOpenApi(data: SnapshotData): object {
  return {
    openapi: '3.1.0',
    info: {
      title: 'AI Tools Catalog API',
      version: '1.0.0',
      description: [
        'Read-only API over a curated catalog of AI tools and their categories. Every /api/v1 request needs an X-API-Key header. A parameter an endpoint does not accept is 400 UNKNOWN_PARAMETER; a malformed one, or one that takes a single value sent twice, is 400 INVALID_PARAMETER. Integers are plain decimal digits.',
        'Every error has the body `{"error": "<sentence saying what to send instead>", "code": "<CODE>"}`:',
        errorTableMarkdown(),
      ].join('\n\n'),
    },
    // Paths are written whole under one server at the root: generators (openapi-fetch, hey-api)
    // ignore a path's own servers, so /healthz under an /api/v1 server would be called as /api/v1/healthz.
    servers: [{ url: '/' }],
    security: [{ ApiKey: [] }],
    paths: apiPaths(data),
    components: components(),
  };
}

/** Every path, in the order the reference page lists them: the keyed endpoints, then the public ones. */
function apiPaths(data: SnapshotData) {
  return {
    [`${API_BASE}/tools`]: { get: { operationId: 'listTools', summary: 'List tools', description: `Tools by name (or newest, updated), filtered. ${FACETS_TEXT}`, parameters: queryParams('tools', data), responses: keyedResponses(list('ToolListItem'), 'list') } },
    [`${API_BASE}/tools/{slug}`]: { get: { operationId: 'getTool', summary: 'Get one tool', parameters: [slugParam('tool'), ...queryParams('tool', data)], responses: keyedResponses(single('Tool'), 'tool') } },
    [`${API_BASE}/categories`]: { get: { operationId: 'listCategories', summary: 'List categories', parameters: queryParams('categories', data), responses: keyedResponses(list('Category'), 'list') } },
    [`${API_BASE}/categories/{slug}`]: { get: { operationId: 'getCategory', summary: 'Get one category', parameters: [slugParam('category')], responses: keyedResponses(single('Category'), 'category') } },
    [`${API_BASE}/search`]: { get: { operationId: 'search', summary: 'Search tools', description: `Tools for a need or a name, best first; words that state a constraint ("free", "for mac") filter as the parameters do (meta.interpreted says how the query was read). ${FACETS_TEXT} highlight=true adds each result's highlights: its matched fields as HTML, matched words in <mark>.`, parameters: queryParams('search', data), responses: keyedResponses(list('SearchResult'), 'list') } },
    [`${API_BASE}/usage`]: usagePath(),
    '/mcp': mcpPath(),
    '/healthz': publicPath('health', 'Liveness: 200 while the process serves, with the snapshot id', 'application/json', { type: 'object', required: ['status', 'snapshot'], properties: { status: { const: 'ok' }, snapshot: { type: 'string' } } }),
    '/readyz': readinessPath(),
    '/openapi.json': publicPath('openapi', 'This document', 'application/json', { type: 'object' }),
    '/docs': publicPath('docs', 'The reference page (HTML)', 'text/html', { type: 'string' }),
  };
}

/** The security schemes, headers and schemas the paths refer to. */
function components() {
  return {
    securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' }, Bearer: { type: 'http', scheme: 'bearer', description: 'The same key (sk_...), for /mcp only.' } },
    headers: HEADERS,
    schemas: {
      Tool: jsonSchema(toolSchema),
      Category: jsonSchema(categorySchema),
      SearchResult: jsonSchema(searchResultSchema),
      ToolListItem: jsonSchema(toolListItemSchema),
      SparseTool: sparse(jsonSchema(toolSchema)),
      SparseSearchResult: sparse(jsonSchema(searchResultSchema), ['score']),
      SparseToolListItem: sparse(jsonSchema(toolListItemSchema)),
      PageMeta: jsonSchema(pageMetaSchema),
      Error: {
        type: 'object', required: ['error', 'code'],
        properties: {
          error: { type: 'string', description: 'A sentence saying what was wrong and what to send instead.' },
          code: { type: 'string', enum: ERROR_CODES },
          did_you_mean: { type: 'array', items: { type: 'string' }, maxItems: 3, description: 'On a 404 for an unknown slug: the closest slugs, closest first (may be empty).' },
          retired_at: { type: 'string', description: 'On a 410: the day the service ended for its users (YYYY-MM-DD).' },
          successor: { type: ['object', 'null'], properties: TOOL_REF, description: 'On a 410: the tool that replaced it, or null.' },
          alternatives: { type: 'array', items: { type: 'object', properties: TOOL_REF }, description: 'On a 410: tools its users can turn to, closest first.' },
        },
      },
    },
  };
}
