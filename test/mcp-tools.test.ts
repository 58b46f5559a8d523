// The MCP tools as an assistant meets them, in process (the SDK's client over its in-memory
// transport; test/mcp.test.ts runs them over stdio and HTTP): descriptions that agree with the
// schemas, refusals in the REST 400's words, slugs to call get_tool with, and no REST path.
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../gateway/core/mcp.ts';
import { mcpWords } from '../gateway/core/mcp-text.ts';
import { createHarness, PRO_KEY, type Harness } from './gateway-harness.ts';
import { editJson } from './helpers.ts';

type Result = { content: { type: string; text: string }[]; structuredContent?: any; isError?: boolean };
type Schema = { properties: Record<string, any>; required?: string[] };

let h: Harness;
let client: Client;
beforeAll(async () => {
  // A retired tool with both a successor and an alternative.
  h = await createHarness((catalog) => editJson(path.join(catalog, 'retired/old-diffusion.json'), (d) => { d.alternatives = ['midjourney']; }));
  const [server, side] = InMemoryTransport.createLinkedPair();
  await createMcpServer({ routes: h.gateway.routes, snapshot: h.snapshot.view }).connect(server);
  client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(side);
}, 60_000);

const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<Result>;
const text = async (name: string, args: Record<string, unknown>) => (await call(name, args)).content[0]!.text;
const rest = async (pathAndQuery: string) => (await h.request(`/api/v1${pathAndQuery}`, { headers: { 'X-API-Key': PRO_KEY } })).json;

describe('what the tools say they take', () => {
  it('names every argument in each tool\'s description, with the values its schema allows', async () => {
    for (const tool of (await client.listTools()).tools) {
      const { properties } = tool.inputSchema as Schema;
      for (const [name, schema] of Object.entries(properties)) {
        const values: string[] | undefined = schema.enum ?? schema.anyOf?.[0].items.enum;
        expect(tool.description, `${tool.name} ${name}`).toContain(values ? `${name} (${values.join(', ')})` : name);
      }
    }
  });

  it('takes a multi-value argument as one value, several joined by commas, or a list, as its schema states, and answers as REST', async () => {
    const schema = (await client.listTools()).tools.find((t) => t.name === 'list_tools')!.inputSchema;
    const valid = new Ajv({ strict: false }).compile(schema);
    const both = await rest('/tools?pricing=free,freemium');
    for (const pricing of ['free,freemium', ['free', 'freemium']]) {
      expect(valid({ pricing }), JSON.stringify(pricing)).toBe(true);
      expect((await call('list_tools', { pricing })).structuredContent).toEqual(both);
    }
    expect(valid({ pricing: 'free' })).toBe(true);
    expect((await call('list_tools', { pricing: 'free' })).structuredContent).toEqual(await rest('/tools?pricing=free'));
    expect(valid({ pricing: 'free,cheap' })).toBe(false);
  });
});

describe('refusals', () => {
  it('answer a refused value with the REST 400\'s message for the same value', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['list_tools', { open_source: 'yes' }, '/tools?open_source=yes'],
      ['list_tools', { per_page: 500 }, '/tools?per_page=500'],
      ['list_tools', { page: 'x' }, '/tools?page=x'],
      ['list_tools', { sort: 'oldest' }, '/tools?sort=oldest'],
      ['list_tools', { updated_since: '2026-13-01' }, '/tools?updated_since=2026-13-01'],
      ['list_categories', { group: 'audi' }, '/categories?group=audi'],
      ['search_tools', { q: 'voice', limit: 51 }, '/search?q=voice&limit=51'],
    ];
    for (const [tool, args, query] of cases) {
      const r = await call(tool, args);
      expect(r.isError, query).toBe(true);
      expect(r.content[0]!.text, query).toBe((await rest(query)).error);
    }
  });

  it('put REST\'s examples of a query string as arguments', async () => {
    const [refused] = (await rest('/tools?pricing=free,cheap')).error.split(' Several values');
    expect(await text('list_tools', { pricing: ['free', 'cheap'] })).toBe(`${refused} Several values are joined by commas (e.g. pricing: "free,freemium").`);
    expect(await text('search_tools', {})).toBe('Missing required parameter \'q\': send the search text, 1 to 200 characters (e.g. q: "text to speech").');
  });

  it('put a query string, one value, several joined or repeated, as the arguments it stands for', () => {
    expect(mcpWords('Send the text (e.g. ?q=text+to+speech).')).toBe('Send the text (e.g. q: "text to speech").');
    expect(mcpWords('Joined (e.g. pricing=free,freemium) or repeated (e.g. pricing=free&pricing=freemium).'))
      .toBe('Joined (e.g. pricing: "free,freemium") or repeated (e.g. pricing: ["free","freemium"]).');
  });

  it('name the MCP tool to call, never a REST path', async () => {
    const answers = await Promise.all([
      text('get_tool', { slug: 'zzzzzz' }), text('get_category', { slug: 'zzzzzz' }), text('similar_tools', { slug: 'zzzzzz' }),
      text('list_tools', { similar_to: 'zzzzzz' }), text('list_tools', { category: 'zzzzzz' }), text('search_tools', { q: 'x', category: ['zzzzzz'] }),
    ]);
    for (const answer of answers) expect(answer).not.toMatch(/\/api\/v1|GET \//);
    expect(answers[0]).toBe('No tool with slug \'zzzzzz\'. Find one with search_tools or list_tools.');
    expect(answers[4]).toContain('list_categories');
  });

  it('say what to send for an empty slug, or none, instead of the slugs nearest to nothing', async () => {
    const tool = 'Argument \'slug\' needs a tool\'s slug, e.g. "elevenlabs"; search_tools and list_tools give each tool\'s slug.';
    for (const slug of ['', '   ', null]) {
      expect(await text('get_tool', { slug })).toBe(tool);
      expect(await text('similar_tools', { slug })).toBe(tool);
    }
    expect(await text('get_tool', {})).toBe(tool);
    expect(await text('get_category', { slug: '' })).toBe('Argument \'slug\' needs a category\'s slug, e.g. "text-to-speech"; list_categories gives each category\'s slug.');
  });
});

describe('answers', () => {
  it('get_category lists its tools by name and slug', async () => {
    expect(await text('get_category', { slug: 'text-to-speech' })).toMatch(/\nTools \(read one with get_tool\): ElevenLabs \(elevenlabs\), Murf \(murf\)$/);
  });

  it('a retired tool names its successor and its alternatives, by name and slug, as REST\'s 410 body carries them', async () => {
    const gone = await rest('/tools/old-diffusion');
    expect(gone).toMatchObject({ successor: { slug: 'stable-diffusion' }, alternatives: [{ slug: 'midjourney' }] });
    const answer = await call('get_tool', { slug: 'old-diffusion' });
    expect(answer.isError).toBe(true);
    expect(answer.content[0]!.text).toBe(`${gone.error} With get_tool, read its successor Stable Diffusion (stable-diffusion) or its alternatives Midjourney (midjourney).`);
    expect(await text('similar_tools', { slug: 'playht' })).toMatch(/; alternatives: 'elevenlabs', 'murf'\. With get_tool, read its alternatives ElevenLabs \(elevenlabs\), Murf \(murf\)\.$/);
  });
});
