// GET /openapi.json: the API contract as OpenAPI 3.1, generated at build time from the same zod
// schemas that validate the catalog, with the enum values of this snapshot.
import { z } from 'zod';
import { categorySchema, pageMetaSchema, searchResultSchema, toolListItemSchema, toolSchema } from '../snapshot/schema.ts';
import { ERROR_CODES, errorTableMarkdown, PARAMS, SLUG_MAX, SLUG_PATTERN, type Endpoint, type ParamSpec } from '../snapshot/contract.ts';
import type { SnapshotData } from '../snapshot/types.ts';

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

/** A tool item: whole, or with fields= only the fields asked for (slug always, and score or similarity where they apply). */
const toolItem = (item: string) => ({ anyOf: [{ $ref: `#/components/schemas/${item}` }, { $ref: `#/components/schemas/Sparse${item}` }] });
const list = (item: string) => ({
  type: 'object', required: ['data', 'meta'],
  properties: { data: { type: 'array', items: item === 'Category' ? { $ref: '#/components/schemas/Category' } : toolItem(item) }, meta: { $ref: '#/components/schemas/PageMeta' } },
});

/** A schema with fields= applied: the same properties, only slug required (and what the answer always adds). */
function sparse(schema: Record<string, unknown>, always: string[] = []): Record<string, unknown> {
  return { ...schema, required: ['slug', ...always], description: 'With fields=: only the fields asked for.' };
}
/** GET /usage's body (API.md, "Usage"). */
const USAGE = {
  type: 'object', required: ['data'],
  properties: {
    data: {
      type: 'object', required: ['key_id', 'plan', 'limit', 'remaining', 'reset', 'days'],
      properties: {
        key_id: { type: 'string' }, plan: { type: 'string' },
        limit: { type: 'integer', description: 'Requests allowed per minute on the plan.' },
        remaining: { type: 'integer', description: 'Requests left in the current window.' },
        reset: { type: 'integer', description: 'Unix time (seconds) at which the window resets.' },
        days: {
          type: 'array', minItems: 30, maxItems: 30, description: 'The last 30 UTC days, oldest first.',
          items: { type: 'object', required: ['date', 'requests', 'limited'], properties: { date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, requests: { type: 'integer', minimum: 0, description: 'Requests the rate limiter counted.' }, limited: { type: 'integer', minimum: 0, description: 'Requests answered 429.' } } },
        },
      },
    },
  },
};
const single = (item: string) => ({ type: 'object', required: ['data'], properties: { data: { $ref: `#/components/schemas/${item}` } } });


/** What facets= gives a discovery screen, in the list and search descriptions. */
const FACETS_TEXT = 'facets=pricing,category,platform,open_source adds meta.facets, the counts a filter panel shows: tools per value over the whole result, a facet\'s own filter left out of its counts.';

/** An OpenAPI query parameter from its row of the contract's parameter table. */
function queryParam(spec: ParamSpec, data: SnapshotData) {
  const base = { name: spec.name, in: 'query', required: spec.kind === 'text', description: spec.description };
  switch (spec.kind) {
    case 'integer': return { ...base, schema: { type: 'integer', minimum: spec.min, maximum: spec.max, default: spec.default } };
    case 'text': return { ...base, schema: { type: 'string', minLength: spec.minLength, maxLength: spec.maxLength } };
    case 'boolean': return { ...base, schema: { type: 'string', enum: ['true', 'false'] } };
    case 'enum': return spec.multiple
      ? { ...base, style: 'form', explode: false, schema: { type: 'array', minItems: 1, items: { type: 'string', enum: spec.values } } }
      : { ...base, schema: { type: 'string', enum: spec.values, ...(spec.default !== undefined && { default: spec.default }) } };
    case 'date': return { ...base, schema: { type: 'string', format: 'date' } };
    case 'host': return { ...base, schema: { type: 'string', examples: ['cursor.com', 'https://www.cursor.com/pricing'] } };
    case 'slug': return { ...base, schema: { type: 'string', examples: ['cursor'] } };
    case 'field-list': return { ...base, style: 'form', explode: false, schema: { type: 'array', minItems: 1, items: { type: 'string', enum: Object.keys(toolSchema.shape) } } };
    case 'slug-list': return { ...base, style: 'form', explode: false, schema: { type: 'array', minItems: 1, maxItems: spec.max, items: { type: 'string' } } };
    case 'snapshot-enum': {
      const values = spec.source === 'categories' ? data.categories.map((c) => c.slug) : data[spec.source];
      // Several values travel joined by commas (style form, explode false: pricing=free,freemium).
      return spec.multiple
        ? { ...base, style: 'form', explode: false, schema: { type: 'array', minItems: 1, items: { type: 'string', enum: values } } }
        : { ...base, schema: { type: 'string', enum: values } };
    }
  }
}
const queryParams = (endpoint: Endpoint, data: SnapshotData) => (PARAMS[endpoint] as readonly ParamSpec[]).map((p) => queryParam(p, data));
const slugParam = (what: string) => ({ name: 'slug', in: 'path', required: true, description: `The ${what}'s slug.`, schema: { type: 'string', pattern: SLUG_PATTERN.source, maxLength: SLUG_MAX } });

const header = (description: string, type: 'integer' | 'string' = 'string', required = true) => ({ description, required, schema: { type } });
const HEADERS = {
  'X-RateLimit-Limit': header('Requests allowed per minute on this key\'s plan.', 'integer'),
  'X-RateLimit-Remaining': header('Requests left in the current window.', 'integer'),
  'X-RateLimit-Reset': header('Unix time (seconds) at which the window resets.', 'integer'),
  'X-Request-Id': header('Identifies this request in the server logs.'),
  ETag: header('Strong entity tag; send it back in If-None-Match for a 304.'),
  Link: header('RFC 8288 links: pagination (first, prev, next, last) on a list of more than one page; successor-version for a retired tool, or a tool with a sunset, that has a successor.', 'string', false),
  Sunset: header('RFC 8594, on a tool whose service has an announced end (sunset_at): the end of its last day, as an HTTP-date.', 'string', false),
  'Retry-After': header('Seconds to wait before retrying.', 'integer'),
  Allow: header('The methods this path accepts.'),
  Location: header('The current path: of a renamed item, of a slug written in capitals, or of a path without its trailing slash.'),
  'WWW-Authenticate': header('How to authenticate: Bearer realm="api" (send the key in X-API-Key or Authorization: Bearer).'),
};
type HeaderName = keyof typeof HEADERS;
const RATE: HeaderName[] = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/** A response with its headers (each header's component says whether it is always sent). */
function response(description: string, schema: object | null, headerNames: HeaderName[]) {
  const headers = Object.fromEntries(['X-Request-Id' as HeaderName, ...headerNames].map((h) => [h, { $ref: `#/components/headers/${h}` }]));
  return { description, headers, ...(schema && { content: { 'application/json': { schema } } }) };
}
const ERROR = { $ref: '#/components/schemas/Error' };
/** A tool named in an error body (a 410's successor and alternatives). */
const TOOL_REF = { slug: { type: 'string' }, name: { type: 'string' }, url: { type: 'string' } };

/** Every answer of a keyed endpoint: its 200, and each error with the headers API.md names. */
function keyedResponses(ok: object, kind: 'list' | 'tool' | 'category') {
  return {
    200: response('OK', ok, [...RATE, 'ETag', ...(kind === 'list' ? ['Link' as const] : kind === 'tool' ? ['Sunset' as const, 'Link' as const] : [])]),
    304: response('Not Modified: If-None-Match matched the current ETag (still counted).', null, [...RATE, 'ETag']),
    ...(kind === 'list'
      ? {
        400: response('INVALID_PARAMETER or UNKNOWN_PARAMETER: the message names the parameter and what it accepts.', ERROR, RATE),
        404: response('NOT_FOUND: similar_to names no tool (did_you_mean lists the closest).', ERROR, RATE),
        410: response('GONE: similar_to names a retired tool; successor and alternatives say where its users went.', ERROR, [...RATE, 'Link']),
      }
      : {
        301: response('MOVED_PERMANENTLY: a former slug, a slug in capitals, or a trailing slash; Location gives the current path.', ERROR, [...RATE, 'Location']),
        400: response('UNKNOWN_PARAMETER or INVALID_PARAMETER: item paths take no parameters but fields (on tools).', ERROR, RATE),
        404: response('NOT_FOUND: no item has this slug; did_you_mean lists the closest ones.', ERROR, RATE),
        ...(kind === 'tool' && { 410: response('GONE: a retired tool; retired_at, successor and alternatives say when and where its users went.', ERROR, [...RATE, 'Link']) }),
      }),
    401: response('MISSING_API_KEY, INVALID_API_KEY or REVOKED_API_KEY; WWW-Authenticate says how to send a key.', ERROR, ['WWW-Authenticate']),
    405: response('METHOD_NOT_ALLOWED: only GET, HEAD and OPTIONS.', ERROR, ['Allow']),
    429: response('RATE_LIMIT_EXCEEDED.', ERROR, [...RATE, 'Retry-After']),
    500: response('INTERNAL_ERROR.', ERROR, []),
    503: response('SERVICE_UNAVAILABLE: the key store, the rate limiter\'s plan or the search index cannot be reached.', ERROR, ['Retry-After']),
  };
}

/** GET /usage: the calling key's own usage, never counted. */
function usagePath() {
  return {
    get: {
      operationId: 'usage', summary: 'Your key\'s own usage (never counted)',
      description: 'The calling key\'s plan, where its limit stands now, and its requests per UTC day over the last 30 days, oldest first (days without requests as zeros). Never counted, like GitHub\'s /rate_limit.',
      responses: {
        200: response('OK', USAGE, RATE),
        400: response('UNKNOWN_PARAMETER: /usage takes no parameters.', ERROR, RATE),
        401: response('MISSING_API_KEY, INVALID_API_KEY or REVOKED_API_KEY; WWW-Authenticate says how to send a key.', ERROR, ['WWW-Authenticate']),
        503: response('SERVICE_UNAVAILABLE: the key store cannot be reached.', ERROR, ['Retry-After']),
      },
    },
  };
}

/** GET /readyz (outside /api/v1: public, no key, not counted): 200 when keyed requests can be served, 503 with the reason otherwise. */
function readinessPath() {
  const body = (schema: object) => ({ 'application/json': { schema } });
  return {
    servers: [{ url: '/' }],
    get: {
      operationId: 'ready', summary: 'Readiness: whether keyed requests can be served now', security: [],
      responses: {
        200: { ...response('Ready.', null, []), content: body({ type: 'object', required: ['status', 'snapshot'], properties: { status: { const: 'ready' }, snapshot: { type: 'string' } } }) },
        503: { ...response('Not ready; the reason says why.', null, ['Retry-After']), content: body({ type: 'object', required: ['status', 'reason'], properties: { status: { const: 'not_ready' }, reason: { enum: ['key_store_unreachable', 'key_set_missing', 'no_keys', 'no_snapshot'] } } }) },
        405: response('METHOD_NOT_ALLOWED: only GET, HEAD and OPTIONS.', ERROR, ['Allow']),
      },
    },
  };
}

function publicPath(operationId: string, summary: string, type: string, schema: object) {
  return {
    servers: [{ url: '/' }],
    get: {
      operationId, summary, security: [],
      responses: {
        200: { ...response('OK', null, ['ETag']), content: { [type]: { schema } } },
        304: response('Not Modified.', null, ['ETag']),
        405: response('METHOD_NOT_ALLOWED: only GET, HEAD and OPTIONS.', ERROR, ['Allow']),
      },
    },
  };
}

export function buildOpenApi(data: SnapshotData): object {
  return {
    openapi: '3.1.0',
    info: {
      title: 'AI Tools Catalog API',
      version: '1.0.0',
      description: [
        'Read-only API over a curated catalog of AI tools and their categories. Every /api/v1 request needs an X-API-Key header. A parameter an endpoint does not accept is 400 UNKNOWN_PARAMETER; a repeated or malformed one is 400 INVALID_PARAMETER. Integers are plain decimal digits.',
        'Every error has the body `{"error": "<sentence saying what to send instead>", "code": "<CODE>"}`:',
        errorTableMarkdown(),
      ].join('\n\n'),
    },
    servers: [{ url: '/api/v1' }],
    security: [{ ApiKey: [] }],
    paths: {
      '/tools': { get: { operationId: 'listTools', summary: 'List tools', description: `Tools by name (or newest, updated), filtered. ${FACETS_TEXT}`, parameters: queryParams('tools', data), responses: keyedResponses(list('ToolListItem'), 'list') } },
      '/tools/{slug}': { get: { operationId: 'getTool', summary: 'Get one tool', parameters: [slugParam('tool'), ...queryParams('tool', data)], responses: keyedResponses({ type: 'object', required: ['data'], properties: { data: toolItem('Tool') } }, 'tool') } },
      '/categories': { get: { operationId: 'listCategories', summary: 'List categories', parameters: queryParams('categories', data), responses: keyedResponses(list('Category'), 'list') } },
      '/categories/{slug}': { get: { operationId: 'getCategory', summary: 'Get one category', parameters: [slugParam('category')], responses: keyedResponses(single('Category'), 'category') } },
      '/search': { get: { operationId: 'search', summary: 'Search tools', description: `Tools for a need or a name, best first; words that state a constraint ("free", "for mac") filter as the parameters do (meta.interpreted says how the query was read). ${FACETS_TEXT} highlight=true adds each result's highlights: its matched fields as HTML, matched words in <mark>.`, parameters: queryParams('search', data), responses: keyedResponses(list('SearchResult'), 'list') } },
      '/usage': usagePath(),
      '/mcp': {
        servers: [{ url: '/' }],
        post: {
          operationId: 'mcp', summary: 'Model Context Protocol (Streamable HTTP, stateless, JSON responses)',
          description: 'JSON-RPC messages of the Model Context Protocol. Tools: search_tools, get_tool, list_tools, list_categories, get_category; their results equal the REST answers for the same inputs. The key may also come as `Authorization: Bearer sk_...`. Every HTTP request counts once. GET and DELETE are 405 (no streams, no sessions).',
          security: [{ ApiKey: [] }, { Bearer: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 request, e.g. {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}.' } } } },
          responses: {
            200: response('The JSON-RPC response.', { type: 'object' }, RATE),
            401: response('MISSING_API_KEY, INVALID_API_KEY or REVOKED_API_KEY.', ERROR, []),
            405: response('METHOD_NOT_ALLOWED: only POST (and OPTIONS).', ERROR, ['Allow']),
            429: response('RATE_LIMIT_EXCEEDED.', ERROR, [...RATE, 'Retry-After']),
            503: response('SERVICE_UNAVAILABLE.', ERROR, ['Retry-After']),
          },
        },
      },
      '/healthz': publicPath('health', 'Liveness: 200 while the process serves, with the snapshot id', 'application/json', { type: 'object', required: ['status', 'snapshot'], properties: { status: { const: 'ok' }, snapshot: { type: 'string' } } }),
      '/readyz': readinessPath(),
      '/openapi.json': publicPath('openapi', 'This document', 'application/json', { type: 'object' }),
      '/docs': publicPath('docs', 'The reference page (HTML)', 'text/html', { type: 'string' }),
    },
    components: {
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
    },
  };
}
