// npm run mcp: the MCP tools over stdio, on the local snapshot, for one user on their own machine
// (no key, no limit). stdout carries only the protocol; messages go to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createGateway } from '../core/gateway.ts';
import { createMcpServer } from '../core/mcp.ts';
import { loadSnapshot } from './load.ts';

const DIST = process.env.DIST_DIR ?? 'dist';
const snapshot = await loadSnapshot(DIST);
// Keys and limits belong to the HTTP front doors; over stdio the one local user is trusted.
const gateway = createGateway({
  snapshot: snapshot.view, keys: { lookup: async () => ({ status: 'unknown' }) }, limiterFor: () => undefined,
  log: (line) => process.stderr.write(`${line}\n`),
});
await createMcpServer(gateway).connect(new StdioServerTransport());
process.stderr.write(`AI Tools Catalog MCP server on stdio (snapshot ${snapshot.view.id}, ${snapshot.view.data.tools.length} tools).\n`);
