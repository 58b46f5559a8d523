// POST /mcp: the MCP tools over Streamable HTTP, stateless with JSON responses (the SDK's
// web-standard transport, so the Node and edge adapters share it). The key comes in X-API-Key or
// `Authorization: Bearer sk_...`; 401s, 429 and the X-RateLimit-* headers are the REST API's, and
// every HTTP request counts once. GET and DELETE are 405: no server-initiated streams, no sessions.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Gateway } from './gateway.ts';
import { createMcpServer } from './mcp.ts';
import { baseHeaders, failure, HttpError, preflight, rateHeaders, toResponse, tooManyRequests } from './responses.ts';

export const MCP_PATH = '/mcp';
const MCP_ALLOW = 'POST, OPTIONS';

export async function handleMcp(gateway: Gateway, request: Request, log: (line: string) => void, now: () => number = Date.now): Promise<Response> {
  const headers = baseHeaders(crypto.randomUUID());
  const method = request.method.toUpperCase();
  let keyId: string | undefined;
  try {
    if (method === 'OPTIONS') {
      const result = preflight(headers);
      result.headers['Access-Control-Allow-Methods'] = MCP_ALLOW;
      result.headers['Access-Control-Allow-Headers'] = 'X-API-Key, Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id';
      return toResponse(result, method);
    }
    if (method !== 'POST') {
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Method ${method.slice(0, 20)} is not allowed on ${MCP_PATH}; send MCP messages with POST (this server keeps no sessions and opens no streams).`, { Allow: MCP_ALLOW });
    }
    const id = await gateway.authenticate(request.headers.get('x-api-key'), request.headers.get('authorization'));
    keyId = id.id;
    const rate = await gateway.countRequest(id.plan, id.id);
    Object.assign(headers, rateHeaders(rate), { 'Cache-Control': 'private' });
    if (!rate.success) throw tooManyRequests(rate.limit, rate.reset, now());
    const server = createMcpServer(gateway);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      const answer = await transport.handleRequest(request);
      const merged = new Headers(answer.headers);
      for (const [name, value] of Object.entries(headers)) if (name !== 'Content-Type' || !merged.has(name)) merged.set(name, value);
      return new Response(answer.body === null ? null : await answer.arrayBuffer(), { status: answer.status, headers: merged });
    } finally {
      await server.close();
    }
  } catch (e) {
    return toResponse(failure(headers, e, log, keyId), method);
  }
}
