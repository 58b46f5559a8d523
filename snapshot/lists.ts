// List pages, computed one way for both sides: the build prebuilds the common pages with these
// functions and the gateway computes every other combination with the same ones, so a computed
// page is byte-for-byte what the build would have written.
import type { Category, SnapshotData, Tool } from './types.ts';

export const API_BASE = '/api/v1';
export const DEFAULT_PER_PAGE = 20;

export interface ToolQuery {
  page: number;
  per_page: number;
  category?: string;
  pricing?: string;
  platform?: string;
  open_source?: boolean;
  sort: 'name' | 'newest';
}

export interface CategoryQuery {
  page: number;
  per_page: number;
  group?: string;
  sort: 'name' | 'tool_count';
}

/** Indices into data.tools that match the query, in the query's order. */
export function selectTools(data: SnapshotData, q: Omit<ToolQuery, 'page' | 'per_page'>): number[] {
  const order = q.sort === 'newest' ? data.tools_by_newest : data.tools.map((_, i) => i);
  const tests: ((t: Tool) => boolean)[] = [];
  if (q.category !== undefined) { const c = q.category; tests.push((t) => t.categories.some((x) => x.slug === c)); }
  if (q.pricing !== undefined) { const p = q.pricing; tests.push((t) => t.pricing === p); }
  if (q.platform !== undefined) { const p = q.platform; tests.push((t) => (t.platforms as readonly string[]).includes(p)); }
  if (q.open_source !== undefined) { const o = q.open_source; tests.push((t) => t.open_source === o); }
  if (tests.length === 0) return order;
  return order.filter((i) => tests.every((test) => test(data.tools[i]!)));
}

/** Indices into data.categories that match the query, in the query's order. */
export function selectCategories(data: SnapshotData, q: Omit<CategoryQuery, 'page' | 'per_page'>): number[] {
  const order = q.sort === 'tool_count' ? data.categories_by_tool_count : data.categories.map((_, i) => i);
  if (q.group === undefined) return order;
  const g = q.group;
  return order.filter((i) => (data.categories[i] as Category).group === g);
}

export interface PageMeta { page: number; per_page: number; total: number; total_pages: number }

export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  return { page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) };
}

/**
 * The body of one list page. `itemJson[i]` is the serialized item i; serializing once and
 * joining strings gives exactly JSON.stringify({data, meta}).
 */
export function renderListPage(itemJson: readonly string[], selected: readonly number[], page: number, perPage: number): string {
  const start = (page - 1) * perPage;
  const items: string[] = [];
  for (let k = start; k < start + perPage && k < selected.length; k++) items.push(itemJson[selected[k]!]!);
  return `{"data":[${items.join(',')}],"meta":${JSON.stringify(pageMeta(selected.length, page, perPage))}}`;
}

export function renderItem(itemJson: string): string {
  return `{"data":${itemJson}}`;
}

/**
 * The canonical key of a list request: the path plus the non-default parameters in the
 * endpoint's table order. Two requests with the same key have the same body.
 */
export function toolsKey(q: ToolQuery): string {
  return withQuery(`${API_BASE}/tools`, [
    ['category', q.category],
    ['pricing', q.pricing],
    ['platform', q.platform],
    ['open_source', q.open_source === undefined ? undefined : String(q.open_source)],
    ['sort', q.sort === 'name' ? undefined : q.sort],
    ['per_page', q.per_page === DEFAULT_PER_PAGE ? undefined : String(q.per_page)],
    ['page', q.page === 1 ? undefined : String(q.page)],
  ]);
}

export function categoriesKey(q: CategoryQuery): string {
  return withQuery(`${API_BASE}/categories`, [
    ['group', q.group],
    ['sort', q.sort === 'name' ? undefined : q.sort],
    ['per_page', q.per_page === DEFAULT_PER_PAGE ? undefined : String(q.per_page)],
    ['page', q.page === 1 ? undefined : String(q.page)],
  ]);
}

export const toolKey = (slug: string) => `${API_BASE}/tools/${slug}`;
export const categoryKey = (slug: string) => `${API_BASE}/categories/${slug}`;

function withQuery(path: string, params: [string, string | undefined][]): string {
  const parts = params.filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${v}`);
  return parts.length ? `${path}?${parts.join('&')}` : path;
}
