// GET /api/v1/tools?similar_to=: the tools most like one, best first, each with its similarity,
// filtered by the other parameters. The slug answers as the item path would: a former slug names
// the current tool, a retired one is 410, an unknown one 404 with did_you_mean.
import { listPage, selectTools, type ToolQuery } from '../../snapshot/lists.ts';
import { facetIndex, type FacetCounts } from '../../snapshot/facets.ts';
import type { WithJson } from '../../snapshot/json-text.ts';
import { similarTools, type Similar } from '../../snapshot/similar.ts';
import type { SnapshotData } from '../../snapshot/types.ts';
import { remembered } from './bounded-cache.ts';
import { UNFACETED, type EndpointContext, type ListRequest } from './endpoint.ts';
import type { Page } from './pages.ts';
import { HttpError } from './responses.ts';
import { currentItem } from './slugs.ts';

/** API.md: with similar_to, a page holds 10 tools unless per_page says otherwise. */
export const SIMILAR_PER_PAGE = 10;

export async function similarPage({ snapshot, cache }: EndpointContext, { q, decidedBy }: ListRequest<ToolQuery>): Promise<Page> {
  const target = currentItem(snapshot, 'tools', q.similar_to!);
  if (target instanceof HttpError) throw target;
  const { data } = snapshot;
  const ranked = await remembered(cache, `similar\0${target.index}`, () => similarTools(data, target.index), (s) => 16 * s.length + 32);
  const allowed = new Set(selectTools(data, { ...q, similar_to: undefined, sort: 'name' }));
  const selected = ranked.filter((s) => allowed.has(s.index));
  const { indices, meta } = listPage(selected.map((s) => s.index), q.page, q.per_page);
  const start = (q.page - 1) * q.per_page;
  return {
    kind: 'similar',
    indices,
    meta: q.facets === undefined ? meta : { ...meta, facets: similarFacets(snapshot.data, q, ranked) },
    fields: q.fields,
    added: { similarity: indices.map((_, k) => selected[start + k]!.similarity) },
    decidedBy,
  };
}

/** similar_to's facet counts: over the tools like it that its other filters (website, updated_since) let through. */
function similarFacets(data: SnapshotData, q: ToolQuery, ranked: readonly Similar[]): WithJson<FacetCounts> {
  const others = new Set(selectTools(data, { ...q, ...UNFACETED, similar_to: undefined, sort: 'name' }));
  return facetIndex(data).count(ranked.filter((s) => others.has(s.index)).map((s) => s.index), q, q.facets!);
}
