// The stdio MCP server as the README configures it for clients that ignore "cwd": started from
// another folder, through npm --prefix and as the bundled entry run by node, on this project's snapshot.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';

async function searchFrom(command: string, args: string[]): Promise<string[]> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  const env = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !['DIST_DIR', 'CATALOG_DIR', 'npm_config_prefix'].includes(k))) as Record<string, string>;
  await client.connect(new StdioClientTransport({ command, args, cwd: tmpdir(), env, stderr: 'ignore' }));
  try {
    const result = await client.callTool({ name: 'search_tools', arguments: { q: 'elevenlabs', limit: 1 } }) as unknown as { structuredContent: { data: { slug: string }[] } };
    return result.structuredContent.data.map((t) => t.slug);
  } finally {
    await client.close();
  }
}

describe('MCP over stdio from any folder', () => {
  it('works through npm --prefix <project> run mcp, started from another folder', async () => {
    expect(await searchFrom('npm', ['--prefix', ROOT, 'run', '--silent', 'mcp'])).toEqual(['elevenlabs']);
  }, 90_000);

  it('works as node <project>/gateway/bundle/mcp-stdio.mjs, started from another folder', async () => {
    expect(await searchFrom(process.execPath, [path.join(ROOT, 'gateway/bundle/mcp-stdio.mjs')])).toEqual(['elevenlabs']);
  }, 60_000);
});
