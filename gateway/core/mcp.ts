// The catalog for AI assistants: five MCP tools over the same endpoint functions that answer the
// REST API (so their structured results equal the REST bodies), with the REST parameter rules and
// messages. Built on the official SDK's McpServer; transports live with the adapters.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { PARAMS, type Endpoint, type ParamSpec } from '../../snapshot/contract.ts';
import { categorySchema, pageMetaSchema, searchResultSchema, toolSchema } from '../../snapshot/schema.ts';
import { selectTools, type PageMeta } from '../../snapshot/lists.ts';
import { editDistance } from '../../snapshot/edit-distance.ts';
import type { RawParams } from './params.ts';
import { bodyText, HttpError } from './responses.ts';
import type { EndpointAnswer, Routes } from './routes.ts';
import type { SnapshotView } from './snapshot-view.ts';

const OUTPUT = {
  tools: { data: z.array(toolSchema), meta: pageMetaSchema },
  search: { data: z.array(searchResultSchema), meta: pageMetaSchema },
  categories: { data: z.array(categorySchema), meta: pageMetaSchema },
  tool: { data: toolSchema },
  category: { data: categorySchema, tools: z.array(z.object({ slug: z.string(), name: z.string() })).describe('The tools that list this category, by name.') },
};

/** A tool's input schema from the contract's parameter table: types here, ranges checked by the REST rules. */
function inputSchema(endpoint: Endpoint): Record<string, z.ZodType> {
  return Object.fromEntries((PARAMS[endpoint] as readonly ParamSpec[]).map((spec) => [spec.name, fieldOf(spec)]));
}

function fieldOf(spec: ParamSpec): z.ZodType {
  switch (spec.kind) {
    case 'integer': return z.int().optional().describe(`${spec.description} ${spec.min} to ${spec.max}; default ${spec.default}.`);
    case 'text': return z.string().describe(spec.description);
    case 'boolean': return z.boolean().optional().describe(spec.description);
    case 'enum': return z.enum(spec.values as [string, ...string[]]).optional().describe(spec.description);
    case 'snapshot-enum': return z.string().optional().describe(`${spec.description} ${spec.source === 'categories' ? 'A category slug from list_categories, e.g. "text-to-speech".' : spec.source === 'groups' ? 'A group slug, e.g. "audio".' : `One of the ${spec.source} values.`}`);
  }
}

/** Tool arguments as the REST query parameters they stand for. */
function asParams(args: Record<string, unknown>): RawParams {
  return new Map(Object.entries(args).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
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
    instructions: 'A curated catalog of real AI tools. Search by need (search_tools), browse by category (list_categories, get_category) and filters (list_tools), and read one tool (get_tool). Slugs identify tools and categories.',
  });
  registerListTools(server, sources);
  registerItemTools(server, sources);
  return server;
}

const READ_ONLY = { readOnlyHint: true, openWorldHint: false };
const body = (a: EndpointAnswer) => JSON.parse(bodyText(a.body)) as Record<string, unknown>;
const toolLine = (t: { name: string; slug: string; tagline: string; pricing: string }, i: number) => `${i + 1}. ${t.name} (${t.slug}): ${t.tagline} [${t.pricing}]`;

function listText(json: Record<string, unknown>, line: (x: never, i: number) => string): string {
  const meta = json.meta as PageMeta;
  const items = (json.data as never[]).map(line);
  return `${meta.total} in all; page ${meta.page} of ${Math.max(meta.total_pages, 1)}.\n${items.join('\n') || '(no results on this page)'}`;
}

/**
 * The index of a current item, through the REST route (so a former slug says where it moved and
 * a retired tool where its users went); an unknown slug also names the nearest ones.
 */
function indexOf({ routes, snapshot }: McpSources, resource: 'tools' | 'categories', slug: string): number {
  try {
    if (resource === 'tools') routes.tool(slug);
    else routes.category(slug);
  } catch (e) {
    if (!(e instanceof HttpError) || e.code !== 'NOT_FOUND') throw e;
    const near = nearest(slug, (resource === 'tools' ? snapshot.data.tools : snapshot.data.categories).map((x) => x.slug));
    const hint = near.length > 0 ? ` Nearest slugs: ${near.map((x) => `'${x}'`).join(', ')}.` : '';
    throw new HttpError(404, 'NOT_FOUND', `${e.message}${hint} Use ${resource === 'tools' ? 'search_tools' : 'list_categories'} to find one.`);
  }
  return (resource === 'tools' ? snapshot.toolBySlug : snapshot.categoryBySlug).get(slug)!;
}

/** search_tools, list_tools and list_categories: the REST lists. */
function registerListTools(server: McpServer, { routes }: McpSources): void {
  server.registerTool('search_tools', {
    title: 'Search AI tools',
    description: 'Find AI tools for a need, by name or in plain words ("text to speech with a free plan", "remove background", "midjourney"). Tolerates typos. Returns tools best first, each with a relevance score. Filter with a category slug or pricing (free, freemium, paid).',
    inputSchema: inputSchema('search'),
    outputSchema: OUTPUT.search,
    annotations: READ_ONLY,
  }, (args) => answer(async () => {
    const json = body(await routes.search(asParams(args)));
    return { json, text: listText(json, toolLine as never) };
  }));

  server.registerTool('list_tools', {
    title: 'List AI tools',
    description: 'Browse the catalog with filters: a category slug, pricing (free, freemium, paid), platform (web, ios, android, macos, windows, linux, api, browser-extension, ide-extension, cli, self-hosted), open_source, sorted by name or newest; paginated.',
    inputSchema: inputSchema('tools'),
    outputSchema: OUTPUT.tools,
    annotations: READ_ONLY,
  }, (args) => answer(async () => {
    const json = body(await routes.tools(asParams(args), false));
    return { json, text: listText(json, toolLine as never) };
  }));

  server.registerTool('list_categories', {
    title: 'List categories of AI tools',
    description: 'The catalog\'s categories (e.g. text-to-speech, image-generation), each with its group and number of tools; filter by group (e.g. audio, image, video, code), sort by name or tool_count.',
    inputSchema: inputSchema('categories'),
    outputSchema: OUTPUT.categories,
    annotations: READ_ONLY,
  }, (args) => answer(async () => {
    const json = body(await routes.categories(asParams(args), false));
    return { json, text: listText(json, ((c: { name: string; slug: string; tool_count: number }, i: number) => `${i + 1}. ${c.name} (${c.slug}): ${c.tool_count} tools`) as never) };
  }));

}

/** get_tool and get_category: one record by slug. */
function registerItemTools(server: McpServer, sources: McpSources): void {
  const { snapshot } = sources;
  server.registerTool('get_tool', {
    title: 'Get one AI tool',
    description: 'Everything the catalog holds about one tool, by its slug (from search_tools or list_tools): what it does, maker, URL, pricing, platforms, open-source repository, categories.',
    inputSchema: { slug: z.string().describe('The tool\'s slug, e.g. "elevenlabs".') },
    outputSchema: OUTPUT.tool,
    annotations: READ_ONLY,
  }, ({ slug }) => answer(async () => {
    const tool = snapshot.data.tools[indexOf(sources, 'tools', slug)]! as { name: string; maker: string; tagline: string; url: string; pricing: string };
    return { json: { data: tool }, text: `${tool.name} by ${tool.maker}: ${tool.tagline}. ${tool.url} [${tool.pricing}]` };
  }));

  server.registerTool('get_category', {
    title: 'Get one category',
    description: 'One category by slug, with the names and slugs of all its tools.',
    inputSchema: { slug: z.string().describe('The category\'s slug, e.g. "text-to-speech".') },
    outputSchema: OUTPUT.category,
    annotations: READ_ONLY,
  }, ({ slug }) => answer(async () => {
    const category = snapshot.data.categories[indexOf(sources, 'categories', slug)]! as { name: string; description: string };
    const tools = selectTools(snapshot.data, { sort: 'name', category: slug }).map((i) => ({ slug: snapshot.data.tools[i]!.slug, name: snapshot.data.tools[i]!.name }));
    return { json: { data: category, tools }, text: `${category.name}: ${category.description}\nTools: ${tools.map((t) => t.name).join(', ')}` };
  }));

}

/** Up to three slugs a few edits away (or sharing a prefix), closest first. */
export function nearest(slug: string, slugs: readonly string[]): string[] {
  const max = Math.max(2, Math.floor(slug.length / 3));
  return slugs
    .map((s) => ({ s, d: s.startsWith(slug) || slug.startsWith(s) ? 0.5 : editDistance(slug, s, max) }))
    .filter((x) => x.d <= max)
    .sort((a, b) => a.d - b.d || a.s.localeCompare(b.s))
    .slice(0, 3)
    .map((x) => x.s);
}
