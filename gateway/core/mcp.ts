// The catalog for AI assistants: six MCP tools over the same endpoints that answer the REST API
// (their structured results are the objects the REST bodies spell), with the REST parameter rules
// and messages. Built on the official SDK's McpServer; transports live with the routes and adapters.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { selectTools } from '../../snapshot/lists.ts';
import type { Tool } from '../../snapshot/types.ts';
import { inputSchema, OUTPUT, slugArgument, strictArguments } from './mcp-schemas.ts';
import { listText, provenanceText, sunsetText, toolLine, toolText } from './mcp-text.ts';
import { pageJson } from './pages.ts';
import type { RawParams } from './params.ts';
import { HttpError } from './responses.ts';
import type { ListName, Routes } from './routes.ts';
import { currentItem, type Resource } from './slugs.ts';
import type { SnapshotView } from './snapshot-view.ts';

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

/** Tool arguments as the REST query parameters they stand for (a list joined by commas, as in a URL), checked by the same rules. */
function asParams(args: Record<string, unknown>): RawParams {
  return new Map(Object.entries(args).filter(([, v]) => v !== undefined).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
}

/** Runs an endpoint; a 4xx becomes a tool error whose text is the REST message. */
async function answer(run: () => Promise<{ json: Record<string, unknown>; text: string }>): Promise<CallToolResult> {
  try {
    const { json, text } = await run();
    return { content: [{ type: 'text', text }], structuredContent: json };
  } catch (e) {
    if (e instanceof HttpError && e.status < 500) return { content: [{ type: 'text', text: e.message }], isError: true };
    throw e;
  }
}

/** A list endpoint's page for the tool's arguments, as objects, and its text. */
async function listAnswer<T>({ routes, snapshot }: McpSources, list: ListName, args: Record<string, unknown>, line: (x: T, i: number) => string) {
  const json = pageJson(snapshot, await routes.page(list, asParams(args)));
  return { json, text: listText(json, line, snapshot) };
}

/** search_tools, list_tools and list_categories: the REST lists. */
function registerListTools(server: McpServer, sources: McpSources): void {
  server.registerTool('search_tools', {
    title: 'Search AI tools',
    description: 'Find AI tools for a need, by name or in plain words, in English, German, French, Spanish, Portuguese, Italian or Dutch ("text to speech with a free plan", "remove background", "free alternative to midjourney", "cursor vs github copilot", "bildgenerator"). Tolerates typos. Words like "free", "open source" or "for mac" filter; "alternatives to X" and "X vs Y" are understood. Returns tools best first, each with a relevance score, and meta.interpreted saying how the query was read. Filter with a category slug, pricing (free, freemium, paid), platform or open_source; facets (pricing, category, platform, open_source) adds how many matching tools each value has, over all results.',
    inputSchema: inputSchema('search_tools', sources.snapshot),
    outputSchema: OUTPUT.search,
    annotations: READ_ONLY,
  }, (args) => answer(() => listAnswer(sources, 'search', args, toolLine)));

  server.registerTool('list_tools', {
    title: 'List AI tools',
    description: 'Browse the catalog with filters: a category slug, pricing (free, freemium, paid), platform (web, ios, android, macos, windows, linux, api, browser-extension, ide-extension, cli, self-hosted), open_source, sorted by name or newest; paginated. facets (pricing, category, platform, open_source) adds how many tools each value has, over the whole list.',
    inputSchema: inputSchema('list_tools', sources.snapshot),
    outputSchema: OUTPUT.tools,
    annotations: READ_ONLY,
  }, (args) => answer(() => listAnswer(sources, 'tools', args, toolLine)));

  server.registerTool('list_categories', {
    title: 'List categories of AI tools',
    description: 'The catalog\'s categories (e.g. text-to-speech, image-generation), each with its group and number of tools; filter by group (e.g. audio, image, video, code), sort by name or tool_count.',
    inputSchema: inputSchema('list_categories', sources.snapshot),
    outputSchema: OUTPUT.categories,
    annotations: READ_ONLY,
  }, (args) => answer(() => listAnswer(sources, 'categories', args, (c: { name: string; slug: string; tool_count: number }, i: number) => `${i + 1}. ${c.name} (${c.slug}): ${c.tool_count} tools`)));
}

/** similar_tools: the alternatives to one tool, as /tools?similar_to= answers them. */
function registerSimilarTools(server: McpServer, sources: McpSources): void {
  server.registerTool('similar_tools', {
    title: 'Find alternatives to an AI tool',
    description: 'The tools most like one tool (shared categories and tags, same platforms), best first, each with a similarity from 0 to 1: "alternatives to midjourney", "tools like cursor". Filter with pricing, platform or category as list_tools does.',
    inputSchema: inputSchema('similar_tools', sources.snapshot, slugArgument('The tool\'s slug, e.g. "midjourney" (a former slug works too).')),
    outputSchema: OUTPUT.tools,
    annotations: READ_ONLY,
  }, ({ slug, ...rest }) => answer(() => {
    const line = (t: Tool & { similarity: number }, i: number) => `${toolLine(t, i)} (similarity ${t.similarity})`;
    return listAnswer(sources, 'tools', { similar_to: slug, ...rest }, line);
  }));
}

/** The current item a slug names (a former slug, or one in capitals, names the item it became); an unknown slug's error says which tool finds one. */
function itemIndex(snapshot: SnapshotView, resource: Resource, slug: string): { index: number; movedFrom?: string } {
  const found = currentItem(snapshot, resource, slug);
  if (!(found instanceof HttpError)) return found;
  throw found.code !== 'NOT_FOUND' ? found : new HttpError(404, 'NOT_FOUND', `${found.message} Use ${resource === 'tools' ? 'search_tools' : 'list_categories'} to find one.`);
}

/** get_tool and get_category: one record by slug. */
function registerItemTools(server: McpServer, { snapshot }: McpSources): void {
  server.registerTool('get_tool', {
    title: 'Get one AI tool',
    description: 'Everything the catalog holds about one tool, by its slug (from search_tools or list_tools): what it does, maker, URL, pricing, platforms, open-source repository, categories, an announced end, and the pages its facts were checked against, with the day.',
    inputSchema: strictArguments('get_tool', slugArgument('The tool\'s slug, e.g. "elevenlabs"; a former slug answers with the current tool.')),
    outputSchema: OUTPUT.tool,
    annotations: READ_ONLY,
  }, ({ slug }) => answer(async () => {
    const { index, movedFrom } = itemIndex(snapshot, 'tools', slug);
    const tool = snapshot.data.tools[index]!;
    const moved = movedFrom === undefined ? '' : `'${movedFrom}' is now '${tool.slug}'. `;
    return { json: { data: tool }, text: `${moved}${toolText(tool)} ${tool.description}${sunsetText(tool)}${provenanceText(tool)}` };
  }));

  server.registerTool('get_category', {
    title: 'Get one category',
    description: 'One category by slug, with the names and slugs of all its tools.',
    inputSchema: strictArguments('get_category', slugArgument('The category\'s slug, e.g. "text-to-speech".')),
    outputSchema: OUTPUT.category,
    annotations: READ_ONLY,
  }, ({ slug }) => answer(async () => {
    const category = snapshot.data.categories[itemIndex(snapshot, 'categories', slug).index]!;
    const tools = selectTools(snapshot.data, { sort: 'name', category: [category.slug] }).map((i) => ({ slug: snapshot.data.tools[i]!.slug, name: snapshot.data.tools[i]!.name }));
    return { json: { data: category, tools }, text: `${category.name}: ${category.description}\nTools: ${tools.map((t) => t.name).join(', ')}` };
  }));
}
