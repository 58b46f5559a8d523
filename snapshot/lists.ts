// List pages, computed one way for both sides: the build prebuilds the common pages with these
// functions and the gateway computes every other combination with the same ones, so a computed
// page is byte-for-byte what the build would have written.
import type { z } from 'zod';
import { API_BASE, type QueryOf } from './contract.ts';
import type { FacetCounts } from './facets.ts';
import { membersJson, type WithJson } from './json-text.ts';
import type { pageMetaSchema } from './schema.ts';
import { resolveSlug, slugTables } from './slugs.ts';
import type { Category, SnapshotData, Tool } from './types.ts';

export const DEFAULT_PER_PAGE = 20;

export type ToolQuery = QueryOf<'tools'>;
export type CategoryQuery = QueryOf<'categories'>;

/** Indices into data.tools that match the query, in the query's order. A list of values matches any of them. */
export function selectTools(data: SnapshotData, q: Omit<ToolQuery, 'page' | 'per_page'>): number[] {
  const order = q.slugs !== undefined ? selectBySlugs(data, q.slugs).indices
    : q.sort === 'newest' ? data.tools_by_newest : q.sort === 'updated' ? byUpdated(data) : data.tools.map((_, i) => i);
  const tests: ((t: Tool) => boolean)[] = [];
  if (q.category !== undefined) { const c = new Set(q.category); tests.push((t) => t.categories.some((x) => c.has(x.slug))); }
  if (q.pricing !== undefined) { const p = new Set<string>(q.pricing); tests.push((t) => p.has(t.pricing)); }
  if (q.platform !== undefined) { const p = new Set(q.platform); tests.push((t) => t.platforms.some((x) => p.has(x))); }
  if (q.open_source !== undefined) { const o = q.open_source; tests.push((t) => t.open_source === o); }
  if (q.website !== undefined) { const h = q.website; tests.push((t) => hostOf(t.url) === h); }
  if (q.updated_since !== undefined) { const d = q.updated_since; tests.push((t) => t.updated_at >= d); }
  if (tests.length === 0) return order;
  return order.filter((i) => tests.every((test) => test(data.tools[i]!)));
}

/** Indices into data.tools by updated_at descending, ties by slug (made once per snapshot). */
const updatedOrders = new WeakMap<SnapshotData, number[]>();
function byUpdated(data: SnapshotData): number[] {
  let order = updatedOrders.get(data);
  if (order === undefined) {
    const t = data.tools;
    order = t.map((_, i) => i).sort((a, b) => t[b]!.updated_at.localeCompare(t[a]!.updated_at) || (t[a]!.slug < t[b]!.slug ? -1 : 1));
    updatedOrders.set(data, order);
  }
  return order;
}

/**
 * The host a website is compared by: lowercase, without scheme, www., port, path or query
 * ("https://www.Cursor.com/pricing" and "cursor.com" are both "cursor.com"); undefined when there is none.
 */
export function hostOf(website: string): string | undefined {
  const host = website.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^[^@/?#]*@/, '').split(/[/?#:]/)[0]!.replace(/^www\./, '').replace(/\.$/, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : undefined;
}

/** Indices into data.categories that match the query, in the query's order. */
export function selectCategories(data: SnapshotData, q: Omit<CategoryQuery, 'page' | 'per_page'>): number[] {
  const order = q.sort === 'tool_count' ? data.categories_by_tool_count : data.categories.map((_, i) => i);
  if (q.group === undefined) return order;
  const g = q.group;
  return order.filter((i) => (data.categories[i] as Category).group === g);
}

export type PageMeta = z.infer<typeof pageMetaSchema>;
/** meta as the gateway makes it: facet counts beside their JSON text (json-text.ts), the rest as PageMeta. */
export type ComputedMeta = Omit<PageMeta, 'facets'> & { facets?: WithJson<FacetCounts> };

export function pageMeta(total: number, page: number, perPage: number): ComputedMeta {
  return { page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) };
}

/**
 * Items serialized once, as UTF-8 in one buffer: item i is bytes[starts[i], starts[i + 1]). A page
 * is then a copy of its items' bytes, with nothing encoded or escaped per request.
 */
export interface EncodedItems { bytes: Uint8Array; starts: Uint32Array }

const encoder = new TextEncoder();

export function encodeItems(items: readonly unknown[]): EncodedItems {
  const parts = items.map((item) => encoder.encode(JSON.stringify(item)));
  const starts = new Uint32Array(parts.length + 1);
  for (let i = 0; i < parts.length; i++) starts[i + 1] = starts[i]! + parts[i]!.byteLength;
  const bytes = new Uint8Array(starts[parts.length]!);
  parts.forEach((part, i) => bytes.set(part, starts[i]!));
  return { bytes, starts };
}

/**
 * `{"data":[...],"meta":...}` of the items at `indices`, byte-for-byte JSON.stringify({data, meta}).
 * `members[k]`, when given, is added to item k's object before its closing brace (`"score":12.5`,
 * and a search's highlights, which hold any text a tool has).
 */
export function renderPage(items: EncodedItems, indices: readonly number[], meta: ComputedMeta, members?: readonly string[]): Uint8Array {
  const { bytes, starts } = items;
  const head = '{"data":[';
  const tail = `],"meta":${membersJson(meta)}}`; // not_found may hold any text the client sent
  // Texts are encoded straight into the page, with room for 3 bytes per UTF-16 unit (the most
  // UTF-8 takes), then cut to size: TextEncoder.encode costs about 1 us a call on Node 20 (20
  // members 21.6 us, encodeInto 1.5 us).
  let size = head.length + 3 * tail.length + Math.max(0, indices.length - 1);
  for (let k = 0; k < indices.length; k++) size += starts[indices[k]! + 1]! - starts[indices[k]!]! + (members ? 3 * members[k]!.length + 1 : 0);
  const out = new Uint8Array(size);
  let at = ascii(out, 0, head);
  const text = (t: string) => { at += encoder.encodeInto(t, out.subarray(at)).written; };
  for (let k = 0; k < indices.length; k++) {
    if (k > 0) out[at++] = 0x2c; // ,
    const start = starts[indices[k]!]!;
    const end = starts[indices[k]! + 1]!;
    if (members === undefined) {
      out.set(bytes.subarray(start, end), at);
      at += end - start;
    } else {
      out.set(bytes.subarray(start, end - 1), at); // without the closing brace
      at += end - 1 - start;
      out[at++] = 0x2c;
      text(members[k]!);
      out[at++] = 0x7d; // }
    }
  }
  text(tail);
  return at === size ? out : out.slice(0, at);
}

/**
 * The tools a list of slugs names, in the order given (a repeat counted once): a former slug
 * names the current tool; retired and unknown slugs are set aside for meta.
 */
export function selectBySlugs(data: SnapshotData, slugs: readonly string[]): { indices: number[]; retired: string[]; not_found: string[] } {
  const table = slugTables(data).tools;
  const seen = new Set<number>();
  const out = { indices: [] as number[], retired: [] as string[], not_found: [] as string[] };
  for (const slug of new Set(slugs)) {
    const found = resolveSlug(table, slug);
    if (found.kind === 'current' || found.kind === 'moved') { if (!seen.has(found.index)) out.indices.push(found.index); seen.add(found.index); }
    else if (found.kind === 'retired') out.retired.push(slug);
    else out.not_found.push(slug);
  }
  return out;
}

function ascii(out: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
  return at;
}

/** Which of the `selected` items page `page` holds, and its meta. */
export function listPage(selected: readonly number[], page: number, perPage: number): { indices: number[]; meta: ComputedMeta } {
  const start = (page - 1) * perPage;
  return { indices: selected.slice(start, start + perPage), meta: pageMeta(selected.length, page, perPage) };
}

/** One page of a list: the items of `selected` on page `page`. */
export function renderListPage(items: EncodedItems, selected: readonly number[], page: number, perPage: number): Uint8Array {
  const { indices, meta } = listPage(selected, page, perPage);
  return renderPage(items, indices, meta);
}

/** A single item's body, `{"data":...}`. */
export function renderItem(items: EncodedItems, i: number): Uint8Array {
  const { bytes, starts } = items;
  const head = '{"data":';
  const out = new Uint8Array(head.length + starts[i + 1]! - starts[i]! + 1);
  out.set(bytes.subarray(starts[i]!, starts[i + 1]!), ascii(out, 0, head));
  out[out.length - 1] = 0x7d; // }
  return out;
}

/**
 * The strong ETag of a computed page, without reading its bytes: the snapshot id names every
 * item's bytes, and `what` (the kind of items, their indices, the meta and any added members)
 * names the page's layout of them, so equal tags mean equal bodies (short of a 64-bit collision).
 * Two FNV-style lanes of 32 bits, each written in 7 base-36 digits so no two pairs read alike.
 */
export function pageTag(snapshot: string, what: string): string {
  const text = `${snapshot}\0${what}`;
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return `"${(a >>> 0).toString(36).padStart(7, '0')}${(b >>> 0).toString(36).padStart(7, '0')}"`;
}

/**
 * The canonical key of a list request: the path plus the non-default parameters in the
 * endpoint's table order. Two requests with the same key have the same body.
 */
export function toolsKey(q: ToolQuery): string {
  return withQuery(`${API_BASE}/tools`, [
    ['category', listValue(q.category)],
    ['pricing', listValue(q.pricing)],
    ['platform', listValue(q.platform)],
    ['open_source', q.open_source === undefined ? undefined : String(q.open_source)],
    ['website', q.website],
    ['updated_since', q.updated_since],
    ['slugs', q.slugs?.join(',')],
    ['fields', q.fields?.join(',')],
    ['facets', listValue(q.facets)],
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

/** Several values as one canonical text: sorted and without repeats, since their order means nothing. */
const listValue = (values: readonly string[] | undefined) => (values === undefined ? undefined : [...new Set(values)].sort().join(','));

function withQuery(path: string, params: [string, string | undefined][]): string {
  const parts = params.filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${v}`);
  return parts.length ? `${path}?${parts.join('&')}` : path;
}
