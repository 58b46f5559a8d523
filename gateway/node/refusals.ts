// What node:http would answer on its own (an unparseable request, a missing Host, Expect, CONNECT,
// slow or oversized headers), answered instead in the core's envelope: the sentences are the Node
// adapter's, since only node:http meets these requests; the envelope, its headers and its request id
// come from the core.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { ALLOW, errorResult, HttpError, type GatewayResult } from '../core/responses.ts';

const READ_ONLY = 'this API is read-only and accepts GET and HEAD (and OPTIONS for CORS preflight)';

/** 400 for a request whose Host headers node:http lets through but HTTP/1.1 forbids; undefined when they are right. */
export function hostRefusal(req: http.IncomingMessage): GatewayResult | undefined {
  const hosts = hostHeaders(req.rawHeaders);
  if (hosts > 1) return errorResult(new HttpError(400, 'INVALID_PARAMETER', 'More than one Host header; send exactly one.'));
  if (hosts === 0 && req.httpVersionMinor >= 1 && req.httpVersionMajor === 1) {
    return errorResult(new HttpError(400, 'INVALID_PARAMETER', 'Missing Host header; HTTP/1.1 requests must send one.'));
  }
  return undefined;
}

function hostHeaders(raw: string[]): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') n++;
  }
  return n;
}

export const expectationRefusal = (): GatewayResult => errorResult(new HttpError(417, 'EXPECTATION_FAILED', 'Unsupported Expect header; this API understands only Expect: 100-continue.'));

/**
 * Answers, on the socket node:http gave up on, the requests it refuses before any handler: CONNECT,
 * unknown methods, headers too large or too slow, and anything it cannot parse.
 */
export function refuseOnSocket(server: http.Server, headersTimeoutMs: number): void {
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => {
    writeRaw(socket, errorResult(new HttpError(405, 'METHOD_NOT_ALLOWED', `Method CONNECT is not allowed; ${READ_ONLY}.`, { Allow: ALLOW })));
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return socket.destroy();
    writeRaw(socket, errorResult(clientError(err.code, headersTimeoutMs)));
  });
}

function clientError(code: string | undefined, headersTimeoutMs: number): HttpError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HttpError(431, 'REQUEST_HEADERS_TOO_LARGE', 'Request headers are too large; send at most 16 KB of headers.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpError(408, 'REQUEST_TIMEOUT', `The request headers did not arrive within ${headersTimeoutMs / 1000} s.`);
    case 'HPE_INVALID_METHOD':
      return new HttpError(405, 'METHOD_NOT_ALLOWED', `Unknown method; ${READ_ONLY}. Methods are case-sensitive.`, { Allow: ALLOW });
    default:
      return new HttpError(400, 'INVALID_PARAMETER', 'Malformed HTTP request; send a valid HTTP/1.1 request.');
  }
}

/** A result written as HTTP/1.1 straight to the socket, which is then closed. */
function writeRaw(socket: Duplex, result: GatewayResult): void {
  const body = typeof result.body === 'string' ? result.body : '';
  let head = `HTTP/1.1 ${result.status} ${http.STATUS_CODES[result.status]}\r\n`;
  for (const [name, value] of Object.entries(result.headers)) head += `${name}: ${value}\r\n`;
  socket.end(`${head}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
