// The gateway's one request handler, platform-neutral. Order of checks (API.md): OPTIONS
// preflight, method, key, rate limit, route, parameters, answer. It answers with a body, or with
// "serve the prebuilt body X with these headers", which each adapter realizes its own way.
import {
  categoriesKey, categoryKey, renderListPage, selectCategories, selectTools, SLUG_PATTERN, toolKey, toolsKey,
} from '../snapshot/lists.ts';
import { etagOf } from '../snapshot/etag.ts';
import { hashKey, KEY_PATTERN, KeyStoreUnavailableError, type KeyStore } from './key-store.ts';
import {
  categoriesQuery, CATEGORIES_PARAMS, ParamError, parseQuery, SEARCH_PARAMS, searchQuery, toolsQuery, TOOLS_PARAMS,
} from './params.ts';
import type { RateLimiter, RateLimitResult } from './rate-limiter.ts';
import type { SnapshotView } from './snapshot-view.ts';

/** What the core reads of a request; a Web `Request` has this shape. */
export interface GatewayRequest {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}

export interface GatewayResult {
  status: number;
  headers: Record<string, string>;
  /** The body; adapters send none for HEAD (the headers are those of the GET). */
  body: string | null;
  /** Set when the body is a prebuilt one: the manifest key, for adapters that serve it from files or a CDN. */
  prebuilt?: string;
  /** The key id, for the access log; never the key. */
  keyId?: string;
}

export interface GatewayOptions {
  snapshot: SnapshotView;
  keys: KeyStore;
  /** The limiter of a plan; undefined for a plan that is not configured (treated as an outage). */
  limiterFor(plan: string): RateLimiter | undefined;
  now?: () => number;
  log?: (line: string) => void;
  /**
   * Strong ETag of a computed body. Defaults to Web Crypto (every platform); the Node adapter
   * passes node:crypto's synchronous SHA-256, which gives the same tag without a thread-pool hop.
   */
  etag?: (body: string) => string | Promise<string>;
}

const API = '/api/v1';
const JSON_TYPE = 'application/json; charset=utf-8';
const EXPOSE = 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Link, ETag, X-Request-Id';
const ALLOW = 'GET, HEAD, OPTIONS';

/** Computed bodies kept per process: about 20 MB at most for pages of 20 tools. */
const CACHE_ENTRIES = 1_000;
interface ComputedPage { body: string; etag: string; totalPages: number }

type Answer = { status: number; body: string | null; etag?: string; prebuilt?: string; link?: string };

/** A 4xx/5xx carrying the API's error envelope. */
class HttpError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

export function createGateway(options: GatewayOptions) {
  const { snapshot, keys } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));
  const etag = options.etag ?? etagOf;
  const cache = new Map<string, ComputedPage>();
  // Hashing is the costliest step of the key check; remember recent keys' hashes (in memory only).
  const hashes = new Map<string, string>();
  const hashOf = async (key: string) => {
    let h = hashes.get(key);
    if (h === undefined) {
      h = await hashKey(key);
      if (hashes.size >= 10_000) hashes.clear();
      hashes.set(key, h);
    }
    return h;
  };

  async function handle(request: GatewayRequest): Promise<GatewayResult> {
    const headers: Record<string, string> = {
      'Content-Type': JSON_TYPE,
      'X-Request-Id': crypto.randomUUID(),
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': EXPOSE,
    };
    const method = request.method.toUpperCase();
    let keyId: string | undefined;
    try {
      const url = parseUrl(request.url);
      const path = url.pathname;
      if (method === 'OPTIONS') {
        Object.assign(headers, {
          'Access-Control-Allow-Methods': ALLOW,
          'Access-Control-Allow-Headers': 'X-API-Key, If-None-Match',
          'Access-Control-Max-Age': '86400',
        });
        delete headers['Content-Type'];
        return { status: 204, headers, body: null };
      }
      if (method !== 'GET' && method !== 'HEAD') {
        throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Method ${method.slice(0, 20)} is not allowed; this API is read-only and accepts GET and HEAD (and OPTIONS for CORS preflight).`, { Allow: ALLOW });
      }
      if (path === '/healthz') {
        headers['Cache-Control'] = 'no-store';
        return finish(headers, { status: 200, body: JSON.stringify({ status: 'ok', snapshot: snapshot.id }), etag: `"healthz-${snapshot.id}"` }, request, false);
      }
      if (path === '/openapi.json') return finish(headers, { status: 200, body: snapshot.openapi, etag: `"openapi-${snapshot.id}"` }, request, false);
      if (path !== API && !path.startsWith(`${API}/`)) {
        throw new HttpError(404, 'NOT_FOUND', `No such path '${clip(path)}'. The API lives under ${API} (e.g. ${API}/tools); the OpenAPI document is at /openapi.json.`);
      }

      const id = await authenticate(request);
      keyId = id.id;
      const rate = await countRequest(id.plan, id.id);
      Object.assign(headers, rateHeaders(rate), { 'Cache-Control': 'private' });
      if (!rate.success) {
        const limit = rate.limit;
        throw new HttpError(429, 'RATE_LIMIT_EXCEEDED', `Rate limit exceeded. Max ${limit} requests per minute.`, {
          'Retry-After': String(Math.max(1, Math.ceil((rate.reset - now()) / 1000))),
        });
      }
      const answer = await route(path, url);
      return finish(headers, answer, request, true, keyId);
    } catch (e) {
      return failure(headers, e, keyId);
    }
  }

  async function authenticate(request: GatewayRequest): Promise<{ id: string; plan: string }> {
    const raw = request.headers.get('x-api-key');
    const key = raw?.trim() ?? '';
    if (key === '') throw new HttpError(401, 'MISSING_API_KEY', 'Missing API key: send it in the X-API-Key header (X-API-Key: sk_...).');
    // Two X-API-Key headers arrive joined as "a, b", which can never match the key pattern.
    if (!KEY_PATTERN.test(key)) throw new HttpError(401, 'INVALID_API_KEY', 'Invalid API key: send one X-API-Key header with the key exactly as issued (sk_ followed by letters and digits).');
    let found;
    try {
      found = await keys.lookup(await hashOf(key));
    } catch (e) {
      if (e instanceof KeyStoreUnavailableError) {
        log(`key store unavailable: ${e.message}`);
        throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The API key could not be verified right now; retry after the number of seconds in Retry-After.', { 'Retry-After': String(e.retryAfterSeconds) });
      }
      throw e;
    }
    if (found.status === 'revoked') throw new HttpError(401, 'REVOKED_API_KEY', 'This API key has been revoked by an administrator; ask the operator for a new key.');
    if (found.status !== 'active') throw new HttpError(401, 'INVALID_API_KEY', 'Invalid API key: no key matches; check that it was copied whole, or ask the operator for a new key.');
    return found;
  }

  async function countRequest(plan: string, id: string): Promise<RateLimitResult> {
    const limiter = options.limiterFor(plan);
    if (limiter === undefined) {
      log(`key ${id} has plan '${plan}', which is not in the plans file`);
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The plan of this API key is not configured; retry later or ask the operator.', { 'Retry-After': '60' });
    }
    try {
      return await limiter.limit(id);
    } catch (e) {
      // A limiter backed by a remote store (Upstash) that cannot be reached: an outage, not a bug.
      log(`rate limiter unavailable: ${e instanceof Error ? e.message : String(e)}`);
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The rate limiter cannot be reached right now; retry after the number of seconds in Retry-After.', { 'Retry-After': '5' });
    }
  }

  async function route(path: string, url: URL): Promise<Answer> {
    const rest = path.slice(API.length + 1).split('/');
    const search = url.search.slice(1);
    const [resource, rawSlug, extra] = rest;
    if (extra !== undefined || (resource !== 'tools' && resource !== 'categories' && resource !== 'search')) throw notFoundPath(path);
    if (rawSlug !== undefined) {
      if (resource === 'search') throw notFoundPath(path);
      const slug = decodePath(rawSlug);
      if (slug === undefined) throw notFoundPath(path);
      const what = resource === 'tools' ? 'tool' : 'category';
      const valid = slug.length <= 64 && SLUG_PATTERN.test(slug);
      if (!valid || !(resource === 'tools' ? snapshot.toolBySlug : snapshot.categoryBySlug).has(slug)) {
        throw new HttpError(404, 'NOT_FOUND', `No ${what} with slug '${clip(slug)}'.`);
      }
      parseQuery(search, [], `${API}/${resource}/{slug}`);
      return prebuilt(resource === 'tools' ? toolKey(slug) : categoryKey(slug));
    }
    if (resource === 'tools') {
      const q = toolsQuery(parseQuery(search, TOOLS_PARAMS, `${API}/tools`), snapshot);
      return list(toolsKey(q), () => selectTools(snapshot.data, q), snapshot.toolJson, q.page, q.per_page, url);
    }
    if (resource === 'categories') {
      const q = categoriesQuery(parseQuery(search, CATEGORIES_PARAMS, `${API}/categories`), snapshot);
      return list(categoriesKey(q), () => selectCategories(snapshot.data, q), snapshot.categoryJson, q.page, q.per_page, url);
    }
    const q = searchQuery(parseQuery(search, SEARCH_PARAMS, `${API}/search`), snapshot);
    let engine;
    try {
      engine = await snapshot.search();
    } catch (e) {
      log(`search index unavailable: ${(e as Error).message}`);
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'Search is temporarily unavailable (its index could not be loaded); retry after the number of seconds in Retry-After.', { 'Retry-After': '5' });
    }
    const cacheKey = `${API}/search\0${q.q}\0${q.limit}\0${q.page}\0${q.category ?? ''}\0${q.pricing ?? ''}`;
    const page = await computed(cacheKey, async () => {
      const hits = engine.search(q.q, q);
      const start = (q.page - 1) * q.limit;
      const items = hits.slice(start, start + q.limit).map((h) => `${snapshot.toolJson[h.index]!.slice(0, -1)},"score":${h.score}}`);
      const totalPages = Math.ceil(hits.length / q.limit);
      const body = `{"data":[${items.join(',')}],"meta":${JSON.stringify({ page: q.page, per_page: q.limit, total: hits.length, total_pages: totalPages })}}`;
      return { body, etag: await etag(body), totalPages };
    });
    return { status: 200, body: page.body, etag: page.etag, link: linkHeader(url, q.page, page.totalPages) };
  }

  function prebuilt(key: string): Answer {
    const entry = snapshot.manifest.bodies[key];
    if (!entry) throw new Error(`prebuilt body missing from the manifest: ${key}`);
    return { status: 200, body: null, etag: entry.etag, prebuilt: key };
  }

  /** A list page: the prebuilt body when the build wrote one, else computed the same way. */
  async function list(key: string, select: () => number[], items: string[], page: number, perPage: number, url: URL): Promise<Answer> {
    const entry = snapshot.manifest.bodies[key];
    if (entry) return { ...prebuilt(key), link: linkHeader(url, page, Math.ceil((entry.total ?? 0) / perPage)) };
    const computedPage = await computed(key, async () => {
      const selected = select();
      const body = renderListPage(items, selected, page, perPage);
      return { body, etag: await etag(body), totalPages: Math.ceil(selected.length / perPage) };
    });
    return { status: 200, body: computedPage.body, etag: computedPage.etag, link: linkHeader(url, page, computedPage.totalPages) };
  }

  /**
   * Computed pages and searches, remembered by their canonical key (least recently used first
   * out). The snapshot never changes under a running gateway, so an entry is never stale; popular
   * combinations and searches then cost what a prebuilt page costs.
   */
  async function computed(key: string, make: () => Promise<ComputedPage>): Promise<ComputedPage> {
    const hit = cache.get(key);
    if (hit !== undefined) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const page = await make();
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, page);
    return page;
  }

  function finish(headers: Record<string, string>, answer: Answer, request: GatewayRequest, keyed: boolean, keyId?: string): GatewayResult {
    if (answer.link) headers.Link = answer.link;
    if (answer.etag) {
      headers.ETag = answer.etag;
      if (matches(request.headers.get('if-none-match'), answer.etag)) {
        delete headers['Content-Type'];
        return { status: 304, headers, body: null, ...(keyId && { keyId }) };
      }
    }
    if (!keyed) headers['Cache-Control'] ??= 'public, max-age=300';
    return {
      status: answer.status,
      headers,
      body: answer.body,
      ...(answer.prebuilt && { prebuilt: answer.prebuilt }),
      ...(keyId && { keyId }),
    };
  }

  function failure(headers: Record<string, string>, e: unknown, keyId?: string): GatewayResult {
    let err: HttpError;
    if (e instanceof HttpError) err = e;
    else if (e instanceof ParamError) err = new HttpError(400, e.code, e.message);
    else {
      log(`internal error ${headers['X-Request-Id']}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      err = new HttpError(500, 'INTERNAL_ERROR', 'Internal error; it has been logged. Retry later, and quote the X-Request-Id if it persists.');
    }
    Object.assign(headers, err.headers);
    headers['Content-Type'] = JSON_TYPE;
    headers['Cache-Control'] = err.status === 401 || err.status === 429 || err.status >= 500 ? 'no-store' : keyId ? 'private' : 'no-store';
    const body = JSON.stringify({ error: err.message, code: err.code });
    return { status: err.status, headers, body, ...(keyId && { keyId }) };
  }

  return { handle };
}

function rateHeaders(r: RateLimitResult): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(r.limit),
    'X-RateLimit-Remaining': String(Math.max(0, r.remaining)),
    'X-RateLimit-Reset': String(Math.ceil(r.reset / 1000)),
  };
}

/** An unparseable URL is answered like an unknown path (404), never with a 500. */
function parseUrl(raw: string): URL {
  try { return new URL(raw); } catch { return new URL('http://invalid/'); }
}

function decodePath(raw: string): string | undefined {
  try { return decodeURIComponent(raw); } catch { return undefined; }
}

function notFoundPath(path: string): HttpError {
  return new HttpError(404, 'NOT_FOUND', `No such endpoint '${clip(path)}'. Endpoints: ${API}/tools, ${API}/tools/{slug}, ${API}/categories, ${API}/categories/{slug}, ${API}/search.`);
}

function clip(s: string): string {
  const chars = [...s];
  return chars.length > 80 ? `${chars.slice(0, 80).join('')}...` : s;
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

/** RFC 8288 Link header with absolute URLs that keep the other parameters, as GitHub does. */
function linkHeader(url: URL, page: number, totalPages: number): string | undefined {
  if (totalPages <= 1) return undefined;
  const others = url.search.slice(1).split('&').filter((s) => s !== '' && s !== 'page' && !s.startsWith('page='));
  const at = (p: number) => `<${url.origin}${url.pathname}?${[...others, `page=${p}`].join('&')}>`;
  const links = [`${at(1)}; rel="first"`];
  if (page > 1) links.push(`${at(Math.min(page - 1, totalPages))}; rel="prev"`);
  if (page < totalPages) links.push(`${at(page + 1)}; rel="next"`);
  links.push(`${at(totalPages)}; rel="last"`);
  return links.join(', ');
}
