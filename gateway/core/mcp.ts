// The catalog for AI assistants: five MCP tools over the same endpoint functions that answer the
// REST API (so their structured results equal the REST bodies), with the REST parameter rules and
// messages. Built on the official SDK's McpServer; transports live with the adapters.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { PARAMS, type Endpoint, type ParamSpec } from '../../snapshot/contract.ts';
import { categorySchema, pageMetaSchema, searchResultSchema, toolListItemSchema, toolSchema } from '../../snapshot/schema.ts';
import { selectTools, type PageMeta } from '../../snapshot/lists.ts';
import { valueProblem, type RawParams } from './params.ts';
import { bodyText, HttpError } from './responses.ts';
import type { EndpointAnswer, Routes } from './routes.ts';
import type { SnapshotView } from './snapshot-view.ts';
import type { Tool } from '../../snapshot/types.ts';

const OUTPUT = {
  tools: { data: z.array(toolListItemSchema), meta: pageMetaSchema },
  search: { data: z.array(searchResultSchema), meta: pageMetaSchema },
  categories: { data: z.array(categorySchema), meta: pageMetaSchema },
  tool: { data: toolSchema },
  category: { data: categorySchema, tools: z.array(z.object({ slug: z.string(), name: z.string() })).describe('The tools that list this category, by name.') },
};

/**
 * A tool's input schema from the contract's parameter table, with its bounds and enums (the
 * snapshot's own values); what it refuses is said in the REST 400's words, and an argument the
 * tool does not take is refused by name.
 */
function inputSchema(tool: string, endpoint: Endpoint, view: SnapshotView) {
  // MCP answers whole tools in plain text (their structured results follow the output schema): no
  // fields= here, and no highlight= (HTML marks are for a screen, not an assistant).
  const specs = (PARAMS[endpoint] as readonly ParamSpec[]).filter((spec) => spec.kind !== 'field-list' && spec.name !== 'highlight');
  return strictArguments(tool, Object.fromEntries(specs.map((spec) => [spec.name, fieldOf(spec, view)])));
}

function strictArguments<S extends Record<string, z.ZodType>>(tool: string, shape: S) {
  const names = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown argument ${issue.keys.map((k) => `'${k}'`).join(', ')} for ${tool}; it takes ${names}.` : undefined),
  });
}

function fieldOf(spec: ParamSpec, view: SnapshotView): z.ZodType {
  const rest = { error: (issue: { input?: unknown }) => valueProblem(spec, String(issue.input), view) };
  switch (spec.kind) {
    case 'integer': return z.int(rest).min(spec.min, rest).max(spec.max, rest).optional().describe(`${spec.description} ${spec.min} to ${spec.max}; default ${spec.default}.`);
    case 'text': return z.string().describe(spec.description);
    case 'boolean': return z.boolean().optional().describe(spec.description);
    case 'enum': {
      const one = z.enum(spec.values as [string, ...string[]], rest);
      if (!spec.multiple) return one.optional().describe(spec.description);
      const some = z.union([one, z.array(one).min(1)], { error: (issue) => valueProblem(spec, [issue.input].flat().map(String).find((v) => !spec.values.includes(v)) ?? String(issue.input), view) });
      return some.optional().describe(`${spec.description} One value, or a list of them.`);
    }
    case 'date': return z.string().optional().describe(spec.description);
    case 'host': return z.string().optional().describe(spec.description);
    case 'field-list': return z.never();
    case 'slug': return z.string().optional().describe(spec.description);
    case 'slug-list': return z.union([z.string(), z.array(z.string()).min(1).max(spec.max)]).optional().describe(`${spec.description} A list, or slugs joined by commas.`);
    case 'snapshot-enum': {
      const one = spec.source === 'categories' ? z.string() : z.enum([...view[spec.source]] as [string, ...string[]], rest);
      // A refused value is named in REST's words, in a list as alone.
      const value = spec.multiple ? z.union([one, z.array(one).min(1)], { error: (issue) => valueProblem(spec, [issue.input].flat().map(String).find((v) => spec.source === 'categories' || !view[spec.source].has(v)) ?? String(issue.input), view) }) : one;
      const hint = spec.source === 'categories' ? ' A category slug from list_categories, e.g. "text-to-speech".' : '';
      return value.optional().describe(`${spec.description}${spec.multiple ? ' One value, or a list of them.' : ''}${hint}`);
    }
  }
}

/** Tool arguments as the REST query parameters they stand for (a list joined by commas, as in a URL). */
function asParams(args: Record<string, unknown>): RawParams {
  return new Map(Object.entries(args).filter(([, v]) => v !== undefined).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
}

function failure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Runs an endpoint; a 4xx becomes a tool error whose text is the REST message. */
async function answer(run: () => Promise<{ json: Record<string, unknown>; text: string }>): Promise<CallToolResult> {
  try {
    const { json, text } = await run();
    return { content: [{ type: 'text', text }], structuredContent: json };
  } catch (e) {
    if (e instanceof HttpError && e.status < 500) return failure(e.message);
    throw e;
  }
}

/** What the tools read: the REST endpoints and the snapshot they answer from. */
export interface McpSources { routes: Routes; snapshot: SnapshotView }

export function createMcpServer(sources: McpSources): McpServer {
  const server = new McpServer({ name: 'ai-tools-catalog', version: '1.0.0' }, {
    instructions: 'A curated catalog of real AI tools. Search by need (search_tools), browse by category (list_categories, get_category) and filters (list_tools), find alternatives to a tool (similar_tools), and read one tool (get_tool). Slugs identify tools and categories.',
  });
  registerListTools(server, sources);
  registerSimilarTools(server, sources);
  registerItemTools(server, sources);
  return server;
}

const READ_ONLY = { readOnlyHint: true, openWorldHint: false };
const body = (a: EndpointAnswer) => JSON.parse(bodyText(a.body)) as Record<string, unknown>;
const toolLine = (t: Tool, i: number) => `${i + 1}. ${toolText(t)}`;

function listText<T>(json: Record<string, unknown>, line: (x: T, i: number) => string, snapshot?: SnapshotView): string {
  const meta = json.meta as PageMeta;
  const items = (json.data as T[]).map(line);
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

/**
 * The index of the current item a slug names, through the REST route: a former slug names the item
 * it became (`movedFrom` says so), a retired tool says where its users went, and an unknown slug
 * also names the nearest ones.
 */
function indexOf({ routes, snapshot }: McpSources, resource: 'tools' | 'categories', asked: string): { index: number; movedFrom?: string } {
  let slug = asked;
  // A former slug, or a slug in capitals, moves (301) to the current one: follow it, as a client follows Location.
  for (let hops = 0; ; hops++) {
    try {
      if (resource === 'tools') routes.tool(slug);
      else routes.category(slug);
      break;
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      if (e.code === 'MOVED_PERMANENTLY' && hops < 2) slug = e.headers.Location!.split('/').pop()!;
      else if (e.code === 'NOT_FOUND') throw new HttpError(404, 'NOT_FOUND', `${e.message} Use ${resource === 'tools' ? 'search_tools' : 'list_categories'} to find one.`);
      else throw e;
    }
  }
  const index = (resource === 'tools' ? snapshot.toolBySlug : snapshot.categoryBySlug).get(slug)!;
  return slug === asked ? { index } : { index, movedFrom: asked };
}

/** A tool in words an assistant can pass on: name, tagline, pricing, url and categories. */
function toolText(t: Tool): string {
  return `${t.name} (${t.slug}) by ${t.maker}: ${t.tagline}. Pricing: ${t.pricing}. ${t.url} Categories: ${t.categories.map((c) => c.name).join(', ')}.`;
}

function sunsetText(t: Tool): string {
  return t.sunset_at ? ` Service ends on ${t.sunset_at}${t.successor ? `; its successor is '${t.successor}'` : ''}.` : '';
}

/** Where the facts come from, so an assistant can cite them. */
function provenanceText(t: Tool): string {
  return t.sources ? ` Facts checked on ${t.verified_at} against ${t.sources.join(', ')}.` : '';
}

/** search_tools, list_tools and list_categories: the REST lists. */
function registerListTools(server: McpServer, sources: McpSources): void {
  const { routes } = sources;
  server.registerTool('search_tools', {
    title: 'Search AI tools',
    description: 'Find AI tools for a need, by name or in plain words, in English, German, French, Spanish, Portuguese, Italian or Dutch ("text to speech with a free plan", "remove background", "free alternative to midjourney", "cursor vs github copilot", "bildgenerator"). Tolerates typos. Words like "free", "open source" or "for mac" filter; "alternatives to X" and "X vs Y" are understood. Returns tools best first, each with a relevance score, and meta.interpreted saying how the query was read. Filter with a category slug, pricing (free, freemium, paid), platform or open_source; facets (pricing, category, platform, open_source) adds how many matching tools each value has, over all results.',
    inputSchema: inputSchema('search_tools', 'search', sources.snapshot),
    outputSchema: OUTPUT.search,
    annotations: READ_ONLY,
  }, (args) => answer(async () => {
    const json = body(await routes.search(asParams(args)));
    return { json, text: listText(json, toolLine, sources.snapshot) };
  }));

  server.registerTool('list_tools', {
    title: 'List AI tools',
    description: 'Browse the catalog with filters: a category slug, pricing (free, freemium, paid), platform (web, ios, android, macos, windows, linux, api, browser-extension, ide-extension, cli, self-hosted), open_source, sorted by name or newest; paginated. facets (pricing, category, platform, open_source) adds how many tools each value has, over the whole list.',
    inputSchema: inputSchema('list_tools', 'tools', sources.snapshot),
    outputSchema: OUTPUT.tools,
    annotations: READ_ONLY,
  }, (args) => answer(async () => {
    const json = body(await routes.tools(asParams(args), false));
    return { json, text: listText(json, toolLine, sources.snapshot) };
  }));

  server.registerTool('list_categories', {
    title: 'List categories of AI tools',
    description: 'The catalog\'s categories (e.g. text-to-speech, image-generation), each with its group and number of tools; filter by group (e.g. audio, image, video, code), sort by name or tool_count.',
    inputSchema: inputSchema('list_categories', 'categories', sources.snapshot),
    outputSchema: OUTPUT.categories,
    annotations: READ_ONLY,
  }, (args) => answer(async () => {
    const json = body(await routes.categories(asParams(args), false));
    return { json, text: listText(json, (c: { name: string; slug: string; tool_count: number }, i: number) => `${i + 1}. ${c.name} (${c.slug}): ${c.tool_count} tools`) };
  }));

}

/** similar_tools: the alternatives to one tool, as /tools?similar_to= answers them. */
function registerSimilarTools(server: McpServer, { routes }: McpSources): void {
  server.registerTool('similar_tools', {
    title: 'Find alternatives to an AI tool',
    description: 'The tools most like one tool (shared categories and tags, same platforms), best first, each with a similarity from 0 to 1: "alternatives to midjourney", "tools like cursor". Filter with pricing, platform or category as list_tools does.',
    inputSchema: strictArguments('similar_tools', {
      slug: z.string().describe('The tool\'s slug, e.g. "midjourney" (a former slug works too).'),
      per_page: z.int().min(1).max(100).optional().describe('Tools per page, 1 to 100; default 10.'),
      page: z.int().min(1).max(1_000_000).optional().describe('Page number; default 1.'),
      pricing: z.union([z.string(), z.array(z.string()).min(1)]).optional().describe('Only tools with this pricing, or any of several (free, freemium, paid).'),
    }),
    outputSchema: OUTPUT.tools,
    annotations: READ_ONLY,
  }, ({ slug, ...rest }) => answer(async () => {
    const json = body(await routes.tools(asParams({ similar_to: slug, ...rest }), false));
    const line = (t: Tool & { similarity: number }, i: number) => `${toolLine(t, i)} (similarity ${t.similarity})`;
    return { json, text: listText(json, line) };
  }));
}

/** get_tool and get_category: one record by slug. */
function registerItemTools(server: McpServer, sources: McpSources): void {
  const { snapshot } = sources;
  server.registerTool('get_tool', {
    title: 'Get one AI tool',
    description: 'Everything the catalog holds about one tool, by its slug (from search_tools or list_tools): what it does, maker, URL, pricing, platforms, open-source repository, categories, an announced end, and the pages its facts were checked against, with the day.',
    inputSchema: strictArguments('get_tool', { slug: z.string().describe('The tool\'s slug, e.g. "elevenlabs"; a former slug answers with the current tool.') }),
    outputSchema: OUTPUT.tool,
    annotations: READ_ONLY,
  }, ({ slug }) => answer(async () => {
    const { index, movedFrom } = indexOf(sources, 'tools', slug);
    const tool = snapshot.data.tools[index]!;
    const moved = movedFrom === undefined ? '' : `'${movedFrom}' is now '${tool.slug}'. `;
    return { json: { data: tool }, text: `${moved}${toolText(tool)} ${tool.description}${sunsetText(tool)}${provenanceText(tool)}` };
  }));

  server.registerTool('get_category', {
    title: 'Get one category',
    description: 'One category by slug, with the names and slugs of all its tools.',
    inputSchema: strictArguments('get_category', { slug: z.string().describe('The category\'s slug, e.g. "text-to-speech".') }),
    outputSchema: OUTPUT.category,
    annotations: READ_ONLY,
  }, ({ slug }) => answer(async () => {
    const category = snapshot.data.categories[indexOf(sources, 'categories', slug).index]!;
    const tools = selectTools(snapshot.data, { sort: 'name', category: [category.slug] }).map((i) => ({ slug: snapshot.data.tools[i]!.slug, name: snapshot.data.tools[i]!.name }));
    return { json: { data: category, tools }, text: `${category.name}: ${category.description}\nTools: ${tools.map((t) => t.name).join(', ')}` };
  }));

}
