// A list page as every list endpoint answers it (tools, categories, similar_to, search): which
// items, in which order, what each gains (a search's score, an alternative's similarity) and the
// meta. REST renders it to bytes from the items serialized once (pageAnswer); MCP reads it as
// objects (pageJson). Nothing is rendered twice or parsed back.
import { encodeItems, pageTag, renderPage, type ComputedMeta, type PageMeta } from '../../snapshot/lists.ts';
import { jsonText, plainValue } from '../../snapshot/json-text.ts';
import type { Tool } from '../../snapshot/types.ts';
import type { Answer } from './responses.ts';
import type { SnapshotView } from './snapshot-view.ts';

export interface Page {
  /** What the page lists (categories, or tools as a list, alternatives or search results); its ETag is made under this name. */
  kind: 'tools' | 'categories' | 'similar' | 'search';
  /** Indices into data.tools (data.categories for categories), in page order. */
  indices: number[];
  meta: ComputedMeta;
  /** Only these fields of each tool. */
  fields?: string[];
  /** Members added to each item, by name: one value per item (score and highlights; similarity). */
  added?: Record<string, readonly unknown[]>;
  /**
   * The request's parameters in one canonical order, when they decide the page in this snapshot:
   * its ETag names them instead of facet counts and highlights (hashing those took a tenth of a
   * search's CPU).
   */
  decidedBy?: string;
}

/** A REST answer with the page numbers its Link header needs. */
export interface PagedAnswer extends Answer { page: number; totalPages: number }

/** The page's REST body and ETag; the tag names the page's content, so no hash of the bytes is needed. */
export function pageAnswer(view: SnapshotView, page: Page): PagedAnswer {
  const { kind, indices, meta, fields, added, decidedBy } = page;
  const members = added && memberTexts(added, indices.length);
  const body = fields
    ? renderPage(encodeItems(indices.map((i) => pick(view.data.tools[i]!, fields))), indices.map((_, k) => k), meta, members)
    : renderPage(kind === 'categories' ? view.categoryItems : view.toolItems, indices, meta, members);
  const name = fields ? `${kind}:${fields.join(',')}` : kind;
  const etag = pageTag(view.id, decidedBy !== undefined ? `${name}\0params\0${decidedBy}` : `${name}\0${indices.join(',')}\0${JSON.stringify(meta)}\0${members?.join(',') ?? ''}`);
  return { status: 200, body, etag, page: meta.page, totalPages: meta.total_pages };
}

/** The page as the objects its REST body spells: `{data, meta}`. */
export function pageJson(view: SnapshotView, page: Page): { data: unknown[]; meta: PageMeta } {
  const { kind, indices, fields, added } = page;
  const items: readonly unknown[] = kind === 'categories' ? view.data.categories : view.data.tools;
  const columns = Object.entries(added ?? {});
  const data = indices.map((i, k) => {
    const item = fields ? pick(view.data.tools[i]!, fields) : items[i] as object;
    return columns.length === 0 ? item : { ...item, ...Object.fromEntries(columns.map(([name, values]) => [name, plainValue(values[k])])) };
  });
  const { facets, ...meta } = page.meta;
  return { data, meta: facets === undefined ? meta : { ...meta, facets: facets.value } };
}

/** Each item's added members as JSON object members (`"score":12.5,"highlights":{...}`), built up in place: a search makes one per result. */
function memberTexts(added: Record<string, readonly unknown[]>, count: number): string[] {
  const columns = Object.entries(added);
  const texts: string[] = [];
  for (let k = 0; k < count; k++) {
    let text = '';
    for (const [name, values] of columns) text += `${text === '' ? '' : ','}"${name}":${jsonText(values[k])}`;
    texts.push(text);
  }
  return texts;
}

/** The named fields of a tool, in the tool's own order. */
export function pick(tool: Tool, fields: readonly string[]): Partial<Tool> {
  return Object.fromEntries(fields.map((f) => [f, tool[f as keyof Tool]])) as Partial<Tool>;
}
