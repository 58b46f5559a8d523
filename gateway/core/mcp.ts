// The catalog for AI assistants: six MCP tools over the same endpoints that answer the REST API
// (their structured results are the objects the REST bodies spell), with the REST parameter rules
// and messages. Built on the official SDK's McpServer; transports live with the routes and adapters.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { selectTools } from '../../snapshot/lists.ts';
import type { Tool } from '../../snapshot/types.ts';
import { argumentsText, inputSchema, listArguments, OUTPUT, sentArguments, slugArguments, type ToolArguments } from './mcp-schemas.ts';
import { categoryText, listText, mcpWords, provenanceText, retiredText, sunsetText, toolLine, toolText } from './mcp-text.ts';
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

type Sent = Record<string, unknown>;
type Answered = { json: Record<string, unknown>; text: string };

/** What a tool is, besides its arguments: its description says what it does, and is followed by its arguments. */
interface ToolConfig { title: string; description: string; output: Record<string, z.ZodType> }

/** Registers a tool: its description ends with its arguments, written from the same declaration as their schemas. */
function register(server: McpServer, name: string, config: ToolConfig, args: ToolArguments, run: (sent: Sent) => Promise<Answered>): void {
  server.registerTool(name, {
    title: config.title,
    description: `${config.description} ${argumentsText(args)}`,
    inputSchema: inputSchema(args),
    outputSchema: config.output,
    annotations: READ_ONLY,
  }, (sent) => answer(() => run(sentArguments(args, sent))));
}

/** A tool argument as the REST query parameter it stands for (a list joined by commas, as in a URL), for the REST parser to judge. */
function restValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(restValue).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const asParams = (sent: Sent): RawParams => new Map(Object.entries(sent).map(([name, value]) => [name, restValue(value)]));

/** Runs a tool; a 4xx becomes a tool error in REST's words, put as an assistant can act on them. */
async function answer(run: () => Promise<Answered>): Promise<CallToolResult> {
  try {
    const { json, text } = await run();
    return { content: [{ type: 'text', text }], structuredContent: json };
  } catch (e) {
    if (!(e instanceof HttpError) || e.status >= 500) throw e;
    const text = e.code === 'GONE' ? retiredText(e.message, e.extra) : mcpWords(e.message);
    return { content: [{ type: 'text', text }], isError: true };
  }
}

/** A list endpoint's page for the tool's arguments, as objects, and its text. */
async function listAnswer<T>({ routes, snapshot }: McpSources, list: ListName, sent: Sent, line: (x: T, i: number) => string): Promise<Answered> {
  const json = pageJson(snapshot, await routes.page(list, asParams(sent)));
  return { json, text: listText(json, line, snapshot) };
}

/** search_tools, list_tools and list_categories: the REST lists. */
function registerListTools(server: McpServer, sources: McpSources): void {
  register(server, 'search_tools', {
    title: 'Search AI tools',
    description: 'Find AI tools for a need, by name or in plain words, in English, German, French, Spanish, Portuguese, Italian or Dutch ("text to speech with a free plan", "remove background", "free alternative to midjourney", "cursor vs github copilot", "bildgenerator"). Tolerates typos. Words like "free", "open source", "for mac" or "offline" filter; "alternatives to X" and "X vs Y" are understood. Returns tools best first, each with a relevance score, and meta.interpreted saying how the query was read.',
    output: OUTPUT.search,
  }, listArguments('search_tools', sources.snapshot), (sent) => listAnswer(sources, 'search', sent, toolLine));

  register(server, 'list_tools', {
    title: 'List AI tools',
    description: 'Browse the catalog: tools filtered, sorted and a page at a time; facets adds how many tools each value has, over the whole list.',
    output: OUTPUT.tools,
  }, listArguments('list_tools', sources.snapshot), (sent) => listAnswer(sources, 'tools', sent, toolLine));

  register(server, 'list_categories', {
    title: 'List categories of AI tools',
    description: 'The catalog\'s categories (e.g. text-to-speech, image-generation), each with its group and number of tools.',
    output: OUTPUT.categories,
  }, listArguments('list_categories', sources.snapshot), (sent) => listAnswer(sources, 'categories', sent, (c: { name: string; slug: string; tool_count: number }, i: number) => `${i + 1}. ${c.name} (${c.slug}): ${c.tool_count} tools`));
}

const TOOL_SLUG = 'The tool\'s slug, e.g. "elevenlabs"; a former slug answers with the current tool.';
/** What an empty slug's refusal asks for, per resource. */
const SLUG_HELP: Record<Resource, { what: string; example: string; finders: string }> = {
  tools: { what: 'tool', example: 'elevenlabs', finders: 'search_tools and list_tools give' },
  categories: { what: 'category', example: 'text-to-speech', finders: 'list_categories gives' },
};

/** similar_tools: the alternatives to one tool, as /tools?similar_to= answers them. */
function registerSimilarTools(server: McpServer, sources: McpSources): void {
  const line = (t: Tool & { similarity: number }, i: number) => `${toolLine(t, i)} (similarity ${t.similarity})`;
  register(server, 'similar_tools', {
    title: 'Find alternatives to an AI tool',
    description: 'The tools most like one tool (shared categories and tags, same platforms), best first, each with a similarity from 0 to 1: "alternatives to midjourney", "tools like cursor". Filtered as list_tools filters.',
    output: OUTPUT.tools,
  }, listArguments('similar_tools', sources.snapshot, slugArguments('similar_tools', TOOL_SLUG)),
  async ({ slug, ...rest }) => listAnswer(sources, 'tools', { similar_to: slugOf(slug, 'tools'), ...rest }, line));
}

/** The slug a tool is about; none, or an empty one, is refused saying what to send (not the slugs nearest to nothing). */
function slugOf(slug: unknown, resource: Resource): string {
  if (typeof slug === 'string' && slug.trim() !== '') return slug;
  const { what, example, finders } = SLUG_HELP[resource];
  throw new HttpError(400, 'INVALID_PARAMETER', `Argument 'slug' needs a ${what}'s slug, e.g. "${example}"; ${finders} each ${what}'s slug.`);
}

/** The current item a slug names (a former slug, or one in capitals, names the item it became); past the nearest slugs, an unknown slug's error says which tool finds one. */
function itemIndex(snapshot: SnapshotView, resource: Resource, slug: string): { index: number; movedFrom?: string } {
  const found = currentItem(snapshot, resource, slug);
  if (!(found instanceof HttpError)) return found;
  if (found.code !== 'NOT_FOUND' || (found.extra.did_you_mean as string[]).length === 0) throw found;
  throw new HttpError(404, 'NOT_FOUND', `${found.message} Use ${resource === 'tools' ? 'search_tools' : 'list_categories'} to find one.`);
}

/** get_tool and get_category: one record by slug. */
function registerItemTools(server: McpServer, { snapshot }: McpSources): void {
  register(server, 'get_tool', {
    title: 'Get one AI tool',
    description: 'Everything the catalog holds about one tool, by its slug (from search_tools or list_tools): what it does, maker, URL, pricing, platforms, open-source repository, categories, an announced end, and the pages its facts were checked against, with the day.',
    output: OUTPUT.tool,
  }, slugArguments('get_tool', TOOL_SLUG), async ({ slug }) => {
    const { index, movedFrom } = itemIndex(snapshot, 'tools', slugOf(slug, 'tools'));
    const tool = snapshot.data.tools[index]!;
    const moved = movedFrom === undefined ? '' : `'${movedFrom}' is now '${tool.slug}'. `;
    return { json: { data: tool }, text: `${moved}${toolText(tool)} ${tool.description}${sunsetText(tool)}${provenanceText(tool)}` };
  });

  register(server, 'get_category', {
    title: 'Get one category',
    description: 'One category by slug, with the names and slugs of all its tools.',
    output: OUTPUT.category,
  }, slugArguments('get_category', 'The category\'s slug, e.g. "text-to-speech".'), async ({ slug }) => {
    const category = snapshot.data.categories[itemIndex(snapshot, 'categories', slugOf(slug, 'categories')).index]!;
    const tools = selectTools(snapshot.data, { sort: 'name', category: [category.slug] }).map((i) => ({ slug: snapshot.data.tools[i]!.slug, name: snapshot.data.tools[i]!.name }));
    return { json: { data: category, tools }, text: categoryText(category, tools) };
  });
}
