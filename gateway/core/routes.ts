// The five endpoints under /api/v1: a path is routed to one of them, its parameters are parsed by
// the API.md rules, and the answer is a prebuilt body (by manifest key) or a computed one. The
// endpoint functions are also what the MCP tools call, so both answer alike.
import { SLUG_MAX, SLUG_PATTERN } from '../../snapshot/contract.ts';
import { categoriesKey, categoryKey, DEFAULT_PER_PAGE, listPage, pageMeta, pageTag, renderPage, selectCategories, selectTools, toolKey, toolsKey, type EncodedItems, type PageMeta } from '../../snapshot/lists.ts';
import type { SearchEngine } from '../../snapshot/search/index.ts';
import type { RetiredTool } from '../../snapshot/types.ts';
import { andThen, type MaybeAsync } from './maybe-async.ts';
import { bodyWeight, CACHE_BYTES, CACHE_ENTRIES, createMemo, type ComputedPage, type PageCache } from './page-cache.ts';
import { categoriesQuery, CATEGORIES_PARAMS, ParamError, parseQuery, SEARCH_PARAMS, searchQuery, toolsQuery, TOOLS_PARAMS, type RawParams } from './params.ts';
import { API, clip, HttpError, linkHeader, type Answer } from './responses.ts';
import type { SnapshotView } from './snapshot-view.ts';

export interface RoutesOptions {
  snapshot: SnapshotView;
  cache: PageCache;
  /** Bytes of whole answers remembered by URL (default CACHE_BYTES). */
  cacheBytes?: number;
  log: (line: string) => void;
}

/** A request's URL as routed: made once per distinct URL text and reused, so its `key` is hashed once. */
export interface RouteTarget {
  url: URL;
  /** url.pathname (a getter that makes a new string on each read). */
  path: string;
  /** Origin of the absolute URLs in the Link header. */
  origin: string;
  /** Names the answer: origin, path and query. */
  key: string;
}

export function routeTarget(url: URL, origin: string): RouteTarget {
  return { url, path: url.pathname, origin, key: `${origin}\0${url.pathname}${url.search}` };
}

/** An endpoint's answer with the page numbers its Link header needs. */
export interface EndpointAnswer extends Answer { page?: number; totalPages?: number }

export interface Routes {
  /** Routes a path under /api/v1 (with its raw query string) to its endpoint; a repeated request is answered at once, from memory. */
  route(target: RouteTarget): MaybeAsync<Answer>;
  tools(params: RawParams, prebuiltOk?: boolean): MaybeAsync<EndpointAnswer>;
  categories(params: RawParams, prebuiltOk?: boolean): MaybeAsync<EndpointAnswer>;
  search(params: RawParams): MaybeAsync<EndpointAnswer>;
  tool(slug: string): EndpointAnswer;
  category(slug: string): EndpointAnswer;
}

export function createRoutes({ snapshot, cache, cacheBytes = CACHE_BYTES, log }: RoutesOptions): Routes {
  function prebuilt(key: string): EndpointAnswer {
    const entry = snapshot.manifest.bodies[key];
    if (!entry) throw new Error(`prebuilt body missing from the manifest: ${key}`);
    return { status: 200, body: null, etag: entry.etag, prebuilt: key };
  }

  /** A list page: the prebuilt body when the build wrote one (and the caller can serve it), else computed the same way. */
  function list(kind: 'tools' | 'categories', key: string, filterKey: string, select: () => number[], page: number, perPage: number, prebuiltOk: boolean): MaybeAsync<EndpointAnswer> {
    const entry = snapshot.manifest.bodies[key];
    if (entry && prebuiltOk) return { ...prebuilt(key), page, totalPages: Math.ceil((entry.total ?? 0) / perPage) };
    const computed = cache(key, () => andThen(selections(filterKey, select), (selected) => {
      const { indices, meta } = listPage(selected, page, perPage);
      return computedPage(kind, kind === 'tools' ? snapshot.toolItems : snapshot.categoryItems, indices, meta);
    }));
    return andThen(computed, (c) => ({ status: 200, body: c.body, etag: c.etag, page, totalPages: c.totalPages }));
  }

  /**
   * An item by slug: the current one, or 301 for a former slug, 410 for a retired tool, else 404.
   * `checkQuery` runs once the slug is known to answer (route, then parameters, as API.md orders).
   */
  function item(resource: 'tools' | 'categories', slug: string, checkQuery: () => void = () => {}): EndpointAnswer {
    const tools = resource === 'tools';
    const what = tools ? 'tool' : 'category';
    const valid = slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug);
    const current = valid && (tools ? snapshot.toolBySlug : snapshot.categoryBySlug).has(slug);
    const movedTo = valid ? (tools ? snapshot.movedTools : snapshot.movedCategories).get(slug) : undefined;
    const retired = valid && tools ? snapshot.retiredBySlug.get(slug) : undefined;
    if (!current && movedTo === undefined && retired === undefined) throw new HttpError(404, 'NOT_FOUND', `No ${what} with slug '${clip(slug)}'.`);
    checkQuery();
    if (movedTo !== undefined) {
      throw new HttpError(301, 'MOVED_PERMANENTLY', `${tools ? 'Tool' : 'Category'} '${slug}' is now '${movedTo}'.`, { Location: `${API}/${resource}/${movedTo}` });
    }
    if (retired !== undefined) throw gone(retired);
    return prebuilt(tools ? toolKey(slug) : categoryKey(slug));
  }

  // The items a combination of filters selects, for all its pages and page sizes (browsing pages
  // of one filter is common): about 2 million indices at most, whatever the catalog's size.
  const selections = createMemo<number[]>(Math.min(256, Math.max(8, Math.floor(2_000_000 / Math.max(1, snapshot.data.tools.length)))));

  /** A computed page's bytes and tag; the tag names the page's content, so no hash of the bytes is needed. */
  function computedPage(kind: string, items: EncodedItems, indices: number[], meta: PageMeta, members?: string[]): ComputedPage {
    return {
      body: renderPage(items, indices, meta, members),
      etag: pageTag(snapshot.id, `${kind}\0${indices.join(',')}\0${meta.total}\0${meta.page}\0${meta.per_page}\0${members?.join(',') ?? ''}`),
      totalPages: meta.total_pages,
    };
  }

  // Whole answers by path, query and origin: the snapshot never changes under a running gateway,
  // so a repeated request (most traffic) skips parsing, selection and the Link header. Errors are
  // not remembered. Bounded like the page cache (prebuilt answers weigh only their entry).
  const answers = createMemo<Answer>(CACHE_ENTRIES, { secondSight: true, bytes: cacheBytes, weigh: (answer) => bodyWeight(answer.body) });

  const routes: Routes = {
    route: (target) => answers(target.key, () => routeUncached(target)),
    tools(params, prebuiltOk = true) {
      const q = toolsQuery(params, snapshot);
      return list('tools', toolsKey(q), toolsKey({ ...q, page: 1, per_page: DEFAULT_PER_PAGE }), () => selectTools(snapshot.data, q), q.page, q.per_page, prebuiltOk);
    },
    categories(params, prebuiltOk = true) {
      const q = categoriesQuery(params, snapshot);
      return list('categories', categoriesKey(q), categoriesKey({ ...q, page: 1, per_page: DEFAULT_PER_PAGE }), () => selectCategories(snapshot.data, q), q.page, q.per_page, prebuiltOk);
    },
    search(params) {
      const q = searchQuery(params, snapshot);
      const key = `${API}/search\0${q.q}\0${q.limit}\0${q.page}\0${q.category ?? ''}\0${q.pricing ?? ''}`;
      const page = cache(key, () => andThen(searchEngine(), (engine) => {
        const { total, hits } = engine.page(q.q, q, (q.page - 1) * q.limit, q.limit);
        const scores = hits.map((h) => `"score":${h.score}`);
        return computedPage('search', snapshot.toolItems, hits.map((h) => h.index), pageMeta(total, q.page, q.limit), scores);
      }));
      return andThen(page, (p) => ({ status: 200, body: p.body, etag: p.etag, page: q.page, totalPages: p.totalPages }));
    },
    tool: (slug) => item('tools', slug),
    category: (slug) => item('categories', slug),
  };
  return routes;

  /** The engine (at once once loaded); 503 while its index cannot be loaded. */
  function searchEngine(): MaybeAsync<SearchEngine> {
    const engine = snapshot.search();
    return engine instanceof Promise ? engine.catch((e: unknown) => {
      log(`search index unavailable: ${(e as Error).message}`);
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'Search is temporarily unavailable (its index could not be loaded); retry after the number of seconds in Retry-After.', { 'Retry-After': '5' });
    }) : engine;
  }

  function routeUncached({ path, url, origin }: RouteTarget): MaybeAsync<Answer> {
    const [resource, rawSlug, extra] = path.slice(API.length + 1).split('/');
    if (extra !== undefined || (resource !== 'tools' && resource !== 'categories' && resource !== 'search')) throw notFoundPath(path);
    const search = url.search.slice(1);
    if (rawSlug !== undefined) {
      const slug = resource === 'search' ? undefined : decodePath(rawSlug);
      if (slug === undefined) throw notFoundPath(path);
      return item(resource as 'tools' | 'categories', slug, () => parseQuery(search, [], `${API}/${resource}/{slug}`));
    }
    const params = parseQuery(search, resource === 'tools' ? TOOLS_PARAMS : resource === 'categories' ? CATEGORIES_PARAMS : SEARCH_PARAMS, `${API}/${resource}`);
    return andThen(routes[resource](params), (answer) => ({ ...answer, link: linkHeader(origin, url, answer.page!, answer.totalPages!) }));
  }
}

/** Parameter problems are 400s in the error envelope. */
export function paramError(e: unknown): unknown {
  return e instanceof ParamError ? new HttpError(400, e.code, e.message) : e;
}

/** 410 for a retired tool, naming where its users went. */
function gone(r: RetiredTool): HttpError {
  const where = r.successor !== null
    ? `its successor is '${r.successor}'`
    : `alternatives: ${r.alternatives.map((a) => `'${a}'`).join(', ')}`;
  return new HttpError(410, 'GONE', `${r.name} was retired on ${r.retired_at} (${r.reason}); ${where}.`,
    r.successor !== null ? { Link: `<${API}/tools/${r.successor}>; rel="successor-version"` } : {});
}

function decodePath(raw: string): string | undefined {
  try { return decodeURIComponent(raw); } catch { return undefined; }
}

function notFoundPath(path: string): HttpError {
  return new HttpError(404, 'NOT_FOUND', `No such endpoint '${clip(path)}'. Endpoints: ${API}/tools, ${API}/tools/{slug}, ${API}/categories, ${API}/categories/{slug}, ${API}/search.`);
}
