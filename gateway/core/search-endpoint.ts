// GET /api/v1/search: the tools a query finds, best first, each with its score (and highlights
// when asked), over the engine made from the snapshot's index on the first search.
import type { FacetName } from '../../snapshot/contract.ts';
import { facetIndex, type FacetCounts } from '../../snapshot/facets.ts';
import type { WithJson } from '../../snapshot/json-text.ts';
import { pageMeta } from '../../snapshot/lists.ts';
import { createSearchEngine, type SearchEngine, type SearchFilter } from '../../snapshot/search/index.ts';
import { keptUntilRejected } from './kept-promise.ts';
import { paramsKey, type EndpointContext, type ListEndpoint, type ListRequest } from './endpoint.ts';
import { SEARCH_PARAMS, searchQuery, type SearchQuery } from './params.ts';
import { HttpError } from './responses.ts';

export function searchEndpoint(context: EndpointContext): ListEndpoint<ListRequest<SearchQuery>> {
  const engine = searchEngine(context);
  return {
    names: SEARCH_PARAMS,
    parse: (params) => {
      const q = searchQuery(params, context.snapshot);
      return { q, decidedBy: q.facets || q.highlight ? paramsKey(params) : undefined };
    },
    page: async ({ q, decidedBy }) => {
      const found = await engine();
      const { total, hits, interpreted, matched, words } = found.page(q.q, q, (q.page - 1) * q.limit, q.limit, { matches: q.facets !== undefined, words: q.highlight === true });
      const indices = hits.map((h) => h.index);
      const highlights = words && found.highlights(words, indices);
      const meta = { ...pageMeta(total, q.page, q.limit), ...(interpreted && { interpreted }), ...(matched && { facets: searchFacets(context, matched, q.facets!) }) };
      return { kind: 'search', indices, meta, fields: q.fields, added: { score: hits.map((h) => h.score), ...(highlights && { highlights }) }, decidedBy };
    },
  };
}

/** A search's facet counts: over every tool the query matched, each facet without its own filter (a constraint word read from the query is one). */
function searchFacets({ snapshot }: EndpointContext, matched: { docs: ArrayLike<number>; filter: SearchFilter }, names: FacetName[]): WithJson<FacetCounts> {
  return facetIndex(snapshot.data).count(matched.docs, matched.filter, names);
}

/** The engine, made on the first search and kept; 503 while its index cannot be loaded (the next search tries again). */
function searchEngine({ snapshot, cache, log }: EndpointContext): () => Promise<SearchEngine> {
  const engine = keptUntilRejected(() => snapshot.searchIndex().then((index) => createSearchEngine(snapshot.data, index, { recall: cache })));
  return () => engine().catch((e: unknown) => {
    log(`search index unavailable: ${(e as Error).message}`);
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'Search is temporarily unavailable (its index could not be loaded); retry after the number of seconds in Retry-After.', { 'Retry-After': '5' });
  });
}
