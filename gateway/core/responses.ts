// What the gateway answers: the result type every adapter realizes, the error envelope, the
// headers API.md names, conditional GET, and one neutral conversion to a Web Response (HEAD
// handled once, here).
import type { ErrorCode } from '../../snapshot/contract.ts';
import type { RateLimitResult } from './rate-limiter.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const ALLOW = 'GET, HEAD, OPTIONS';
const EXPOSE = 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Link, ETag, X-Request-Id, WWW-Authenticate';

export interface GatewayResult {
  status: number;
  headers: Record<string, string>;
  /** The body (computed pages are UTF-8 bytes); adapters send none for HEAD (the headers are those of the GET). */
  body: Body;
  /** Set when the body is a prebuilt one: the manifest key, for adapters that serve it from files or a CDN. */
  prebuilt?: string;
  /** The key id, for the access log; never the key. */
  keyId?: string;
}

/** A body as text (errors, health) or as UTF-8 bytes (computed pages), or none (prebuilt, 204, 304). */
export type Body = string | Uint8Array | null;

/** A body's text. */
export function bodyText(body: Body): string {
  return body === null ? '' : typeof body === 'string' ? body : new TextDecoder().decode(body);
}

/** A route's answer before the common headers and conditional GET are applied. */
export interface Answer { status: number; body: Body; etag?: string; prebuilt?: string; link?: string; headers?: Record<string, string> }

/** A 4xx/5xx carrying the API's error envelope. */
export class HttpError extends Error {
  /** `extra`: what a program needs besides the sentence (did_you_mean, a 410's successor), added to the body. */
  constructor(readonly status: number, readonly code: ErrorCode, message: string, readonly headers: Record<string, string> = {}, readonly extra: Record<string, unknown> = {}) {
    super(message);
  }
}

export function baseHeaders(requestId: string): Record<string, string> {
  return {
    'Content-Type': JSON_TYPE,
    'X-Request-Id': requestId,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': EXPOSE,
  };
}

/** 204 to a CORS preflight; `allow` for a path with methods and headers of its own (/mcp). */
export function preflight(headers: Record<string, string>, allow: { methods: string; headers: string } = { methods: ALLOW, headers: 'X-API-Key, Authorization, If-None-Match' }): GatewayResult {
  Object.assign(headers, {
    'Access-Control-Allow-Methods': allow.methods,
    'Access-Control-Allow-Headers': allow.headers,
    'Access-Control-Max-Age': '86400',
  });
  delete headers['Content-Type'];
  return { status: 204, headers, body: null };
}

/** The X-RateLimit-* headers of a count, added to `into` (a new object by default). */
export function rateHeaders(r: RateLimitResult, into: Record<string, string> = {}): Record<string, string> {
  into['X-RateLimit-Limit'] = String(r.limit);
  into['X-RateLimit-Remaining'] = String(Math.max(0, r.remaining));
  into['X-RateLimit-Reset'] = String(Math.ceil(r.reset / 1000));
  return into;
}

/** Applies the answer's ETag (304 when If-None-Match matches), Link and caching headers. */
export function finish(headers: Record<string, string>, answer: Answer, ifNoneMatch: string | null, keyId?: string): GatewayResult {
  if (answer.headers) Object.assign(headers, answer.headers);
  if (answer.link) headers.Link = answer.link;
  let result: GatewayResult;
  if (answer.etag) headers.ETag = answer.etag;
  if (answer.etag && matches(ifNoneMatch, answer.etag)) {
    delete headers['Content-Type'];
    result = { status: 304, headers, body: null };
  } else {
    if (keyId === undefined) headers['Cache-Control'] ??= 'public, max-age=300';
    result = { status: answer.status, headers, body: answer.body };
    if (answer.prebuilt) result.prebuilt = answer.prebuilt;
  }
  if (keyId !== undefined) result.keyId = keyId;
  return result;
}

/** The error envelope's body (API.md): a sentence saying what to send instead, and the code. */
export function errorBody(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ error: message, code, ...extra });
}

/** What a 500 says: every adapter's last line of defence says the same. */
export const INTERNAL_ERROR_MESSAGE = 'Internal error; it has been logged. Retry later, and quote the X-Request-Id if it persists.';

/** The error envelope for an HttpError; anything else is a bug, logged with the request id, 500. */
export function failure(headers: Record<string, string>, e: unknown, log: (line: string) => void, keyId?: string): GatewayResult {
  let err: HttpError;
  if (e instanceof HttpError) err = e;
  else {
    log(`internal error ${headers['X-Request-Id']}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
    err = new HttpError(500, 'INTERNAL_ERROR', INTERNAL_ERROR_MESSAGE);
  }
  Object.assign(headers, err.headers);
  headers['Content-Type'] = JSON_TYPE;
  headers['Cache-Control'] = err.status === 401 || err.status === 429 || err.status >= 500 || keyId === undefined ? 'no-store' : 'private';
  // API.md: every 401 says how to authenticate (RFC 9110 11.6.1).
  if (err.status === 401) headers['WWW-Authenticate'] = 'Bearer realm="api"';
  const body = errorBody(err.code, err.message, err.extra);
  return { status: err.status, headers, body, ...(keyId !== undefined && { keyId }) };
}

/** If-None-Match with weak comparison (RFC 9110 13.1.2); `*` matches any current representation. */
function matches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/** API.md: a Link header longer than this is left out (clients such as Node's refuse long headers). */
export const MAX_LINK_BYTES = 8 * 1024;

/**
 * The absolute URL of a path (and query) of this API: every URL the gateway sends in a header
 * starts at its public origin (PUBLIC_BASE_URL, else the request's), as GitHub's do.
 */
export function absoluteUrl(origin: string, pathAndQuery: string): string {
  return `${origin}${asciiUrl(pathAndQuery)}`;
}

/**
 * Headers whose Location and Link targets are written as paths, with those made absolute at
 * `origin`: the endpoints write paths (MCP shares them and has no origin), and REST sends URLs.
 */
export function withAbsoluteUrls(headers: Record<string, string>, origin: string): Record<string, string> {
  const out = { ...headers };
  if (out.Location?.startsWith('/')) out.Location = absoluteUrl(origin, out.Location);
  if (out.Link) out.Link = out.Link.replace(/<(\/[^>]*)>/g, (_, path: string) => `<${absoluteUrl(origin, path)}>`);
  return out;
}

/**
 * A URL as a header may carry it: what is not printable ASCII percent-encoded as UTF-8 (a lone
 * surrogate as U+FFFD). A target a runtime hands over undecoded ("/tools/😀/", "?q=é") would
 * otherwise make a header fail (a 500 for a request a client can send) or carry a raw byte.
 */
function asciiUrl(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (c) => {
    try { return encodeURIComponent(c); } catch { return '%EF%BF%BD'; }
  });
}

/** RFC 8288 Link header with absolute URLs that keep the other parameters, as GitHub does; none past MAX_LINK_BYTES. */
export function linkHeader(origin: string, path: string, query: string, page: number, totalPages: number): string | undefined {
  if (totalPages <= 1) return undefined;
  const others = query.split('&').filter((s) => s !== '' && s !== 'page' && !s.startsWith('page='));
  const at = `<${absoluteUrl(origin, `${path}?${others.map((o) => `${o}&`).join('')}page=`)}`;
  const links = [`${at}1>; rel="first"`];
  if (page > 1) links.push(`${at}${Math.min(page - 1, totalPages)}>; rel="prev"`);
  if (page < totalPages) links.push(`${at}${page + 1}>; rel="next"`);
  links.push(`${at}${totalPages}>; rel="last"`);
  const header = links.join(', ');
  return header.length <= MAX_LINK_BYTES ? header : undefined;
}

/** API.md's 429: the plan's limit, when to retry (the Retry-After seconds), and what else to do. */
export function tooManyRequests(limit: number, reset: number, now: number): HttpError {
  const seconds = Math.max(1, Math.ceil((reset - now) / 1000));
  const message = `Rate limit exceeded. Max ${limit} requests per minute. Retry in ${seconds} s (at X-RateLimit-Reset), or ask the operator for a larger plan.`;
  return new HttpError(429, 'RATE_LIMIT_EXCEEDED', message, { 'Retry-After': String(seconds) });
}

export function clip(s: string): string {
  const chars = [...s];
  return chars.length > 80 ? `${chars.slice(0, 80).join('')}...` : s;
}

/**
 * The envelope of `error` as a whole result, with a request id of its own unless given: for what an
 * adapter answers without the core (a request its HTTP server refuses before the core sees it, a
 * failure while sending the core's answer).
 */
export function errorResult(error: HttpError, requestId: string = crypto.randomUUID()): GatewayResult {
  return failure(baseHeaders(requestId), error, () => {});
}

/** Whether an answer carries its body: HEAD gets the GET's headers and no body, 204 and 304 have none. */
export function sendsBody(method: string, status: number): boolean {
  return status !== 204 && status !== 304 && method.toUpperCase() !== 'HEAD';
}

/**
 * The neutral Web Response of a result. `prebuiltBody` supplies a prebuilt body's bytes (from
 * memory, a bundle or a fetch); HEAD gets the GET's headers and no body.
 */
export function toResponse(result: GatewayResult, method: string, prebuiltBody?: (key: string) => BodyInit): Response {
  const body = result.prebuilt !== undefined && result.status === 200 && prebuiltBody ? prebuiltBody(result.prebuilt) : result.body;
  return new Response(sendsBody(method, result.status) ? body as BodyInit | null : null, { status: result.status, headers: result.headers });
}
