// What the MCP tools say in words, beside their structured results: a list in numbered lines with
// its largest facets, a tool in sentences an assistant can pass on, and REST's refusals put so
// that an assistant can act on them (the MCP tool to call, never a path it cannot reach).
import { API_BASE } from '../../snapshot/contract.ts';
import type { PageMeta } from '../../snapshot/lists.ts';
import type { Tool } from '../../snapshot/types.ts';
import type { SnapshotView } from './snapshot-view.ts';

export const toolLine = (t: Tool, i: number) => `${i + 1}. ${toolText(t)}`;

export function listText<T>(page: { data: readonly unknown[]; meta: PageMeta }, line: (x: T, i: number) => string, snapshot?: SnapshotView): string {
  const { meta } = page;
  const items = (page.data as T[]).map(line);
  const facets = meta.facets && snapshot ? `${facetsText(meta.facets, snapshot)}\n` : '';
  return `${meta.total} in all; page ${meta.page} of ${Math.max(meta.total_pages, 1)}.\n${facets}${items.join('\n') || '(no results on this page)'}`;
}

/** The largest values of each facet in a sentence: "Mostly freemium (30 of 47); categories: Image Generation 25, ...". */
function facetsText(facets: NonNullable<PageMeta['facets']>, snapshot: SnapshotView): string {
  const top = (counts: Record<string, number | undefined>, name: (v: string) => string = (v) => v) => Object.entries(counts).slice(0, 5).map(([v, n]) => `${name(v)} ${n}`).join(', ');
  const parts: string[] = [];
  if (facets.pricing) {
    const entries = Object.entries(facets.pricing) as [string, number][];
    const all = entries.reduce((sum, [, n]) => sum + n, 0);
    const [first, n] = entries[0] ?? ['', 0];
    parts.push(n * 2 > all ? `Mostly ${first} (${n} of ${all})` : `pricing: ${top(facets.pricing)}`);
  }
  if (facets.category) {
    const names = new Map(snapshot.data.categories.map((c) => [c.slug, c.name]));
    parts.push(`categories: ${top(facets.category, (slug) => names.get(slug) ?? slug)}`);
  }
  if (facets.platform) parts.push(`platforms: ${top(facets.platform)}`);
  if (facets.open_source) parts.push(`open source: ${facets.open_source.true ?? 0} of ${(facets.open_source.true ?? 0) + (facets.open_source.false ?? 0)}`);
  return `${parts.join('; ')}.`;
}

/** A tool in words an assistant can pass on: name, tagline, pricing, url and categories. */
export function toolText(t: Tool): string {
  return `${t.name} (${t.slug}) by ${t.maker}: ${t.tagline}. Pricing: ${t.pricing}. ${t.url} Categories: ${t.categories.map((c) => c.name).join(', ')}.`;
}

export function sunsetText(t: Tool): string {
  return t.sunset_at ? ` Service ends on ${t.sunset_at}${t.successor ? `; its successor is '${t.successor}'` : ''}.` : '';
}

/** Where the facts come from, so an assistant can cite them. */
export function provenanceText(t: Tool): string {
  return t.sources ? ` Facts checked on ${t.verified_at} against ${t.sources.join(', ')}.` : '';
}

/** The MCP tool that answers what a REST list path answers. */
const TOOL_FOR_PATH: Record<string, string> = { search: 'search_tools', tools: 'list_tools', categories: 'list_categories' };
const REST_PATH = new RegExp(`(GET )?${API_BASE}/(search|tools|categories)\\b`, 'g');
/** A query-string example in REST's words: "(e.g. pricing=free,freemium)", "(e.g. ?q=text+to+speech)". */
const QUERY_EXAMPLE = /\(e\.g\. \??([a-z_]+=[^)\s]*)\)/g;

/** REST's message for a refusal, with a path named as the MCP tool that answers it and a query-string example as the arguments it stands for. */
export function mcpWords(message: string): string {
  return message
    .replace(REST_PATH, (_, _get, path: string) => TOOL_FOR_PATH[path]!)
    .replace(QUERY_EXAMPLE, (_, query: string) => `(e.g. ${exampleArguments(query)})`);
}

/** A query string as MCP arguments: a=x as a: "x", a repeated parameter as a list. */
function exampleArguments(query: string): string {
  const params = new URLSearchParams(query);
  return [...new Set(params.keys())].map((name) => {
    const values = params.getAll(name);
    return `${name}: ${JSON.stringify(values.length === 1 ? values[0] : values)}`;
  }).join(', ');
}

/** A tool named in a REST 410 body. */
type ToolRef = { slug: string; name: string };

/** REST's 410 sentence, then the successor and the alternatives its body carries, each by name and slug for get_tool. */
export function retiredText(message: string, gone: { successor?: ToolRef | null; alternatives?: ToolRef[] }): string {
  const ref = (t: ToolRef) => `${t.name} (${t.slug})`;
  const parts = [
    ...(gone.successor ? [`its successor ${ref(gone.successor)}`] : []),
    ...(gone.alternatives?.length ? [`its alternatives ${gone.alternatives.map(ref).join(', ')}`] : []),
  ];
  return parts.length === 0 ? message : `${message} With get_tool, read ${parts.join(' or ')}.`;
}

/** A category and its tools, each by name and slug for get_tool. */
export function categoryText(category: { name: string; description: string }, tools: readonly ToolRef[]): string {
  const list = tools.map((t) => `${t.name} (${t.slug})`).join(', ') || '(none)';
  return `${category.name}: ${category.description}\nTools (read one with get_tool): ${list}`;
}
