// POST /mcp as a route of the core: the MCP tools over Streamable HTTP, stateless, JSON responses
// (the SDK's web-standard transport, so every adapter shares it). The gateway checks the method,
// the key and the limit as for /api/v1; this file reads the body (after the key: API.md), says how
// many JSON-RPC calls it holds (each counts), and answers it.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createMcpServer, type McpSources } from './mcp.ts';
import { HttpError, type Answer } from './responses.ts';

export const MCP_PATH = '/mcp';
export const MCP_ALLOW = 'POST, OPTIONS';
export const MCP_ALLOW_HEADERS = 'X-API-Key, Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id';
/** API.md: a body over 1 MiB is 413. A JSON-RPC call to these tools is a few hundred bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** API.md: a body that has not arrived within 10 s is 408. */
export const BODY_DEADLINE_MS = 10_000;

/** What the route reads of a request: a Web Request has this shape. */
export interface McpRequest {
  headers: { get(name: string): string | null };
  body?: ReadableStream<Uint8Array> | null;
}

/** The request's body as text: 413 past MAX_BODY_BYTES (read no further), 408 past BODY_DEADLINE_MS. */
export async function readBody(request: McpRequest, deadlineMs = BODY_DEADLINE_MS): Promise<string> {
  const announced = Number(request.headers.get('content-length') ?? 0);
  if (announced > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(408, 'REQUEST_TIMEOUT', `The request body did not arrive within ${deadlineMs / 1000} s; send the whole body at once.`)), deadlineMs);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read().catch(() => { throw ended(); }), expired]);
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) throw tooLarge();
      chunks.push(value);
    }
  } catch (e) {
    void reader.cancel().catch(() => {});
    throw e;
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.byteLength; }
  return new TextDecoder().decode(bytes);
}

/** The client went away (or its stream broke) before the body ended: not a server error. */
function ended(): HttpError {
  return new HttpError(400, 'INVALID_PARAMETER', 'The request body ended before it was complete (the connection closed); send the whole body again.');
}

function tooLarge(): HttpError {
  return new HttpError(413, 'CONTENT_TOO_LARGE', `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB); send one JSON-RPC message, or a smaller batch.`);
}

/**
 * The parsed body (undefined when it is not JSON) and how many calls it counts (API.md): each
 * JSON-RPC request, none for a notification or a response; 1 for a body the transport refuses.
 */
export function countCalls(text: string): { parsed: unknown; calls: number } {
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch { return { parsed: undefined, calls: 1 }; }
  const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  const isMessage = (m: unknown): m is object => typeof m === 'object' && m !== null && !Array.isArray(m);
  if (messages.length === 0 || !messages.every(isMessage)) return { parsed, calls: 1 };
  return { parsed, calls: messages.filter((m) => 'method' in m && 'id' in m).length };
}

/** The transport's answer to the body, as an Answer of the core. */
export async function answerMcp(sources: McpSources, request: McpRequest, text: string, parsed: unknown): Promise<Answer> {
  const headers = new Headers();
  for (const name of ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id']) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const server = createMcpServer(sources);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const web = new Request(`http://localhost${MCP_PATH}`, { method: 'POST', headers, ...(parsed === undefined && { body: text }) });
    const response = await transport.handleRequest(web, parsed === undefined ? undefined : { parsedBody: parsed });
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => { answerHeaders[name === 'content-type' ? 'Content-Type' : name] = value; });
    const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer());
    return { status: response.status, body, headers: answerHeaders };
  } finally {
    await server.close();
  }
}
