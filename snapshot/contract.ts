// Facts of the public contract (API.md) that the gateway, the build and the OpenAPI document all
// state: declared once here, derived everywhere else.

/** Every error code the API answers with: its HTTP status and when it is sent. */
export const ERRORS = {
  INVALID_PARAMETER: { status: 400, when: 'A value out of range or not allowed, a repeated parameter, or a missing `q`; the message names the parameter and what it accepts.' },
  UNKNOWN_PARAMETER: { status: 400, when: 'A parameter the endpoint does not take; the message lists the ones it does.' },
  MISSING_API_KEY: { status: 401, when: 'No `X-API-Key` header, or an empty one.' },
  INVALID_API_KEY: { status: 401, when: 'A malformed, unknown or doubled key.' },
  REVOKED_API_KEY: { status: 401, when: 'A key the operator revoked.' },
  NOT_FOUND: { status: 404, when: 'An unknown path or slug.' },
  METHOD_NOT_ALLOWED: { status: 405, when: 'Anything but GET, HEAD and OPTIONS (POST on /mcp); see `Allow`.' },
  REQUEST_TIMEOUT: { status: 408, when: 'The request headers did not arrive within 10 s.' },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, when: 'More than 16 KB of request headers.' },
  RATE_LIMIT_EXCEEDED: { status: 429, when: 'Over the plan\'s per-minute limit; see `Retry-After`.' },
  INTERNAL_ERROR: { status: 500, when: 'A bug; details only in the server log (quote `X-Request-Id`).' },
  SERVICE_UNAVAILABLE: { status: 503, when: 'The key store or the search index cannot be reached; see `Retry-After`.' },
} as const satisfies Record<string, { status: number; when: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** Slugs of tools and categories: lowercase words joined by single hyphens, at most 64 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX = 64;

/** The error table as Markdown, for the OpenAPI description (and so the reference page). */
export function errorTableMarkdown(): string {
  const rows = ERROR_CODES.map((code) => `| ${ERRORS[code].status} | \`${code}\` | ${ERRORS[code].when} |`);
  return ['| Status | Code | When |', '|---|---|---|', ...rows].join('\n');
}
