// The endpoints under /api/v1: a path is routed to one of them, its parameters are parsed by the
// API.md rules, and the answer is a prebuilt body (by manifest key) or a page rendered from the
// endpoint's Page. The MCP tools ask the same endpoints for their Pages (`page`), so both answer alike.
import { API_BASE } from '../../snapshot/contract.ts';
import { bodyBytes } from './bounded-cache.ts';
import type { EndpointContext, ListEndpoint } from './endpoint.ts';
import { itemAnswer } from './item-endpoint.ts';
import { categoriesEndpoint, toolsEndpoint } from './list-endpoints.ts';
import { pageAnswer, type Page, type PagedAnswer } from './pages.ts';
import { parseQuery, TOOL_PARAMS, type RawParams } from './params.ts';
import { clip, HttpError, linkHeader, withAbsoluteUrls, type Answer } from './responses.ts';
import { searchEndpoint } from './search-endpoint.ts';
import type { SnapshotView } from './snapshot-view.ts';

/** The list endpoints by path. */
export type ListName = 'tools' | 'categories' | 'search';

export interface Routes {
  /** The answer to `path` under /api/v1 with its raw query string (no '?'); Link URLs start with `origin`. */
  route(path: string, query: string, origin: string): Promise<Answer>;
  /** A list endpoint's Page for these parameters (MCP reads it as objects: pageJson); a 4xx is thrown as HttpError. */
  page(list: ListName, params: RawParams): Promise<Page>;
}

export function createRoutes(context: EndpointContext): Routes {
  const lists: Record<ListName, ListEndpoint<unknown>> = { tools: toolsEndpoint(context), categories: categoriesEndpoint(context), search: searchEndpoint(context) };
  return {
    route: (path, query, origin) => route(context.snapshot, lists, path, query, origin),
    page: (list, params) => lists[list].page(lists[list].parse(params)),
  };
}

/** The answer to a path, its Location and Link headers absolute at `origin` (errors' too). */
async function route(view: SnapshotView, lists: Record<ListName, ListEndpoint<unknown>>, path: string, query: string, origin: string): Promise<Answer> {
  try {
    const answer = await routed(view, lists, path, query, origin);
    return answer.headers ? { ...answer, headers: withAbsoluteUrls(answer.headers, origin) } : answer;
  } catch (e) {
    if (e instanceof HttpError) throw new HttpError(e.status, e.code, e.message, withAbsoluteUrls(e.headers, origin), e.extra);
    throw e;
  }
}

async function routed(view: SnapshotView, lists: Record<ListName, ListEndpoint<unknown>>, path: string, query: string, origin: string): Promise<Answer> {
  const bare = path.replace(/\/+$/, '');
  const [resource, rawSlug, extra] = bare.slice(API_BASE.length + 1).split('/');
  const known = extra === undefined && (resource === 'tools' || resource === 'categories' || (resource === 'search' && rawSlug === undefined));
  if (!known) throw notFoundPath(path);
  if (bare !== path) throw withoutTrailingSlash(bare, query);
  if (rawSlug !== undefined) {
    const slug = decodePath(rawSlug);
    if (slug === undefined) throw notFoundPath(path);
    const item = resource as 'tools' | 'categories';
    return itemAnswer(view, item, slug, () => parseQuery(query, item === 'tools' ? TOOL_PARAMS : [], `${API_BASE}/${item}/{slug}`));
  }
  const endpoint = lists[resource as ListName];
  const request = endpoint.parse(parseQuery(query, endpoint.names, `${API_BASE}/${resource}`));
  const answer = prebuiltPage(view, endpoint.prebuilt?.(request)) ?? pageAnswer(view, await endpoint.page(request));
  return { ...answer, link: linkHeader(origin, path, query, answer.page, answer.totalPages) };
}

/** The page the build wrote for a request, when it wrote one. */
function prebuiltPage(view: SnapshotView, named: { key: string; page: number; perPage: number } | undefined): PagedAnswer | undefined {
  const entry = named && view.manifest.bodies[named.key];
  if (!entry) return undefined;
  return { status: 200, body: null, etag: entry.etag, prebuilt: named.key, page: named.page, totalPages: Math.ceil((entry.total ?? 0) / named.perPage) };
}

/** The weight of a remembered answer. */
export const answerBytes = (answer: Answer) => bodyBytes(answer.body) + (answer.link?.length ?? 0) * 2 + 128;

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
