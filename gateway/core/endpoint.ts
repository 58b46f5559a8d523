// What a list endpoint is to the REST routes and the MCP tools alike: it reads its parameters into
// a request, may name the page the build prebuilt for that request, and answers a Page. The
// helpers its list endpoints share sit here too.
import { DEFAULT_PER_PAGE, toolsKey, type ToolQuery } from '../../snapshot/lists.ts';
import type { BoundedCache } from './bounded-cache.ts';
import type { Page } from './pages.ts';
import type { RawParams } from './params.ts';
import type { SnapshotView } from './snapshot-view.ts';

/** What the endpoints answer from. */
export interface EndpointContext {
  snapshot: SnapshotView;
  /** The gateway's one cache: filter selections, alternatives and the search engine's words. */
  cache: BoundedCache;
  log: (line: string) => void;
}

/** A list request: its checked query, and its parameters in canonical order when they decide the page (see Page.decidedBy). */
export interface ListRequest<Q> { q: Q; decidedBy?: string }

export interface ListEndpoint<R> {
  /** The parameters it takes, in the table's order. */
  names: readonly string[];
  /** The request its parameters make (a 400 for values or combinations it refuses). */
  parse(params: RawParams): R;
  /** The manifest key of the page the build may have written for this request, and its paging. */
  prebuilt?(request: R): { key: string; page: number; perPage: number } | undefined;
  page(request: R): Promise<Page>;
}

/** A request's parameters in one canonical order: with the snapshot, they decide its answer. */
export const paramsKey = (params: RawParams) => [...params].map(([k, v]) => `${k}=${v}`).sort().join('&');

/** Selections are arrays of small integers: about 8 bytes an element as V8 holds them. */
export const selectionBytes = (selected: readonly unknown[]) => 8 * selected.length + 32;

/** A list's query without its facet filters. */
export const UNFACETED = { category: undefined, pricing: undefined, platform: undefined, open_source: undefined };

/** The key of a list's selection: its filters and order, whatever its page, size, fields or facets. */
export const filterKey = (q: ToolQuery) => toolsKey({ ...q, page: 1, per_page: DEFAULT_PER_PAGE, fields: undefined, facets: undefined });
