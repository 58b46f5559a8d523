// POST /mcp as a route of the core: the MCP tools over Streamable HTTP, stateless, JSON responses
// (the SDK's web-standard transport, so every adapter shares it). The gateway checks the method,
// the key and the limit as for /api/v1, and holds the body within the budget of bodies in flight;
// this file reads the body (after the key and the limit: API.md), says how many JSON-RPC calls it
// holds (each counts), and answers it.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { withDeadline } from './deadline.ts';
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

/** API.md: a batch of more calls than this is 400, whatever the plan allows. */
export const MAX_BATCH_CALLS = 100;

/** The bytes a request announces for its body (Content-Length); MAX_BODY_BYTES + 1 when it announces more, MAX_BODY_BYTES when nothing. */
export function announcedBytes(request: McpRequest): number {
  const header = request.headers.get('content-length');
  const announced = header !== null && /^\d{1,16}$/.test(header.trim()) ? Number(header) : MAX_BODY_BYTES;
  return Math.min(announced, MAX_BODY_BYTES + 1);
}

/** The request's body as text: 413 past MAX_BODY_BYTES (read no further), 408 past BODY_DEADLINE_MS. */
export async function readBody(request: McpRequest, deadlineMs = BODY_DEADLINE_MS): Promise<string> {
  if (announcedBytes(request) > MAX_BODY_BYTES) throw tooLarge();
  const body = request.body;
  if (!body) return '';
  const reader = body.getReader();
  try {
    return await withDeadline(readText(reader), () => new HttpError(408, 'REQUEST_TIMEOUT', `The request body did not arrive within ${deadlineMs / 1000} s; send the whole body at once.`), deadlineMs);
  } catch (e) {
    void reader.cancel().catch(() => {});
    throw e;
  }
}

/** The text of a body, decoded as it arrives: held once, as its text, never also as chunks and a copy. */
async function readText(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => { throw ended(); });
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    text += decoder.decode(value, { stream: true });
  }
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
 * JSON-RPC request; a body that holds none (only notifications or responses) or that the
 * transport refuses still counts once, so no body is free.
 */
export function countCalls(text: string): { parsed: unknown; calls: number } {
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch { return { parsed: undefined, calls: 1 }; }
  const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  const isMessage = (m: unknown): m is object => typeof m === 'object' && m !== null && !Array.isArray(m);
  if (messages.length === 0 || !messages.every(isMessage)) return { parsed, calls: 1 };
  return { parsed, calls: Math.max(1, messages.filter((m) => 'method' in m && 'id' in m).length) };
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
