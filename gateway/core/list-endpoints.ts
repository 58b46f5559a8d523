// GET /api/v1/tools and /api/v1/categories: a filter's selection, remembered, paged. similar_to
// is a list of its own (similar-endpoint.ts).
import { categoriesKey, DEFAULT_PER_PAGE, listPage, selectBySlugs, selectCategories, selectTools, toolsKey, type CategoryQuery, type ComputedMeta, type ToolQuery } from '../../snapshot/lists.ts';
import { facetIndex, type FacetCounts } from '../../snapshot/facets.ts';
import type { WithJson } from '../../snapshot/json-text.ts';
import { remembered } from './bounded-cache.ts';
import { filterKey, paramsKey, selectionBytes, UNFACETED, type EndpointContext, type ListEndpoint, type ListRequest } from './endpoint.ts';
import type { Page } from './pages.ts';
import { categoriesQuery, CATEGORIES_PARAMS, ParamError, toolsQuery, TOOLS_PARAMS, type RawParams } from './params.ts';
import { similarPage, SIMILAR_PER_PAGE } from './similar-endpoint.ts';

type ToolsRequest = ListRequest<ToolQuery>;

export function toolsEndpoint(context: EndpointContext): ListEndpoint<ToolsRequest> {
  return {
    names: TOOLS_PARAMS,
    parse: (params) => toolsRequest(params, context),
    prebuilt: ({ q }) => (q.similar_to === undefined ? { key: toolsKey(q), page: q.page, perPage: q.per_page } : undefined),
    page: (request) => (request.q.similar_to === undefined ? toolsPage(context, request) : similarPage(context, request)),
  };
}

export function categoriesEndpoint(context: EndpointContext): ListEndpoint<CategoryQuery> {
  return {
    names: CATEGORIES_PARAMS,
    parse: (params) => categoriesQuery(params, context.snapshot),
    prebuilt: (q) => ({ key: categoriesKey(q), page: q.page, perPage: q.per_page }),
    page: (q) => listed(context, { kind: 'categories', filter: categoriesKey({ ...q, page: 1, per_page: DEFAULT_PER_PAGE }), select: () => selectCategories(context.snapshot.data, q), page: q.page, perPage: q.per_page }),
  };
}

/** The tools query; sort, slugs and similar_to each order the tools, so they go alone. */
function toolsRequest(params: RawParams, { snapshot }: EndpointContext): ToolsRequest {
  const q = toolsQuery(params, snapshot);
  if (q.similar_to !== undefined) {
    if (params.has('sort')) throw new ParamError("Parameter 'sort' cannot be combined with 'similar_to': the tools come most alike first; leave sort out.");
    if (params.has('slugs')) throw new ParamError("Parameter 'slugs' cannot be combined with 'similar_to'; send one or the other.");
  } else if (q.slugs !== undefined && params.has('sort')) {
    throw new ParamError("Parameter 'sort' cannot be combined with 'slugs': the tools come in the order the slugs are given; leave sort out.");
  }
  const sized = q.similar_to !== undefined && !params.has('per_page') ? { ...q, per_page: SIMILAR_PER_PAGE } : q;
  return { q: sized, decidedBy: q.facets && paramsKey(params) };
}

/** A tools list; meta says which slugs named no current tool, and which retired tools changed since updated_since. */
async function toolsPage(context: EndpointContext, { q, decidedBy }: ToolsRequest): Promise<Page> {
  const { data } = context.snapshot;
  let extra: Partial<ComputedMeta> | undefined;
  if (q.slugs !== undefined) {
    const { retired, not_found } = selectBySlugs(data, q.slugs);
    extra = { not_found, retired };
  } else if (q.updated_since !== undefined) {
    const since = q.updated_since;
    extra = { retired: data.retired.filter((r) => r.retired_at >= since).map((r) => r.slug) };
  }
  if (q.facets !== undefined) extra = { ...extra, facets: await listFacets(context, q) };
  return listed(context, { kind: 'tools', filter: filterKey(q), select: () => selectTools(data, q), page: q.page, perPage: q.per_page, extra, fields: q.fields, decidedBy });
}

/**
 * A list's facet counts: over the tools its other filters select (all of them, the usual case,
 * or those of website, updated_since, slugs), each facet without its own filter.
 */
async function listFacets({ snapshot: { data }, cache }: EndpointContext, q: ToolQuery): Promise<WithJson<FacetCounts>> {
  const unfaceted = { ...q, ...UNFACETED };
  const candidates = unfaceted.website === undefined && unfaceted.updated_since === undefined && unfaceted.slugs === undefined
    ? 'all'
    : await remembered(cache, `selection\0${filterKey(unfaceted)}`, () => selectTools(data, unfaceted), selectionBytes);
  return facetIndex(data).count(candidates, q, q.facets!);
}

/** A list as `listed` pages it: the filter that names its selection, and how to select it. */
interface ListQuery {
  kind: 'tools' | 'categories';
  filter: string;
  select: () => number[];
  page: number;
  perPage: number;
  extra?: Partial<ComputedMeta>;
  fields?: string[];
  decidedBy?: string;
}

/**
 * One page of a list. A filter's selection serves all its pages and page sizes (browsing the
 * pages of one filter is common); the page itself is remembered once, with the answer to its URL
 * (gateway.ts).
 */
async function listed({ cache }: EndpointContext, list: ListQuery): Promise<Page> {
  const selected = await remembered(cache, `selection\0${list.filter}`, list.select, selectionBytes);
  const { indices, meta } = listPage(selected, list.page, list.perPage);
  return { kind: list.kind, indices, meta: { ...meta, ...list.extra }, fields: list.fields, decidedBy: list.decidedBy };
}
