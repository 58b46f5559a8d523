// The gateway's one request handler, platform-neutral. Order of checks (API.md): OPTIONS
// preflight, method, key, rate limit, route, parameters, answer. It answers with a body, or with
// "serve the prebuilt body X with these headers", which each adapter realizes its own way
// (toResponse() for a Web Response).
import { createAuthenticator, type Authenticate } from './auth.ts';
import type { KeyStore } from './key-store.ts';
import { createLimits } from './limits.ts';
import { CACHE_ENTRIES, createPageCache } from './page-cache.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { andThen, type MaybeAsync } from './maybe-async.ts';
import { handleMcp } from './mcp-http.ts';
import { ALLOW, API, baseHeaders, JSON_TYPE, clip, failure, finish, HttpError, preflight, rateHeaders, tooManyRequests, type GatewayResult } from './responses.ts';
import { createRoutes, paramError, routeTarget, type Routes, type RouteTarget } from './routes.ts';
import type { SnapshotView } from './snapshot-view.ts';

export type { GatewayResult } from './responses.ts';

/** Public, not counted, served as prebuilt bodies: the contract, and the reference page with its script. */
const PUBLIC_DOCUMENTS = new Set(['/openapi.json', '/docs', '/docs/scalar.js']);
const API_PREFIX = `${API}/`;

/** What the core reads of a request; a Web `Request` has this shape. */
export interface GatewayRequest {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}

export interface GatewayOptions {
  snapshot: SnapshotView;
  keys: KeyStore;
  /** The limiter of a plan; undefined for a plan that is not configured (503). */
  limiterFor(plan: string): RateLimiter | undefined;
  /** A plan's per-minute limit: counted in this process while the plan's limiter cannot be reached. */
  perMinute?(plan: string): number | undefined;
  /** Origin of the absolute URLs in Link headers (e.g. https://api.example.com); default the request's. */
  publicBaseUrl?: string;
  /** Bytes of computed bodies remembered, per memo (default CACHE_BYTES). */
  cacheBytes?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface Gateway {
  /** The answer to a request: at once when nothing it needs has to be waited for. Never rejects. */
  handle(request: GatewayRequest): MaybeAsync<GatewayResult>;
  /** The endpoints themselves, for other front doors over the same answers (MCP). */
  routes: Routes;
  snapshot: SnapshotView;
  authenticate: Authenticate;
  countRequest: ReturnType<typeof createLimits>;
  /** POST /mcp (and its OPTIONS, and 405 for other methods), as a Web Response. */
  mcp(request: Request): Promise<Response>;
}

export function createGateway(options: GatewayOptions): Gateway {
  const { snapshot } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));
  const authenticate = createAuthenticator(options.keys, log, now);
  const countRequest = createLimits({ limiterFor: options.limiterFor, perMinute: options.perMinute, now, log });
  const routes = createRoutes({ snapshot, cache: createPageCache(options.cacheBytes), cacheBytes: options.cacheBytes, log });
  const origin = options.publicBaseUrl?.replace(/\/+$/, '');

  function handle(request: GatewayRequest): MaybeAsync<GatewayResult> {
    const headers = baseHeaders(crypto.randomUUID());
    const method = request.method.toUpperCase();
    let keyId: string | undefined;
    // The closures made per request stay anonymous: tsx names every function assigned to a name,
    // with a property definition each time one is made.
    try {
      const target = targetOf(request.url);
      const { path } = target;
      if (method === 'OPTIONS') return preflight(headers);
      if (method !== 'GET' && method !== 'HEAD') {
        throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Method ${method.slice(0, 20)} is not allowed; this API is read-only and accepts GET and HEAD (and OPTIONS for CORS preflight).`, { Allow: ALLOW });
      }
      const ifNoneMatch = request.headers.get('if-none-match');
      if (path === '/healthz') {
        headers['Cache-Control'] = 'no-store';
        return finish(headers, { status: 200, body: JSON.stringify({ status: 'ok', snapshot: snapshot.id }), etag: `"healthz-${snapshot.id}"` }, ifNoneMatch);
      }
      const document = PUBLIC_DOCUMENTS.has(path) ? snapshot.manifest.bodies[path] : undefined;
      if (document) {
        headers['Content-Type'] = document.type ?? JSON_TYPE;
        return finish(headers, { status: 200, body: null, prebuilt: path, etag: document.etag }, ifNoneMatch);
      }
      if (path !== API && !path.startsWith(API_PREFIX)) {
        throw new HttpError(404, 'NOT_FOUND', `No such path '${clip(path)}'. The API lives under ${API} (e.g. ${API}/tools); the OpenAPI document is at /openapi.json.`);
      }
      // Key, count, route: each step answers at once when its store is local (the embedded mode).
      const result = andThen(authenticate(request.headers.get('x-api-key')), (id) => {
        keyId = id.id;
        return andThen(countRequest(id.plan, id.id), (rate) => {
          rateHeaders(rate, headers);
          headers['Cache-Control'] = 'private';
          if (!rate.success) throw tooManyRequests(rate.limit, rate.reset, now());
          return andThen(routes.route(target), (answer) => finish(headers, answer, ifNoneMatch, keyId));
        });
      });
      return result instanceof Promise ? result.catch((e: unknown) => failure(headers, paramError(e), log, keyId)) : result;
    } catch (e) {
      return failure(headers, paramError(e), log, keyId);
    }
  }

  /** Routed URLs by their text (most traffic repeats a few URLs); an unparseable one is answered like an unknown path (404). */
  const targets = new Map<string, RouteTarget>();
  function targetOf(raw: string): RouteTarget {
    let target = targets.get(raw);
    if (target !== undefined) return target;
    let url: URL;
    try { url = new URL(raw); } catch { url = new URL('http://invalid/'); }
    target = routeTarget(url, origin ?? url.origin);
    if (targets.size >= CACHE_ENTRIES) targets.delete(targets.keys().next().value!); // as many as answers remembered
    targets.set(raw, target);
    return target;
  }

  const gateway: Gateway = { handle, routes, snapshot, authenticate, countRequest, mcp: (request) => handleMcp(gateway, request, log, now) };
  return gateway;
}

