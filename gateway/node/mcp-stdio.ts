// npm run mcp: the MCP tools over stdio, on the local snapshot, for one user on their own machine
// (no key, no limit). stdout carries only the protocol; messages go to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { BoundedCache, DEFAULT_CACHE_BYTES } from '../core/bounded-cache.ts';
import { createMcpServer } from '../core/mcp.ts';
import { createRoutes } from '../core/routes.ts';
import { loadSnapshot } from './load.ts';

const DIST = process.env.DIST_DIR ?? 'dist';
const snapshot = await loadSnapshot(DIST);
// Keys and limits belong to the HTTP front doors; over stdio the one local user is trusted.
const log = (line: string) => process.stderr.write(`${line}\n`);
const routes = createRoutes({ snapshot: snapshot.view, cache: new BoundedCache(DEFAULT_CACHE_BYTES), log });
await createMcpServer({ routes, snapshot: snapshot.view }).connect(new StdioServerTransport());
process.stderr.write(`AI Tools Catalog MCP server on stdio (snapshot ${snapshot.view.id}, ${snapshot.view.data.tools.length} tools).\n`);
