// The gateway's one request path, platform-neutral, for /api/v1 and /mcp alike. Order of checks
// (API.md): OPTIONS preflight, method, key, rate limit, route, parameters, answer. It answers with
// a body, or with "serve the prebuilt body X with these headers", which each adapter realizes its
// own way (toResponse() for a Web Response).
import { API_BASE } from '../../snapshot/contract.ts';
import { createAuthenticator, type Authenticate, type Identity } from './auth.ts';
import { parseQuery } from './params.ts';
import { lastDays, type UsageStore } from './usage.ts';
import { BoundedCache, DEFAULT_CACHE_BYTES, remembered } from './bounded-cache.ts';
import type { KeyStore } from './key-store.ts';
import { createLimits, type CountRequests } from './limits.ts';
import { BodyBudget, DEFAULT_BODY_BUDGET_BYTES } from './body-budget.ts';
import { STORE_DEADLINE_MS, withDeadline } from './deadline.ts';
import { announcedBytes, answerMcp, BODY_DEADLINE_MS, countCalls, MAX_BATCH_CALLS, readBody } from './mcp-route.ts';
import { publicAnswer } from './public-answers.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { baseHeaders, failure, finish, HttpError, rateHeaders, tooManyRequests, type Answer, type GatewayResult } from './responses.ts';
import { answerBytes, createRoutes, type Routes } from './routes.ts';
import type { SnapshotView } from './snapshot-view.ts';

export type { GatewayResult } from './responses.ts';

/** The calling key's own usage: keyed, never counted. */
const USAGE_PATH = `${API_BASE}/usage`;

/** What the core reads of a request; a Web `Request` has this shape. */
export interface GatewayRequest {
  method: string;
  /** An absolute URL, or the path and query as sent (`/api/v1/tools?page=2`). */
  url: string;
  headers: { get(name: string): string | null };
  /** Read only for POST /mcp, once the key and the limit allow it (an adapter may make it on first use). */
  body?: ReadableStream<Uint8Array> | null;
}

export interface GatewayOptions {
  snapshot: SnapshotView;
  keys: KeyStore;
  /** How long a key's verdict is served without asking `keys` again (0: every request asks). */
  keyCacheMs?: number;
  /** The limiter of a plan; undefined for a plan that is not configured (503). */
  limiterFor(plan: string): RateLimiter | undefined;
  /** A plan's per-minute limit: counted in this process while the plan's limiter cannot be reached. */
  perMinute?(plan: string): number | undefined;
  /** Origin of the absolute URLs in Link headers (e.g. https://api.example.com); default the request's. */
  publicBaseUrl?: string;
  /** How long a POST /mcp body may take to arrive (default BODY_DEADLINE_MS, API.md's 10 s). */
  bodyTimeoutMs?: number;
  /** Each key's requests per day, for GET /api/v1/usage (none: the days read as zeros). */
  usage?: UsageStore;
  /** Bytes of everything remembered between requests, keys included (default DEFAULT_CACHE_BYTES). */
  cacheBytes?: number;
  /** Bytes of request bodies in flight (default DEFAULT_BODY_BUDGET_BYTES, API.md's 64 MiB). */
  bodyBudgetBytes?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface Gateway {
  /** The answer to a request. Never rejects. */
  handle(request: GatewayRequest): Promise<GatewayResult>;
  /** The endpoints themselves, for other front doors over the same answers (MCP over stdio). */
  routes: Routes;
  snapshot: SnapshotView;
  /** Everything remembered between requests, within one budget of bytes. */
  cache: BoundedCache;
}

export function createGateway(options: GatewayOptions): Gateway {
  return new RequestPath(options);
}

/** The request path itself: each step a method, in the order API.md checks them. */
class RequestPath implements Gateway {
  readonly snapshot: SnapshotView;
  readonly cache: BoundedCache;
  readonly routes: Routes;
  private readonly authenticate: Authenticate;
  private readonly countRequests: CountRequests;
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private readonly origin: string | undefined;
  private readonly bodies: BodyBudget;

  constructor(private readonly options: GatewayOptions) {
    this.snapshot = options.snapshot;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((line: string) => console.error(line));
    this.cache = new BoundedCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES);
    this.authenticate = createAuthenticator({ keys: options.keys, cache: this.cache, freshMs: options.keyCacheMs ?? 0, log: this.log, now: this.now });
    this.countRequests = createLimits({ limiterFor: options.limiterFor, perMinute: options.perMinute, usage: options.usage, now: this.now, log: this.log });
    this.bodies = new BodyBudget(options.bodyBudgetBytes ?? DEFAULT_BODY_BUDGET_BYTES);
    this.routes = createRoutes({ snapshot: this.snapshot, cache: this.cache, log: this.log });
    this.origin = options.publicBaseUrl?.replace(/\/+$/, '');
  }

  async handle(request: GatewayRequest): Promise<GatewayResult> {
    const headers = baseHeaders(crypto.randomUUID());
    let keyId: string | undefined;
    try {
      const method = request.method.toUpperCase();
      const target = splitTarget(request.url);
      const ifNoneMatch = request.headers.get('if-none-match');
      const open = publicAnswer(this.snapshot, this.options.keys, method, target.path, headers, ifNoneMatch);
      if (open !== undefined) return await open;
      const apiKey = request.headers.get('x-api-key');
      const authorization = request.headers.get('authorization');
      if (!apiKey?.trim() && !authorization && /(^|&)api_key=/.test(target.query)) throw keyInUrl();
      const identity = await this.authenticate(apiKey, authorization);
      keyId = identity.id;
      if (target.path === USAGE_PATH && method !== 'POST') return finish(headers, await this.usage(identity, target.query, headers), ifNoneMatch, keyId);
      if (method === 'POST') return finish(headers, await this.mcp(request, identity, headers), ifNoneMatch, keyId);
      await this.count(identity, 1, headers);
      return finish(headers, await this.keyedAnswer(request, target), ifNoneMatch, keyId);
    } catch (e) {
      return failure(headers, e, this.log, keyId);
    }
  }

  /** GET /api/v1/usage: the calling key's own usage and where its limit stands, never counted (like GitHub's /rate_limit). */
  private async usage(identity: Identity, query: string, headers: Record<string, string>): Promise<Answer> {
    parseQuery(query, [], USAGE_PATH);
    const rate = await this.countRequests(identity.plan, identity.id, 0);
    rateHeaders(rate, headers);
    headers['Cache-Control'] = 'private';
    const days = lastDays(this.now());
    const { days: counted } = this.options.usage ? await this.readUsage(identity.id, days) : { days: days.map((date) => ({ date, requests: 0, limited: 0 })) };
    const data = { key_id: identity.id, plan: identity.plan, limit: rate.limit, remaining: Math.max(0, rate.remaining), reset: Math.ceil(rate.reset / 1000), days: counted };
    return { status: 200, body: JSON.stringify({ data }) };
  }

  /** A key's usage within the store deadline; 503 when it cannot be read (API.md, "Degraded mode"), never a 500 or a hang. */
  private async readUsage(id: string, days: readonly string[]) {
    try {
      return await withDeadline(this.options.usage!.read(id, days), () => new Error(`no answer within ${STORE_DEADLINE_MS / 1000} s`));
    } catch (e) {
      this.log(`usage of ${id} could not be read: ${e instanceof Error ? e.message : String(e)}`);
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'Your usage cannot be read right now; retry after the number of seconds in Retry-After.', { 'Retry-After': '5' });
    }
  }

  /** Counts `rate` requests of the key and adds the X-RateLimit-* headers; 429 when they are over the limit (none then counted). */
  private async count(identity: Identity, rate: number, headers: Record<string, string>): Promise<void> {
    const result = await this.countRequests(identity.plan, identity.id, rate);
    rateHeaders(result, headers);
    headers['Cache-Control'] = 'private';
    if (!result.success) throw tooManyRequests(result.limit, result.reset, this.now());
  }

  /**
   * POST /mcp. The limit is checked before a byte of the body is read, and the body is held within
   * the budget of bodies in flight (API.md); once read it counts as its JSON-RPC calls, at least
   * once. A body that cannot be read (413, 408), or a batch no wait could admit (over 100 calls or
   * over the plan's whole limit: 400), counts once and is answered with its error.
   */
  private async mcp(request: GatewayRequest, identity: Identity, headers: Record<string, string>): Promise<Answer> {
    const before = await this.countRequests(identity.plan, identity.id, 0);
    rateHeaders(before, headers);
    headers['Cache-Control'] = 'private';
    if (before.remaining < 1) throw tooManyRequests(before.limit, before.reset, this.now());
    const release = this.bodies.reserve(identity.id, announcedBytes(request));
    try {
      const body = await this.mcpBody(request);
      const refused = body instanceof HttpError ? body : batchTooLarge(body.calls, before.limit);
      await this.count(identity, refused ? 1 : (body as McpBody).calls, headers);
      if (refused) throw refused;
      const { text, parsed } = body as McpBody;
      return await answerMcp({ routes: this.routes, snapshot: this.snapshot }, request, text, parsed);
    } finally {
      release();
    }
  }

  /** A POST /mcp body and its calls, or the HttpError (413, 408, 400) its reading ended with. */
  private async mcpBody(request: GatewayRequest): Promise<McpBody | HttpError> {
    try {
      const text = await readBody(request, this.options.bodyTimeoutMs ?? BODY_DEADLINE_MS);
      return { text, ...countCalls(text) };
    } catch (e) {
      if (e instanceof HttpError) return e;
      throw e;
    }
  }

  /**
   * The answer to a keyed request once the key and the count allow it. An /api/v1 answer is
   * remembered under the URL it was asked by, as sent (a URL starts with '/' or a scheme, which no
   * other name in the cache does; an absolute one names its origin, which its Link header uses).
   */
  private keyedAnswer(request: GatewayRequest, target: Target): Promise<Answer> {
    const origin = this.origin ?? target.origin;
    return remembered(this.cache, request.url, () => this.routes.route(target.path, target.query, origin), answerBytes);
  }
}

/** API.md: a key in the query string is never read, since URLs end up in logs. */
function keyInUrl(): HttpError {
  return new HttpError(401, 'MISSING_API_KEY', 'A key in the URL (?api_key=) is never read, since URLs end up in logs: send it in the X-API-Key header (X-API-Key: sk_...) or as Authorization: Bearer sk_..., and take it out of the URL.');
}

/** API.md: a batch that no wait could admit is 400, not 429. */
function batchTooLarge(calls: number, planLimit: number): HttpError | undefined {
  if (calls <= MAX_BATCH_CALLS && calls <= planLimit) return undefined;
  return new HttpError(400, 'INVALID_PARAMETER', `The body holds a batch of ${calls} calls; a batch may hold at most ${Math.min(MAX_BATCH_CALLS, planLimit)} (at most ${MAX_BATCH_CALLS}, and no more than this key's plan allows per minute, ${planLimit}): send it in smaller batches.`);
}

/** A POST /mcp body, read and weighed. */
interface McpBody { text: string; parsed: unknown; calls: number }

/** A request target as the core reads it: path and raw query string, and the origin of an absolute URL. */
interface Target { path: string; query: string; origin: string }

/** Origin-form (`/a?b`) as is; absolute-form (RFC 9112 3.2.2) split into origin, path and query. */
export function splitTarget(url: string): Target {
  let origin = 'http://localhost';
  let rest = url;
  if (url.charCodeAt(0) !== 47 /* / */) {
    const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
    origin = scheme?.[0] ?? origin;
    rest = scheme ? url.slice(scheme[0].length) : '/';
    if (!rest.startsWith('/')) rest = `/${rest}`;
  }
  const hash = rest.indexOf('#');
  if (hash !== -1) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  return q === -1 ? { path: rest, query: '', origin } : { path: rest.slice(0, q), query: rest.slice(q + 1), origin };
}
