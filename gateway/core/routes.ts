// The five endpoints under /api/v1: a path is routed to one of them, its parameters are parsed by
// the API.md rules, and the answer is a prebuilt body (by manifest key) or a computed one. The
// endpoint functions are also what the MCP tools call, so both answer alike.
import { API_BASE, SLUG_MAX, SLUG_PATTERN, type FacetName } from '../../snapshot/contract.ts';
import { nearest } from '../../snapshot/edit-distance.ts';
import { categoriesKey, categoryKey, DEFAULT_PER_PAGE, encodeItems, listPage, pageMeta, pageTag, renderPage, selectBySlugs, selectCategories, selectTools, toolKey, toolsKey, type EncodedItems, type PageMeta, type ToolQuery } from '../../snapshot/lists.ts';
import { facetIndex, type FacetCounts } from '../../snapshot/facets.ts';
import { createSearchEngine, type SearchEngine, type SearchFilter } from '../../snapshot/search/index.ts';
import { similarTools } from '../../snapshot/similar.ts';
import type { RetiredTool, Tool } from '../../snapshot/types.ts';
import { bodyBytes, remembered, type BoundedCache } from './bounded-cache.ts';
import { categoriesQuery, CATEGORIES_PARAMS, ParamError, parseQuery, SEARCH_PARAMS, searchQuery, TOOL_PARAMS, toolQuery, toolsQuery, TOOLS_PARAMS, type RawParams, type SearchQuery } from './params.ts';
import { clip, HttpError, linkHeader, type Answer } from './responses.ts';
import type { SnapshotView } from './snapshot-view.ts';

export interface RoutesOptions {
  snapshot: SnapshotView;
  /** The gateway's one cache: computed pages, filter selections and the search engine's words. */
  cache: BoundedCache;
  log: (line: string) => void;
}

/** An endpoint's answer with the page numbers its Link header needs. */
export interface EndpointAnswer extends Answer { page?: number; totalPages?: number }

export interface Routes {
  /** The answer to `path` under /api/v1 with its raw query string (no '?'); Link URLs start with `origin`. */
  route(path: string, query: string, origin: string): Promise<Answer>;
  /** `prebuiltOk`: the caller can serve a prebuilt body by its key (MCP cannot: it gets the bytes). */
  tools(params: RawParams, prebuiltOk?: boolean): Promise<EndpointAnswer>;
  categories(params: RawParams, prebuiltOk?: boolean): Promise<EndpointAnswer>;
  search(params: RawParams): Promise<EndpointAnswer>;
  tool(slug: string): EndpointAnswer;
  category(slug: string): EndpointAnswer;
}

interface ComputedPage { body: Uint8Array; etag: string; totalPages: number }
/** Selections are arrays of small integers: about 8 bytes an element as V8 holds them. */
const selectionBytes = (selected: number[]) => 8 * selected.length + 32;
/** API.md: with similar_to, a page holds 10 tools unless per_page says otherwise. */
const SIMILAR_PER_PAGE = 10;

export function createRoutes(options: RoutesOptions): Routes {
  return new Endpoints(options);
}

/** The endpoints over one snapshot; what they compute is remembered in the gateway's cache. */
class Endpoints implements Routes {
  private readonly snapshot: SnapshotView;
  private readonly cache: BoundedCache;
  private readonly log: (line: string) => void;
  private engine: Promise<SearchEngine> | undefined;

  constructor({ snapshot, cache, log }: RoutesOptions) {
    this.snapshot = snapshot;
    this.cache = cache;
    this.log = log;
  }

  async route(path: string, query: string, origin: string): Promise<Answer> {
    const bare = path.replace(/\/+$/, '');
    const [resource, rawSlug, extra] = bare.slice(API_BASE.length + 1).split('/');
    const known = extra === undefined && (resource === 'tools' || resource === 'categories' || (resource === 'search' && rawSlug === undefined));
    if (!known) throw notFoundPath(path);
    if (bare !== path) throw withoutTrailingSlash(bare, query);
    if (rawSlug !== undefined) {
      const slug = resource === 'search' ? undefined : decodePath(rawSlug);
      if (slug === undefined) throw notFoundPath(path);
      return this.item(resource as 'tools' | 'categories', slug, () => parseQuery(query, resource === 'tools' ? TOOL_PARAMS : [], `${API_BASE}/${resource}/{slug}`));
    }
    const params = parseQuery(query, resource === 'tools' ? TOOLS_PARAMS : resource === 'categories' ? CATEGORIES_PARAMS : SEARCH_PARAMS, `${API_BASE}/${resource}`);
    const answer = await this[resource](params);
    return { ...answer, link: linkHeader(origin, path, query, answer.page!, answer.totalPages!) };
  }

  async tools(params: RawParams, prebuiltOk = true): Promise<EndpointAnswer> {
    const q = toolsQuery(params, this.snapshot);
    const { data } = this.snapshot;
    let extra: Partial<PageMeta> | undefined;
    if (q.similar_to !== undefined) return this.similar(params, q);
    if (q.slugs !== undefined) {
      if (params.has('sort')) throw new ParamError("Parameter 'sort' cannot be combined with 'slugs': the tools come in the order the slugs are given; leave sort out.");
      const { retired, not_found } = selectBySlugs(data, q.slugs);
      extra = { not_found, retired };
    } else if (q.updated_since !== undefined) {
      const since = q.updated_since;
      extra = { retired: data.retired.filter((r) => r.retired_at >= since).map((r) => r.slug) };
    }
    if (q.facets !== undefined) extra = { ...extra, facets: await this.listFacets(q) };
    return this.list('tools', toolsKey(q), filterKey(q), () => selectTools(data, q), q.page, q.per_page, prebuiltOk, extra, q.fields, q.facets && paramsKey(params));
  }

  /**
   * A list's facet counts: over the tools its other filters select (all of them, the usual case,
   * or those of website, updated_since, slugs), each facet without its own filter.
   */
  private async listFacets(q: ToolQuery): Promise<FacetCounts> {
    const { data } = this.snapshot;
    const index = facetIndex(data);
    const unfaceted = { ...q, ...UNFACETED };
    const candidates = unfaceted.website === undefined && unfaceted.updated_since === undefined && unfaceted.slugs === undefined
      ? index.all()
      : index.of(await remembered(this.cache, `selection\0${filterKey(unfaceted)}`, () => selectTools(data, unfaceted), selectionBytes));
    return index.count(candidates, q, q.facets!);
  }

  categories(params: RawParams, prebuiltOk = true): Promise<EndpointAnswer> {
    const q = categoriesQuery(params, this.snapshot);
    return this.list('categories', categoriesKey(q), categoriesKey({ ...q, page: 1, per_page: DEFAULT_PER_PAGE }), () => selectCategories(this.snapshot.data, q), q.page, q.per_page, prebuiltOk);
  }

  /**
   * similar_to: the tools most like one, best first, each with its similarity, filtered by the
   * other parameters; per_page defaults to 10. The slug answers as the item path would (a former
   * slug names the current tool, a retired one is 410, an unknown one 404 with did_you_mean).
   */
  private async similar(params: RawParams, q: ToolQuery): Promise<EndpointAnswer> {
    if (params.has('sort')) throw new ParamError("Parameter 'sort' cannot be combined with 'similar_to': the tools come most alike first; leave sort out.");
    if (params.has('slugs')) throw new ParamError("Parameter 'slugs' cannot be combined with 'similar_to'; send one or the other.");
    const target = this.toolIndex(q.similar_to!);
    const perPage = params.has('per_page') ? q.per_page : SIMILAR_PER_PAGE;
    const { data } = this.snapshot;
    const ranked = await remembered(this.cache, `similar\0${target}`, () => similarTools(data, target), (s) => 16 * s.length + 32);
    const allowed = new Set(selectTools(data, { ...q, similar_to: undefined, sort: 'name' }));
    const selected = ranked.filter((s) => allowed.has(s.index));
    const listed = listPage(selected.map((s) => s.index), q.page, perPage);
    const { indices } = listed;
    const meta = q.facets === undefined ? listed.meta : { ...listed.meta, facets: this.similarFacets(q, ranked) };
    const start = (q.page - 1) * perPage;
    const members = indices.map((_, k) => `"similarity":${selected[start + k]!.similarity}`);
    const page = q.fields
      ? this.computedPage(`similar:${q.fields.join(',')}`, ...this.projected(indices, q.fields), meta, members, q.facets && paramsKey(params))
      : this.computedPage('similar', this.snapshot.toolItems, indices, meta, members, q.facets && paramsKey(params));
    return { status: 200, body: page.body, etag: page.etag, page: q.page, totalPages: page.totalPages };
  }

  /** similar_to's facet counts: over the tools like it that its other filters (website, updated_since) let through. */
  private similarFacets(q: ToolQuery, ranked: readonly { index: number }[]): FacetCounts {
    const { data } = this.snapshot;
    const index = facetIndex(data);
    const others = new Set(selectTools(data, { ...q, ...UNFACETED, similar_to: undefined, sort: 'name' }));
    return index.count(index.of(ranked.filter((s) => others.has(s.index)).map((s) => s.index)), q, q.facets!);
  }

  /** The current tool a slug names, as the item path resolves it (301s followed, 410 and 404 thrown). */
  private toolIndex(slug: string): number {
    const { snapshot } = this;
    const lower = slug.toLowerCase();
    const current = snapshot.movedTools.get(lower) ?? lower;
    const index = snapshot.toolBySlug.get(current);
    if (index !== undefined) return index;
    const retired = snapshot.retiredBySlug.get(lower);
    if (retired !== undefined) throw this.gone(retired);
    throw this.unknownSlug(true, slug);
  }

  async search(params: RawParams): Promise<EndpointAnswer> {
    const q = searchQuery(params, this.snapshot);
    const engine = await this.searchEngine();
    const { total, hits, interpreted, matched, words } = engine.page(q.q, q, (q.page - 1) * q.limit, q.limit, { matches: q.facets !== undefined, words: q.highlight === true });
    const indices = hits.map((h) => h.index);
    const highlights = words && engine.highlights(words, indices);
    const scores = hits.map((h, k) => `"score":${h.score}${highlights ? `,"highlights":${JSON.stringify(highlights[k])}` : ''}`);
    const meta = { ...pageMeta(total, q.page, q.limit), ...(interpreted && { interpreted }), ...(matched && { facets: this.searchFacets(matched, q.facets!) }) };
    const decidedBy = q.facets || q.highlight ? paramsKey(params) : undefined;
    const page = q.fields
      ? this.computedPage(`search:${q.fields.join(',')}`, ...this.projected(indices, q.fields), meta, scores, decidedBy)
      : this.computedPage('search', this.snapshot.toolItems, indices, meta, scores, decidedBy);
    return { status: 200, body: page.body, etag: page.etag, page: q.page, totalPages: page.totalPages };
  }

  /** A search's facet counts: over every tool the query matched, each facet without its own filter (a constraint word read from the query is one). */
  private searchFacets(matched: { docs: ArrayLike<number>; filter: SearchFilter }, names: FacetName[]): FacetCounts {
    const index = facetIndex(this.snapshot.data);
    return index.count(index.of(matched.docs), matched.filter, names);
  }

  tool(slug: string): EndpointAnswer { return this.item('tools', slug); }
  category(slug: string): EndpointAnswer { return this.item('categories', slug); }

  private prebuilt(key: string): EndpointAnswer {
    const entry = this.snapshot.manifest.bodies[key];
    if (!entry) throw new Error(`prebuilt body missing from the manifest: ${key}`);
    return { status: 200, body: null, etag: entry.etag, prebuilt: key };
  }

  /** A list page: the prebuilt body when the build wrote one (and the caller can serve it), else computed the same way. */
  private async list(kind: 'tools' | 'categories', key: string, filterKey: string, select: () => number[], page: number, perPage: number, prebuiltOk: boolean, extra?: Partial<PageMeta>, fields?: string[], decidedBy?: string): Promise<EndpointAnswer> {
    const entry = this.snapshot.manifest.bodies[key];
    if (entry && prebuiltOk) return { ...this.prebuilt(key), page, totalPages: Math.ceil((entry.total ?? 0) / perPage) };
    // A filter's selection serves all its pages and page sizes (browsing the pages of one filter is
    // common); the page itself is remembered once, with the answer to its URL (gateway.ts).
    const selected = await remembered(this.cache, `selection\0${filterKey}`, select, selectionBytes);
    const { indices, meta } = listPage(selected, page, perPage);
    const computed = fields
      ? this.computedPage(`${kind}:${fields.join(',')}`, ...this.projected(indices, fields), { ...meta, ...extra }, undefined, decidedBy)
      : this.computedPage(kind, kind === 'tools' ? this.snapshot.toolItems : this.snapshot.categoryItems, indices, { ...meta, ...extra }, undefined, decidedBy);
    return { status: 200, body: computed.body, etag: computed.etag, page, totalPages: computed.totalPages };
  }

  /** Only `fields` of the tools at `indices`, serialized for this page: the items and their positions in them. */
  private projected(indices: number[], fields: string[]): [EncodedItems, number[]] {
    const tools = this.snapshot.data.tools;
    return [encodeItems(indices.map((i) => pick(tools[i]!, fields))), indices.map((_, k) => k)];
  }

  /**
   * A computed page's bytes and tag; the tag names the page's content, so no hash of the bytes is
   * needed. `decidedBy`: the request's parameters, which decide the page in this snapshot, named
   * instead of facet counts and highlights (hashing those took a tenth of a search's CPU).
   */
  private computedPage(kind: string, items: EncodedItems, indices: number[], meta: PageMeta, members?: string[], decidedBy?: string): ComputedPage {
    return {
      body: renderPage(items, indices, meta, members),
      etag: pageTag(this.snapshot.id, decidedBy !== undefined ? `${kind}\0params\0${decidedBy}` : `${kind}\0${indices.join(',')}\0${JSON.stringify(meta)}\0${members?.join(',') ?? ''}`),
      totalPages: meta.total_pages,
    };
  }

  /**
   * An item by slug: the current one, or 301 for a former slug, 410 for a retired tool, else 404.
   * `checkQuery` runs once the slug is known to answer (route, then parameters, as API.md orders).
   */
  private item(resource: 'tools' | 'categories', slug: string, checkQuery: () => RawParams = () => new Map()): EndpointAnswer {
    const { snapshot } = this;
    const tools = resource === 'tools';
    const known = (s: string) => s.length <= SLUG_MAX && SLUG_PATTERN.test(s)
      && ((tools ? snapshot.toolBySlug : snapshot.categoryBySlug).has(s) || (tools ? snapshot.movedTools : snapshot.movedCategories).has(s) || (tools && snapshot.retiredBySlug.has(s)));
    if (!known(slug)) {
      const lower = slug.toLowerCase();
      if (lower !== slug && known(lower)) {
        throw new HttpError(301, 'MOVED_PERMANENTLY', `Slugs are lowercase: '${clip(slug)}' is '${lower}'.`, { Location: `${API_BASE}/${resource}/${lower}` });
      }
      throw this.unknownSlug(tools, slug);
    }
    const current = (tools ? snapshot.toolBySlug : snapshot.categoryBySlug).has(slug);
    const movedTo = current ? undefined : (tools ? snapshot.movedTools : snapshot.movedCategories).get(slug);
    const retired = current || !tools ? undefined : snapshot.retiredBySlug.get(slug);
    const params = checkQuery();
    if (movedTo !== undefined) {
      throw new HttpError(301, 'MOVED_PERMANENTLY', `${tools ? 'Tool' : 'Category'} '${slug}' is now '${movedTo}'.`, { Location: `${API_BASE}/${resource}/${movedTo}` });
    }
    if (retired !== undefined) throw this.gone(retired);
    const tool = tools ? snapshot.data.tools[snapshot.toolBySlug.get(slug)!]! : undefined;
    let answer = this.prebuilt(tools ? toolKey(slug) : categoryKey(slug));
    if (tool && params.has('fields')) {
      const { fields } = toolQuery(params, snapshot);
      answer = { status: 200, body: encoder.encode(JSON.stringify({ data: pick(tool, fields!) })), etag: pageTag(snapshot.id, `tool\0${slug}\0${fields!.join(',')}`) };
    }
    return tool?.sunset_at ? { ...answer, headers: sunsetHeaders(tool) } : answer;
  }

  /** 404 for a slug nothing has, naming the closest ones (API.md: did_you_mean, closest first). */
  private unknownSlug(tools: boolean, slug: string): HttpError {
    const slugs = tools ? [...this.snapshot.toolBySlug.keys(), ...this.snapshot.retiredBySlug.keys()] : [...this.snapshot.categoryBySlug.keys()];
    const near = slug.length <= 200 ? nearest(slug.toLowerCase(), slugs) : [];
    const hint = near.length > 0 ? ` Did you mean ${near.map((s) => `'${s}'`).join(', ')}?` : ` Find one with ${API_BASE}/search or ${API_BASE}/${tools ? 'tools' : 'categories'}.`;
    return new HttpError(404, 'NOT_FOUND', `No ${tools ? 'tool' : 'category'} with slug '${clip(slug)}'.${hint}`, {}, { did_you_mean: near });
  }

  /** 410 for a retired tool, naming where its users went, in words and as data a program can follow. */
  private gone(r: RetiredTool): HttpError {
    const where = r.successor !== null
      ? `its successor is '${r.successor}'`
      : `alternatives: ${r.alternatives.map((a) => `'${a}'`).join(', ')}`;
    const ref = (slug: string) => {
      const t = this.snapshot.data.tools[this.snapshot.toolBySlug.get(slug)!]!;
      return { slug: t.slug, name: t.name, url: t.url };
    };
    return new HttpError(410, 'GONE', `${r.name} was retired on ${r.retired_at} (${r.reason}); ${where}.`,
      r.successor !== null ? { Link: `<${API_BASE}/tools/${r.successor}>; rel="successor-version"` } : {},
      { retired_at: r.retired_at, successor: r.successor === null ? null : ref(r.successor), alternatives: r.alternatives.map(ref) });
  }

  /** The engine, made on the first search and kept; 503 while its index cannot be loaded (the next search tries again). */
  private searchEngine(): Promise<SearchEngine> {
    this.engine ??= this.snapshot.searchIndex().then((index) => createSearchEngine(this.snapshot.data, index, { recall: this.cache }));
    return this.engine.catch((e: unknown) => {
      this.engine = undefined;
      this.log(`search index unavailable: ${(e as Error).message}`);
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'Search is temporarily unavailable (its index could not be loaded); retry after the number of seconds in Retry-After.', { 'Retry-After': '5' });
    });
  }
}

/** A request's parameters in one canonical order: with the snapshot, they decide its answer. */
const paramsKey = (params: RawParams) => [...params].map(([k, v]) => `${k}=${v}`).sort().join('&');

/** A list's query without its facet filters. */
const UNFACETED = { category: undefined, pricing: undefined, platform: undefined, open_source: undefined };

/** The key of a list's selection: its filters and order, whatever its page, size, fields or facets. */
const filterKey = (q: ToolQuery) => toolsKey({ ...q, page: 1, per_page: DEFAULT_PER_PAGE, fields: undefined, facets: undefined });

/** The weight of a remembered answer. */
export const answerBytes = (answer: Answer) => bodyBytes(answer.body) + (answer.link?.length ?? 0) * 2 + 128;

const encoder = new TextEncoder();

/** The named fields of a tool, in the tool's own order. */
function pick(tool: Tool, fields: readonly string[]): Partial<Tool> {
  return Object.fromEntries(fields.map((f) => [f, tool[f as keyof Tool]])) as Partial<Tool>;
}

/** RFC 8594: when a tool's service ends (the end of its last day), and what replaces it (RFC 8288 successor-version). */
function sunsetHeaders(tool: Tool): Record<string, string> {
  const headers: Record<string, string> = { Sunset: new Date(`${tool.sunset_at}T23:59:59Z`).toUTCString() };
  if (tool.successor) headers.Link = `<${API_BASE}/tools/${tool.successor}>; rel="successor-version"`;
  return headers;
}

/** 301 to the same path without its trailing slash, query kept (API.md). */
function withoutTrailingSlash(bare: string, query: string): HttpError {
  return new HttpError(301, 'MOVED_PERMANENTLY', `Paths have no trailing slash: use ${clip(bare)}.`, { Location: `${bare}${query ? `?${query}` : ''}` });
}

function decodePath(raw: string): string | undefined {
  try { return decodeURIComponent(raw); } catch { return undefined; }
}

function notFoundPath(path: string): HttpError {
  return new HttpError(404, 'NOT_FOUND', `No such endpoint '${clip(path)}'. Endpoints: ${API_BASE}/tools, ${API_BASE}/tools/{slug}, ${API_BASE}/categories, ${API_BASE}/categories/{slug}, ${API_BASE}/search, ${API_BASE}/usage.`);
}
