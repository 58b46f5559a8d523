// The Node adapter: translates node:http to the core and back. Prebuilt bodies come from memory,
// in the best encoding the client accepts. Whatever node:http would answer on its own (an
// unparseable request, a missing Host, Expect, CONNECT, slow or oversized headers) is answered
// here in the API's JSON envelope instead.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Readable, type Duplex } from 'node:stream';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { BoundedCache } from '../core/bounded-cache.ts';
import type { Gateway, GatewayRequest, GatewayResult } from '../core/gateway.ts';
import { ALLOW, errorBody, INTERNAL_ERROR_MESSAGE, JSON_TYPE } from '../core/responses.ts';
import type { ErrorCode } from '../../snapshot/contract.ts';
import type { PrebuiltBytes } from './load.ts';

export interface ServerOptions {
  /**
   * The gateway and the prebuilt bodies of the snapshot it serves, read at the start of each request:
   * replacing both (a new snapshot) leaves requests in flight to finish on the ones they started with.
   */
  gateway: Gateway;
  bodies: Map<string, PrebuiltBytes>;
  /** One line per request; the default writes to stdout. */
  accessLog?: (line: string) => void;
  /** Errors the core did not answer (a bug in sending), with the request id; default stderr. */
  errorLog?: (line: string) => void;
  /** API.md: the headers must arrive within 10 s (408 otherwise). */
  headersTimeoutMs?: number;
}

/** API.md: more than 16 KB of headers is 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** The core builds absolute URLs from its configured public base, never from the Host header. */
const ORIGIN = 'http://localhost';

export function createServer(site: ServerOptions): http.Server {
  const { accessLog = (l) => process.stdout.write(`${l}\n`), errorLog = (l) => console.error(l), headersTimeoutMs = 10_000 } = site;
  const server = http.createServer({
    requireHostHeader: false, // answered below, in the envelope
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout: headersTimeoutMs,
    requestTimeout: Math.max(300_000, headersTimeoutMs),
    connectionsCheckingInterval: Math.min(1_000, Math.max(50, headersTimeoutMs / 4)),
  }, (req, res) => {
    const started = performance.now();
    const hosts = hostHeaders(req.rawHeaders);
    if (hosts > 1) return answer(res, 400, 'INVALID_PARAMETER', 'More than one Host header; send exactly one.');
    if (hosts === 0 && req.httpVersionMinor >= 1 && req.httpVersionMajor === 1) {
      return answer(res, 400, 'INVALID_PARAMETER', 'Missing Host header; HTTP/1.1 requests must send one.');
    }
    const target = pathOf(req.url ?? '/');
    const method = req.method ?? 'GET';
    const request: GatewayRequest = { method, url: target, headers: new RequestHeaders(req.headers), body: null };
    // Only POST /mcp has a body, read by the core once the key and the limit allow it. The stream
    // is made then: made earlier, it would start reading the body into memory at once.
    if (method === 'POST') Object.defineProperty(request, 'body', { get: () => Readable.toWeb(req) as ReadableStream<Uint8Array> });
    // The core answers every error itself; a rejection is a bug.
    const { gateway, bodies } = site;
    gateway.handle(request).then((r) => deliver(res, r, bodies, method, target, started), (e: unknown) => internalError(res, randomUUID(), e, ''));
  });

  /** The last line of defence: a failure the core did not answer is logged with the request id, and answered 500 if nothing was sent yet. */
  function internalError(res: http.ServerResponse, id: string, e: unknown, during: string): void {
    errorLog(`internal error ${id}${during}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
    if (res.headersSent) res.destroy();
    else answer(res, 500, 'INTERNAL_ERROR', INTERNAL_ERROR_MESSAGE, id);
  }

  /** Sends the core's answer and logs the request. */
  function deliver(res: http.ServerResponse, result: GatewayResult, bodies: Map<string, PrebuiltBytes>, method: string, target: string, started: number): void {
    // A client that went away is not a server error: its one access-log line says so.
    const status = res.destroyed ? 'aborted' : result.status;
    try {
      if (!res.destroyed) send(res, result, bodies, site.gateway.cache, res.req.headers['accept-encoding']);
    } catch (e) {
      internalError(res, result.headers['X-Request-Id']!, e, ' while sending');
      result = { ...result, status: 500 };
    }
    const q = target.indexOf('?');
    accessLog(`${method} ${q === -1 ? target : target.slice(0, q)} ${result.status === 500 ? 500 : status} ${(performance.now() - started).toFixed(2)}ms ${result.keyId ?? '-'}`);
  }

  server.on('checkExpectation', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    answer(res, 417, 'EXPECTATION_FAILED', 'Unsupported Expect header; this API understands only Expect: 100-continue.');
  });
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => {
    rawAnswer(socket, 405, 'Method Not Allowed', 'METHOD_NOT_ALLOWED', 'Method CONNECT is not allowed; this API is read-only and accepts GET and HEAD (and OPTIONS for CORS preflight).', `Allow: ${ALLOW}\r\n`);
  });
  // Requests node:http refuses before they reach the handler still get JSON in the envelope.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return socket.destroy();
    switch (err.code) {
      case 'HPE_HEADER_OVERFLOW':
        return rawAnswer(socket, 431, 'Request Header Fields Too Large', 'REQUEST_HEADERS_TOO_LARGE', 'Request headers are too large; send at most 16 KB of headers.');
      case 'ERR_HTTP_REQUEST_TIMEOUT':
        return rawAnswer(socket, 408, 'Request Timeout', 'REQUEST_TIMEOUT', `The request headers did not arrive within ${headersTimeoutMs / 1000} s.`);
      case 'HPE_INVALID_METHOD':
        return rawAnswer(socket, 405, 'Method Not Allowed', 'METHOD_NOT_ALLOWED', 'Unknown method; this API is read-only and accepts GET and HEAD (and OPTIONS for CORS preflight). Methods are case-sensitive.', `Allow: ${ALLOW}\r\n`);
      default:
        return rawAnswer(socket, 400, 'Bad Request', 'INVALID_PARAMETER', 'Malformed HTTP request; send a valid HTTP/1.1 request.');
    }
  });
  return server;
}

/** The path and query a request target names: origin-form as is, absolute-form (RFC 9112 3.2.2) reduced to it. */
export function pathOf(target: string): string {
  if (target.charCodeAt(0) === 47 /* / */) return target;
  const scheme = /^https?:\/\/[^/?#]*/i.exec(target);
  if (scheme === null) return '/';
  const rest = target.slice(scheme[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

function hostHeaders(raw: string[]): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') n++;
  }
  return n;
}

/** node:http's headers as the core reads them (a class: no function is made per request). */
class RequestHeaders {
  constructor(private readonly headers: http.IncomingHttpHeaders) {}
  get(name: string): string | null {
    const v = this.headers[name];
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(', ') : v;
  }
}

/** An error in the envelope on a response node:http has not sent yet. */
function answer(res: http.ServerResponse, status: number, code: ErrorCode, message: string, requestId: string = randomUUID()): void {
  const body = errorBody(code, message);
  res.writeHead(status, {
    'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body), 'X-Request-Id': requestId,
    'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** An error in the envelope written straight to a socket that node:http gave up on; then closed. */
function rawAnswer(socket: Duplex, status: number, reason: string, code: ErrorCode, message: string, extra = ''): void {
  const body = errorBody(code, message);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${randomUUID()}\r\nAccess-Control-Allow-Origin: *\r\nCache-Control: no-store\r\n${extra}Connection: close\r\n\r\n${body}`);
}

function send(res: http.ServerResponse, result: GatewayResult, bodies: Map<string, PrebuiltBytes>, cache: BoundedCache, acceptEncoding: string | undefined): void {
  const headers: Record<string, string | number> = result.headers;
  let payload: Uint8Array | string | null = result.body;
  if (result.prebuilt !== undefined && result.status === 200) {
    const bytes = bodies.get(result.prebuilt);
    if (bytes === undefined) throw new Error(`prebuilt body not loaded: ${result.prebuilt}`);
    const encoding = chooseEncoding(acceptEncoding, bytes);
    payload = encoding ? bytes[encoding]! : bytes.identity;
    headers.Vary = 'Accept-Encoding';
    if (encoding) headers['Content-Encoding'] = encoding;
  } else if (result.status === 200 && payload instanceof Uint8Array && payload.byteLength >= COMPRESS_FROM_BYTES) {
    const encoding = chooseEncoding(acceptEncoding, { identity: payload, gzip: payload, br: payload } as unknown as PrebuiltBytes);
    headers.Vary = 'Accept-Encoding';
    if (encoding) {
      payload = compressed(cache, result.headers.ETag, payload, encoding);
      headers['Content-Encoding'] = encoding;
    }
  }
  if (payload !== null) headers['Content-Length'] = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
  // A body refused before it was read is not read afterwards either: the connection closes.
  if (!res.req.complete) headers.Connection = 'close';
  res.writeHead(result.status, headers);
  // HEAD: the same headers as GET (Content-Length included), no body.
  res.end(res.req.method === 'HEAD' || payload === null ? undefined : payload);
}

/** A computed body smaller than this goes out as it is: compressing it saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A computed body compressed, made on its first request in that encoding and remembered in the
 * gateway's cache under its ETag (which names its content), weighed like everything else there. A
 * repeated request then costs what a prebuilt page costs.
 */
function compressed(cache: BoundedCache, etag: string | undefined, body: Uint8Array, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}\0${etag}`;
  const known = etag === undefined ? undefined : cache.get<Buffer>(key);
  if (known !== undefined) return known;
  // Brotli at quality 5: close to the build's ratio for a fraction of its time on a request.
  const made = encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
    : gzipSync(body, { level: 6 });
  if (etag !== undefined) cache.set(key, made, made.byteLength);
  return made;
}

/** br, then gzip, when the client accepts them (q=0 refuses). */
function chooseEncoding(header: string | undefined, bytes: PrebuiltBytes): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (bytes.br && ok('br')) return 'br';
  if (bytes.gzip && ok('gzip')) return 'gzip';
  return undefined;
}
