// The responses of the OpenAPI document (build/openapi.ts): the headers API.md names, each
// endpoint's answers with their status codes, and the paths outside /api/v1's item shapes.

const header = (description: string, type: 'integer' | 'string' = 'string', required = true) => ({ description, required, schema: { type } });
export const HEADERS = {
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
export const TOOL_REF = { slug: { type: 'string' }, name: { type: 'string' }, url: { type: 'string' } };

/** Every answer of a keyed endpoint: its 200, and each error with the headers API.md names. */
export function keyedResponses(ok: object, kind: 'list' | 'tool' | 'category') {
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

/** GET /usage: the calling key's own usage, never counted. */
export function usagePath() {
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

/** The tools /mcp serves (API.md, "/mcp"); a test holds this list to the server's tools/list. */
const MCP_TOOLS = ['search_tools', 'get_tool', 'list_tools', 'list_categories', 'get_category', 'similar_tools'];

/** POST /mcp: the Model Context Protocol, keyed like the REST endpoints. */
export function mcpPath() {
  return {
    post: {
      operationId: 'mcp', summary: 'Model Context Protocol (Streamable HTTP, stateless, JSON responses)',
      description: `JSON-RPC messages of the Model Context Protocol. Tools: ${MCP_TOOLS.join(', ')}; their results equal the REST answers for the same inputs. The key may also come as \`Authorization: Bearer sk_...\`. Each JSON-RPC request in the body counts once (a batch of N counts N; notifications count nothing); when fewer than N remain, the whole body is 429 and nothing in it runs. A batch of more than 100 calls, or of more than the plan allows in a minute, is 400 INVALID_PARAMETER, counted once. GET and DELETE are 405 (no streams, no sessions).`,
      security: [{ ApiKey: [] }, { Bearer: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 request, e.g. {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}.' } } } },
      responses: {
        200: response('The JSON-RPC response.', { type: 'object' }, RATE),
        400: response('INVALID_PARAMETER: a batch larger than 100 calls or than the plan\'s limit per minute.', ERROR, RATE),
        401: response('MISSING_API_KEY, INVALID_API_KEY or REVOKED_API_KEY.', ERROR, []),
        405: response('METHOD_NOT_ALLOWED: only POST (and OPTIONS).', ERROR, ['Allow']),
        429: response('RATE_LIMIT_EXCEEDED.', ERROR, [...RATE, 'Retry-After']),
        503: response('SERVICE_UNAVAILABLE.', ERROR, ['Retry-After']),
      },
    },
  };
}

/** GET /readyz (outside /api/v1: public, no key, not counted): 200 when keyed requests can be served, 503 with the reason otherwise. */
export function readinessPath() {
  const body = (schema: object) => ({ 'application/json': { schema } });
  return {
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

export function publicPath(operationId: string, summary: string, type: string, schema: object) {
  return {
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
