// npm run mcp: the MCP tools over stdio, on the local snapshot, for one user on their own machine
// (no key, no limit). stdout carries only the protocol; messages go to stderr. MCP clients start it
// from any folder (several ignore "cwd"), so the snapshot is found from this file, not the folder.
import { fileURLToPath } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { BoundedCache, DEFAULT_CACHE_BYTES } from '../core/bounded-cache.ts';
import { createMcpServer } from '../core/mcp.ts';
import { createRoutes } from '../core/routes.ts';
import { loadSnapshot } from './load.ts';

/** dist/ of this project: this file sits two folders down, as gateway/node/ or gateway/bundle/. */
const DIST = process.env.DIST_DIR ?? fileURLToPath(new URL('../../dist', import.meta.url));
const snapshot = await loadSnapshot(DIST).catch((e: Error) => {
  process.stderr.write(`No snapshot to serve in ${DIST} (${e.message}). Build it with: npm --prefix ${fileURLToPath(new URL('../..', import.meta.url))} run build\n`);
  process.exit(1);
});
// Keys and limits belong to the HTTP front doors; over stdio the one local user is trusted.
const log = (line: string) => process.stderr.write(`${line}\n`);
const routes = createRoutes({ snapshot: snapshot.view, cache: new BoundedCache(DEFAULT_CACHE_BYTES), log });
await createMcpServer({ routes, snapshot: snapshot.view }).connect(new StdioServerTransport());
process.stderr.write(`AI Tools Catalog MCP server on stdio (snapshot ${snapshot.view.id}, ${snapshot.view.data.tools.length} tools).\n`);
