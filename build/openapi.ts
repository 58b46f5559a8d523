// GET /openapi.json: the API contract as OpenAPI 3.1, generated at build time from the same zod
// schemas that validate the catalog, with the enum values of this snapshot.
import { z } from 'zod';
import { categorySchema, searchResultSchema, toolSchema } from './schema.ts';
import { ERROR_CODES, errorTableMarkdown, SLUG_MAX, SLUG_PATTERN } from '../snapshot/contract.ts';
import type { SnapshotData } from '../snapshot/types.ts';

const jsonSchema = (s: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io: 'output' }) as Record<string, unknown>;
  return rest;
};

const metaSchema = {
  type: 'object',
  required: ['page', 'per_page', 'total', 'total_pages'],
  properties: {
    page: { type: 'integer', minimum: 1 },
    per_page: { type: 'integer', minimum: 1 },
    total: { type: 'integer', minimum: 0 },
    total_pages: { type: 'integer', minimum: 0, description: 'ceil(total / per_page); 0 when total is 0.' },
  },
};

const list = (item: string) => ({
  type: 'object', required: ['data', 'meta'],
  properties: { data: { type: 'array', items: { $ref: `#/components/schemas/${item}` } }, meta: { $ref: '#/components/schemas/PageMeta' } },
});
const single = (item: string) => ({ type: 'object', required: ['data'], properties: { data: { $ref: `#/components/schemas/${item}` } } });


const intParam = (name: string, description: string, min: number, max: number, dflt: number) => ({
  name, in: 'query', required: false, description,
  schema: { type: 'integer', minimum: min, maximum: max, default: dflt },
});
const enumParam = (name: string, description: string, values: readonly string[], dflt?: string) => ({
  name, in: 'query', required: false, description, schema: { type: 'string', enum: values, ...(dflt ? { default: dflt } : {}) },
});
const slugParam = (what: string) => ({ name: 'slug', in: 'path', required: true, description: `The ${what}'s slug.`, schema: { type: 'string', pattern: SLUG_PATTERN.source, maxLength: SLUG_MAX } });

const rateHeaders = {
  'X-RateLimit-Limit': { description: 'Requests allowed per minute on this key\'s plan.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) at which the window resets.', schema: { type: 'integer' } },
  'X-Request-Id': { description: 'Identifies this request in the server logs.', schema: { type: 'string' } },
};
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const okResponse = (schema: object, isList: boolean) => ({
  description: 'OK',
  headers: { ...rateHeaders, ETag: { description: 'Strong entity tag; send it back in If-None-Match.', schema: { type: 'string' } }, ...(isList ? { Link: { description: 'RFC 8288 pagination links (first, prev, next, last) when there is more than one page.', schema: { type: 'string' } } } : {}) },
  content: { 'application/json': { schema } },
});
const commonResponses = {
  304: { description: 'Not Modified: If-None-Match matched the current ETag (still counted).' },
  401: errorResponse('MISSING_API_KEY, INVALID_API_KEY or REVOKED_API_KEY.'),
  429: errorResponse('RATE_LIMIT_EXCEEDED; see Retry-After.'),
  503: errorResponse('SERVICE_UNAVAILABLE: the key store cannot be reached; see Retry-After.'),
};

export function buildOpenApi(data: SnapshotData): object {
  const page = intParam('page', 'Page number, plain decimal digits.', 1, 1_000_000, 1);
  const perPage = intParam('per_page', 'Items per page.', 1, 100, 20);
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
      '/tools': { get: { operationId: 'listTools', summary: 'List tools', parameters: [
        page, perPage,
        enumParam('category', 'Only tools listing this category (anywhere, not only as primary).', data.categories.map((c) => c.slug)),
        enumParam('pricing', 'Pricing model.', data.pricing),
        enumParam('platform', 'Platform the tool runs on.', data.platforms),
        enumParam('open_source', 'Open-source tools only (true) or closed only (false).', ['true', 'false']),
        enumParam('sort', 'name: A-Z by name, ties by slug; newest: by added_at descending, ties by slug.', ['name', 'newest'], 'name'),
      ], responses: { 200: okResponse(list('Tool'), true), 400: errorResponse('INVALID_PARAMETER or UNKNOWN_PARAMETER.'), ...commonResponses } } },
      '/tools/{slug}': { get: { operationId: 'getTool', summary: 'Get one tool', parameters: [slugParam('tool')], responses: { 200: okResponse(single('Tool'), false), 404: errorResponse('NOT_FOUND.'), ...commonResponses } } },
      '/categories': { get: { operationId: 'listCategories', summary: 'List categories', parameters: [
        page, perPage,
        enumParam('group', 'Only categories of this group.', data.groups),
        enumParam('sort', 'name: A-Z; tool_count: most tools first, ties by name.', ['name', 'tool_count'], 'name'),
      ], responses: { 200: okResponse(list('Category'), true), 400: errorResponse('INVALID_PARAMETER or UNKNOWN_PARAMETER.'), ...commonResponses } } },
      '/categories/{slug}': { get: { operationId: 'getCategory', summary: 'Get one category', parameters: [slugParam('category')], responses: { 200: okResponse(single('Category'), false), 404: errorResponse('NOT_FOUND.'), ...commonResponses } } },
      '/search': { get: { operationId: 'search', summary: 'Search tools', parameters: [
        { name: 'q', in: 'query', required: true, description: 'Search text, 1-200 characters after trimming; words joined by + or spaces. Ignores case and diacritics, tolerates small typos and prefixes.', schema: { type: 'string', minLength: 1, maxLength: 200 } },
        intParam('limit', 'Results per page (echoed as meta.per_page).', 1, 50, 10),
        page,
        enumParam('category', 'Only tools listing this category.', data.categories.map((c) => c.slug)),
        enumParam('pricing', 'Pricing model.', data.pricing),
      ], responses: { 200: okResponse(list('SearchResult'), true), 400: errorResponse('INVALID_PARAMETER or UNKNOWN_PARAMETER.'), ...commonResponses } } },
    },
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: {
        Tool: jsonSchema(toolSchema),
        Category: jsonSchema(categorySchema),
        SearchResult: jsonSchema(searchResultSchema),
        PageMeta: metaSchema,
        Error: { type: 'object', required: ['error', 'code'], properties: { error: { type: 'string', description: 'A sentence saying what was wrong and what to send instead.' }, code: { type: 'string', enum: ERROR_CODES } } },
      },
    },
  };
}
