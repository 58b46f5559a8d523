// The one search index configuration, imported by the build (which fills and exports the index)
// and by the gateway (which imports it): flexsearch 0.8 does not export its config, so both sides
// must construct the index from this module or the imported index answers differently.
import { Charset, Document } from 'flexsearch';
import type { Tool } from './types.ts';

/** Fields searched, strongest first; the ranking weights live in search/ranking.ts. */
export const SEARCH_FIELDS = ['name', 'compact', 'fuzzy', 'tags', 'categories', 'maker', 'tagline', 'description'] as const;
export type SearchField = typeof SEARCH_FIELDS[number];

export interface SearchDocument {
  id: number;
  name: string;
  tags: string;
  categories: string;
  maker: string;
  tagline: string;
  description: string;
}

/** Lowercase, strip diacritics: "Crème" -> "creme". */
export function fold(s: string): string {
  // ASCII has nothing to decompose or strip: most text takes the short way.
  if (ASCII.test(s)) return s.toLowerCase();
  return s.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}
const ASCII = /^[\x00-\x7f]*$/;

/** A name with every non-alphanumeric removed: "DALL-E", "dall e" and "dalle" all become "dalle". */
export function compact(s: string): string {
  return fold(s).replace(/[^\p{L}\p{N}]+/gu, '');
}

export function searchDocument(tool: Tool, id: number): SearchDocument {
  return {
    id,
    name: tool.name,
    tags: tool.tags.join(' ').replace(/-/g, ' '),
    categories: tool.categories.map((c) => c.name).join(' '),
    maker: tool.maker,
    tagline: tool.tagline,
    description: tool.description,
  };
}

/** The part of flexsearch's Document we use, typed for our fields (its own typings reject virtual fields). */
export interface SearchIndex {
  add(doc: SearchDocument): void;
  search(query: string, options: { index: SearchField; limit: number }): { field: string; result: number[] }[];
  export(handler: (key: string, data: string) => void): Promise<void>;
  import(key: string, data: string): void | Promise<void>;
}

export function createSearchIndex(): SearchIndex {
  return new Document({
    document: {
      id: 'id',
      index: [
        { field: 'name', tokenize: 'forward', encoder: Charset.Normalize },
        // Punctuation and spacing variants of names: "eleven labs", "tl dv", "dalle".
        { field: 'compact', custom: (d: SearchDocument) => compact(d.name), tokenize: 'forward', encoder: Charset.Normalize },
        // Typos in names: "midjorney", "stabel difusion".
        { field: 'fuzzy', custom: (d: SearchDocument) => d.name, tokenize: 'tolerant', encoder: Charset.LatinExtra },
        { field: 'tags', tokenize: 'forward', encoder: Charset.Normalize },
        { field: 'categories', tokenize: 'forward', encoder: Charset.Normalize },
        { field: 'maker', tokenize: 'forward', encoder: Charset.Normalize },
        { field: 'tagline', tokenize: 'forward', encoder: Charset.Normalize },
        { field: 'description', tokenize: 'strict', encoder: Charset.Normalize },
      ],
    },
  } as never) as unknown as SearchIndex;
}

export function buildSearchIndex(tools: readonly Tool[]): SearchIndex {
  const index = createSearchIndex();
  tools.forEach((tool, i) => index.add(searchDocument(tool, i)));
  return index;
}

/** The serialized index: flexsearch's export keys mapped to their data. */
export type SerializedIndex = Record<string, string>;

export async function exportSearchIndex(index: SearchIndex): Promise<SerializedIndex> {
  const out: SerializedIndex = {};
  await index.export((key: string, data: string) => { out[key] = data; });
  return out;
}

export async function importSearchIndex(serialized: SerializedIndex): Promise<SearchIndex> {
  const index = createSearchIndex();
  for (const key of Object.keys(serialized)) await index.import(key, serialized[key]!);
  return index;
}
