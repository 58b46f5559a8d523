// Query-string rules of API.md: unknown parameter, then repeated parameter, then each value in
// the order of the endpoint's table row. One problem per 400, and the message names the
// parameter and what it accepts.
import type { CategoryQuery, ToolQuery } from '../../snapshot/lists.ts';
import type { SnapshotView } from './snapshot-view.ts';

export class ParamError extends Error {
  constructor(message: string, readonly code: 'INVALID_PARAMETER' | 'UNKNOWN_PARAMETER' = 'INVALID_PARAMETER') {
    super(message);
  }
}

export type RawParams = Map<string, string>;

const DIGITS = /^(0|[1-9][0-9]*)$/;

/**
 * Splits a raw query string (without '?') into decoded name/value pairs. Empty `&&` segments are
 * ignored; `?page` without `=` is an empty value.
 */
export function parseQuery(search: string, accepted: readonly string[], endpoint: string): RawParams {
  const pairs: [string, string][] = [];
  for (const segment of search.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    const rawName = eq < 0 ? segment : segment.slice(0, eq);
    const rawValue = eq < 0 ? '' : segment.slice(eq + 1);
    pairs.push([decode(rawName, rawName), rawValue]);
  }
  for (const [name] of pairs) {
    if (!accepted.includes(name)) {
      const what = accepted.length > 0 ? `accepted parameters: ${accepted.join(', ')}` : 'it takes no parameters';
      throw new ParamError(`Unknown parameter '${printable(name)}' for ${endpoint}; ${what}.`, 'UNKNOWN_PARAMETER');
    }
  }
  const seen = new Set<string>();
  for (const [name] of pairs) {
    if (seen.has(name)) throw new ParamError(`Parameter '${name}' was sent more than once; send it once.`);
    seen.add(name);
  }
  // Values are decoded in the endpoint's parameter order, so the first bad one reported is the first in the table.
  const out: RawParams = new Map();
  for (const name of accepted) {
    const pair = pairs.find(([n]) => n === name);
    if (pair) out.set(name, decode(pair[1], name));
  }
  return out;
}

function decode(raw: string, name: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw new ParamError(`Parameter '${printable(name)}' is not valid percent-encoding; encode reserved characters as %XX UTF-8 bytes.`);
  }
}

function printable(s: string): string {
  const clipped = [...s].slice(0, 40).join('');
  return JSON.stringify(clipped).slice(1, -1) + (clipped.length < s.length ? '...' : '');
}

function int(params: RawParams, name: string, min: number, max: number, fallback: number): number {
  const value = params.get(name);
  if (value === undefined) return fallback;
  if (DIGITS.test(value)) {
    const n = Number(value);
    if (n >= min && n <= max) return n;
  }
  throw new ParamError(`Invalid value for '${name}': expected an integer from ${min} to ${max} written as plain digits (e.g. ${fallback}); got '${printable(value)}'.`);
}

function oneOf<T extends string>(params: RawParams, name: string, allowed: readonly T[] | Set<string>, hint?: string): T | undefined {
  const value = params.get(name);
  if (value === undefined) return undefined;
  const list = [...allowed];
  if (list.includes(value)) return value as T;
  throw new ParamError(`Invalid value for '${name}': '${printable(value)}' is not one of ${hint ?? list.join(', ')}.`);
}

function category(params: RawParams, view: SnapshotView): string | undefined {
  const value = params.get('category');
  if (value === undefined || view.categoryBySlug.has(value)) return value;
  throw new ParamError(`Invalid value for 'category': no category has the slug '${printable(value)}'; send a slug from GET /api/v1/categories (e.g. 'text-to-speech').`);
}

export const TOOLS_PARAMS = ['page', 'per_page', 'category', 'pricing', 'platform', 'open_source', 'sort'] as const;
export const CATEGORIES_PARAMS = ['page', 'per_page', 'group', 'sort'] as const;
export const SEARCH_PARAMS = ['q', 'limit', 'page', 'category', 'pricing'] as const;

export function toolsQuery(params: RawParams, view: SnapshotView): ToolQuery {
  const page = int(params, 'page', 1, 1_000_000, 1);
  const per_page = int(params, 'per_page', 1, 100, 20);
  const cat = category(params, view);
  const pricing = oneOf(params, 'pricing', view.pricing);
  const platform = oneOf(params, 'platform', view.platforms);
  const open = oneOf(params, 'open_source', ['true', 'false']);
  const sort = oneOf<'name' | 'newest'>(params, 'sort', ['name', 'newest']) ?? 'name';
  return {
    page, per_page, sort,
    ...(cat !== undefined && { category: cat }),
    ...(pricing !== undefined && { pricing }),
    ...(platform !== undefined && { platform }),
    ...(open !== undefined && { open_source: open === 'true' }),
  };
}

export function categoriesQuery(params: RawParams, view: SnapshotView): CategoryQuery {
  const page = int(params, 'page', 1, 1_000_000, 1);
  const per_page = int(params, 'per_page', 1, 100, 20);
  const group = oneOf(params, 'group', view.groups, `the groups ${[...view.groups].join(', ')}`);
  const sort = oneOf<'name' | 'tool_count'>(params, 'sort', ['name', 'tool_count']) ?? 'name';
  return { page, per_page, sort, ...(group !== undefined && { group }) };
}

export interface SearchQuery { q: string; limit: number; page: number; category?: string; pricing?: string }

export function searchQuery(params: RawParams, view: SnapshotView): SearchQuery {
  const raw = params.get('q');
  if (raw === undefined) throw new ParamError("Missing required parameter 'q': send the search text, 1 to 200 characters (e.g. ?q=text+to+speech).");
  const q = raw.trim();
  const length = [...q].length;
  if (length < 1 || length > 200) {
    throw new ParamError(`Invalid value for 'q': expected 1 to 200 characters after trimming whitespace; got ${length}.`);
  }
  const limit = int(params, 'limit', 1, 50, 10);
  const page = int(params, 'page', 1, 1_000_000, 1);
  const cat = category(params, view);
  const pricing = oneOf(params, 'pricing', view.pricing);
  return { q, limit, page, ...(cat !== undefined && { category: cat }), ...(pricing !== undefined && { pricing }) };
}
