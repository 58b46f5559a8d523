// The MCP tools, through the SDK's own client over both real transports: stdio (`npm run mcp`)
// and Streamable HTTP at POST /mcp on a running server, with keys and limits.
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editJson, fixtureCopy, removeDir } from './helpers.ts';
import { issueKey } from './keys-command.ts';
import { npmScript, startServer, type ServerProcess } from './server-process.ts';

const TOOLS = ['get_category', 'get_tool', 'list_categories', 'list_tools', 'search_tools', 'similar_tools'];
type Result = { content: { type: string; text: string }[]; structuredContent?: any; isError?: boolean };

describe('MCP server', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess;
  let stdio: Client;
  let key: string;
  /** A free-plan key (60 a minute) for the count of HTTP requests. */
  let small: string;

  beforeAll(async () => {
    const catalog = await fixtureCopy();
    // One tool with an announced end, for get_tool's text.
    await editJson(path.join(catalog, 'tools/otter-ai.json'), (d) => { d.sunset_at = '2099-12-31'; d.successor = 'elevenlabs'; });
    dir = path.dirname(catalog);
    env = { CATALOG_DIR: catalog, DIST_DIR: path.join(dir, 'dist'), KEYS_FILE: path.join(dir, 'keys.json') };
    server = await startServer(env, dir, /curl -H/);
    // Issued before the stdio server starts: the running server has re-read the keys file by the
    // time a test uses them.
    key = (await issueKey(env, 'pro')).key;
    small = (await issueKey(env, 'free')).key;
    stdio = new Client({ name: 'test', version: '1.0.0' });
    // What `npm run mcp` runs, without npm's banner on stdout.
    await stdio.connect(new StdioClientTransport({
      command: 'sh', args: ['-c', npmScript('mcp-stdio')],
      cwd: dir, env: { ...process.env, ...env } as Record<string, string>, stderr: 'ignore',
    }));
  }, 120_000);
  afterAll(async () => {
    await stdio?.close();
    await server?.stop();
    await removeDir(dir);
  });

  const rest = (p: string) => fetch(`${server.base}/api/v1${p}`, { headers: { 'X-API-Key': key } }).then((r) => r.json());
  const call = (client: Client, name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<Result>;
  async function httpClient(headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.base}/mcp`), { requestInit: { headers } }));
    return client;
  }

  it('lists the six tools, each with a description, an input schema and an output schema', async () => {
    const { tools } = await stdio.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
    }
  });

  it('answers every tool exactly as the REST endpoint answers the same inputs', async () => {
    expect((await call(stdio, 'search_tools', { q: 'voice', limit: 2 })).structuredContent).toEqual(await rest('/search?q=voice&limit=2'));
    expect((await call(stdio, 'list_tools', { pricing: 'freemium', sort: 'newest', per_page: 3 })).structuredContent).toEqual(await rest('/tools?pricing=freemium&sort=newest&per_page=3'));
    expect((await call(stdio, 'list_tools', {})).structuredContent).toEqual(await rest('/tools'));
    expect((await call(stdio, 'list_categories', { group: 'audio' })).structuredContent).toEqual(await rest('/categories?group=audio'));
    expect((await call(stdio, 'get_tool', { slug: 'elevenlabs' })).structuredContent).toEqual(await rest('/tools/elevenlabs'));
    const category = await call(stdio, 'get_category', { slug: 'text-to-speech' });
    expect(category.structuredContent.data).toEqual((await rest('/categories/text-to-speech')).data);
    expect(category.structuredContent.tools.map((t: { slug: string }) => t.slug)).toEqual(['elevenlabs', 'murf']);
    expect(category.content[0]!.text).toContain('ElevenLabs');
  });

  it('finds alternatives to a tool with similar_tools, as /tools?similar_to= does', async () => {
    const r = await call(stdio, 'similar_tools', { slug: 'murf' });
    expect(r.structuredContent).toEqual(await rest('/tools?similar_to=murf'));
    expect(r.structuredContent.data[0]).toMatchObject({ slug: 'elevenlabs', similarity: expect.any(Number) });
    expect(r.content[0]!.text).toMatch(/1\. ElevenLabs \(elevenlabs\).*\(similarity 0\.\d+\)/);
    const filtered = await call(stdio, 'similar_tools', { slug: 'midjourney', platform: ['web', 'api'], open_source: true });
    expect(filtered.structuredContent).toEqual(await rest('/tools?similar_to=midjourney&platform=web,api&open_source=true'));
  });

  it('counts facets for search_tools and list_tools as REST does, and names the largest values in its text', async () => {
    const list = await call(stdio, 'list_tools', { facets: ['pricing', 'category', 'platform', 'open_source'], per_page: 2 });
    expect(list.structuredContent).toEqual(await rest('/tools?facets=pricing,category,platform,open_source&per_page=2'));
    expect(list.content[0]!.text).toContain('6 in all; page 1 of 3.\nMostly freemium (4 of 6); categories: Image Generation 2, Text to Speech 2, Background Removal 1, Meeting Notes 1, Voice Cloning 1; platforms: web 5, api 4, android 2, ios 2, macos 1; open source: 1 of 6.\n1. ElevenLabs');
    const search = await call(stdio, 'search_tools', { q: 'voice', facets: 'pricing' });
    expect(search.structuredContent).toEqual(await rest('/search?q=voice&facets=pricing'));
    expect(search.content[0]!.text).toMatch(/^\d+ in all; page 1 of 1\.\nMostly freemium \(\d+ of \d+\)\.\n1\. /);
    const bad = await call(stdio, 'search_tools', { q: 'voice', facets: ['maker'] });
    expect(bad.content[0]!.text).toContain("Invalid value for 'facets': 'maker' is not one of pricing, category, platform, open_source.");
    expect((await call(stdio, 'search_tools', { q: 'voice', highlight: true })).content[0]!.text).toContain("Unknown argument 'highlight' for search_tools");
  });

  it('answers bad input with a tool error saying what to send instead, as the REST 400s do', async () => {
    const r = await call(stdio, 'list_tools', { per_page: 500 });
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toContain((await rest('/tools?per_page=500')).error);
    const pricing = await call(stdio, 'search_tools', { q: 'x', pricing: 'cheap' });
    expect(pricing.content[0]!.text).toContain("Invalid value for 'pricing': 'cheap' is not one of free, freemium, paid.");
    const missing = await call(stdio, 'search_tools', {});
    expect(missing.isError).toBe(true);
  });

  it('states bounds and enums in its input schemas, and refuses an argument a tool does not take by name', async () => {
    const { tools } = await stdio.listTools();
    const list = tools.find((t) => t.name === 'list_tools')!.inputSchema as { properties: Record<string, any>; additionalProperties?: boolean };
    expect(list.properties.per_page).toMatchObject({ minimum: 1, maximum: 100 });
    expect(list.properties.pricing.anyOf[0]).toMatchObject({ type: 'array', items: { enum: ['free', 'freemium', 'paid'] } });
    expect(list.properties.pricing.anyOf[1]).toMatchObject({ type: 'string', pattern: '^(free|freemium|paid)(,(free|freemium|paid))*$' });
    expect(list.properties.sort.enum).toEqual(['name', 'newest', 'updated']);
    expect(list.additionalProperties).toBe(false);
    const similar = tools.find((t) => t.name === 'similar_tools')!.inputSchema as { properties: Record<string, any>; required?: string[] };
    expect(Object.keys(similar.properties)).toEqual(['slug', 'page', 'per_page', 'category', 'pricing', 'platform', 'open_source', 'website', 'updated_since', 'facets']);
    expect(similar.required).toEqual(['slug']);
    expect(similar.properties.per_page).toMatchObject({ minimum: 1, maximum: 100, description: expect.stringMatching(/default 10\.$/) });
    expect(similar.properties.pricing.anyOf[0].items.enum).toEqual(['free', 'freemium', 'paid']);
    const unknown = await call(stdio, 'list_tools', { per_page: 2, colour: 'red' });
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toContain("Unknown argument 'colour' for list_tools; it takes page, per_page, category, pricing, platform, open_source, sort, website, updated_since, slugs, similar_to, facets.");
    expect((await call(stdio, 'get_tool', { slug: 'murf', verbose: true })).content[0]!.text).toContain("Unknown argument 'verbose' for get_tool");
  });

  it('says there is no tool with an unknown slug and suggests the nearest ones', async () => {
    const r = await call(stdio, 'get_tool', { slug: 'elevenlab' });
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toMatch(/^No tool with slug 'elevenlab'\. Did you mean 'elevenlabs'\? Use search_tools to find one\./);
    const moved = await call(stdio, 'get_tool', { slug: 'eleven-labs' });
    expect(moved.isError).toBeFalsy();
    expect(moved.structuredContent).toEqual(await rest('/tools/elevenlabs'));
    expect(moved.content[0]!.text).toMatch(/^'eleven-labs' is now 'elevenlabs'\. ElevenLabs \(elevenlabs\) by ElevenLabs: .*\. Pricing: freemium\. https:\/\/elevenlabs\.io\/ Categories: Text to Speech/);
  });

  it('get_tool describes the tool, says when an announced end comes and what replaces it, and names the day its facts were checked and the pages they were checked against', async () => {
    const murf = await rest('/tools/murf') as { data: { description: string; sources: string[]; verified_at: string } };
    const text = (await call(stdio, 'get_tool', { slug: 'murf' })).content[0]!.text;
    expect(text).toContain(murf.data.description);
    expect(murf.data.sources.length).toBeGreaterThan(0);
    const ending = (await call(stdio, 'get_tool', { slug: 'otter-ai' })).content[0]!.text;
    expect(ending).toContain("Service ends on 2099-12-31; its successor is 'elevenlabs'. Facts checked on");
    expect(text).not.toContain('Service ends');
    const cited = `Facts checked on ${murf.data.verified_at} against ${murf.data.sources.join(', ')}.`;
    expect(text.slice(-cited.length)).toBe(cited);
  });

  it('serves the same tools over Streamable HTTP with an X-API-Key or a Bearer key', async () => {
    for (const headers of [{ 'X-API-Key': key }, { Authorization: `Bearer ${key}` }] as Record<string, string>[]) {
      const client = await httpClient(headers);
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);
      expect((await call(client, 'get_tool', { slug: 'murf' })).structuredContent).toEqual(await rest('/tools/murf'));
      await client.close();
    }
  });

  it('answers a missing or bad key with HTTP 401 in the error envelope, and GET with 405', async () => {
    const post = (headers: Record<string, string>) => fetch(`${server.base}/mcp`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const none = await post({});
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'MISSING_API_KEY' });
    expect((await (await post({ Authorization: 'Bearer sk_nope' })).json()).code).toBe('INVALID_API_KEY');
    const get = await fetch(`${server.base}/mcp`, { headers: { 'X-API-Key': key } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    await expect(httpClient({})).rejects.toThrow();
  });

  it('counts every HTTP request against the key, with the X-RateLimit headers, and answers 429 past the limit', async () => {
    const post = () => fetch(`${server.base}/mcp`, {
      method: 'POST', headers: { 'X-API-Key': small, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_tools', arguments: { q: 'voice' } } }),
    });
    const first = await post();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('60');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('59');
    const answers = [first];
    while (answers.length <= 120 && answers.at(-1)!.status !== 429) answers.push(await post());
    const last = answers.at(-1)!;
    expect(last.status).toBe(429);
    // The 61st request of its window, counted by the reset each answer carries: the server keeps the
    // real clock, and a minute may end during the test.
    expect(answers.filter((r) => r.headers.get('x-ratelimit-reset') === last.headers.get('x-ratelimit-reset'))).toHaveLength(61);
    expect((await last.json()).code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
