// The Node adapter: translates node:http's request to the core's and the core's result back
// (send.ts), within the bounds node:http enforces (header size and time). What node:http would
// answer on its own is answered in the core's envelope (refusals.ts).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { splitTarget, type Gateway, type GatewayRequest, type GatewayResult } from '../core/gateway.ts';
import { errorResult, HttpError, INTERNAL_ERROR_MESSAGE } from '../core/responses.ts';
import type { PrebuiltBytes } from './load.ts';
import { expectationRefusal, hostRefusal, refuseOnSocket } from './refusals.ts';
import { send } from './send.ts';

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

export function createServer(site: ServerOptions): http.Server {
  const { accessLog = (l) => process.stdout.write(`${l}\n`), errorLog = (l) => console.error(l), headersTimeoutMs = 10_000 } = site;
  const server = http.createServer(serverOptions(headersTimeoutMs), (req, res) => {
    const started = performance.now();
    const refused = hostRefusal(req);
    if (refused) return send(res, refused, site.bodies, site.gateway.cache);
    const { gateway, bodies } = site;
    // The core answers every error itself; a rejection is a bug.
    gateway.handle(toGatewayRequest(req)).then((r) => deliver(res, r, gateway, bodies, started), (e: unknown) => internalError(res, randomUUID(), e, ''));
  });

  /** The last line of defence: a failure the core did not answer is logged with the request id, and answered 500 if nothing was sent yet. */
  function internalError(res: http.ServerResponse, id: string, e: unknown, during: string): void {
    errorLog(`internal error ${id}${during}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
    if (res.headersSent) res.destroy();
    else send(res, errorResult(new HttpError(500, 'INTERNAL_ERROR', INTERNAL_ERROR_MESSAGE), id), site.bodies, site.gateway.cache);
  }

  /** Sends the core's answer and logs the request; a client that went away is not a server error: its line says so. */
  function deliver(res: http.ServerResponse, result: GatewayResult, gateway: Gateway, bodies: Map<string, PrebuiltBytes>, started: number): void {
    let status: number | string = res.destroyed && result.status !== 500 ? 'aborted' : result.status;
    try {
      if (!res.destroyed) send(res, result, bodies, gateway.cache);
    } catch (e) {
      internalError(res, result.headers['X-Request-Id']!, e, ' while sending');
      status = 500;
    }
    accessLog(`${res.req.method} ${splitTarget(res.req.url ?? '/').path} ${status} ${(performance.now() - started).toFixed(2)}ms ${result.keyId ?? '-'}`);
  }

  server.on('checkExpectation', (_req: http.IncomingMessage, res: http.ServerResponse) => send(res, expectationRefusal(), site.bodies, site.gateway.cache));
  refuseOnSocket(server, headersTimeoutMs);
  return server;
}

/** node:http's bounds: API.md's header size and time; the Host header is checked in the envelope (refusals.ts). */
function serverOptions(headersTimeoutMs: number): http.ServerOptions {
  return {
    requireHostHeader: false,
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout: headersTimeoutMs,
    requestTimeout: Math.max(300_000, headersTimeoutMs),
    connectionsCheckingInterval: Math.min(1_000, Math.max(50, headersTimeoutMs / 4)),
  };
}

/** node:http's request as the core reads it: the target as sent (the core parses it), the headers as they are. */
function toGatewayRequest(req: http.IncomingMessage): GatewayRequest {
  const request: GatewayRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: new RequestHeaders(req.headers), body: null };
  // Only POST /mcp has a body, read by the core once the key and the limit allow it. The stream
  // is made then: made earlier, it would start reading the body into memory at once.
  if (request.method === 'POST') Object.defineProperty(request, 'body', { get: () => Readable.toWeb(req) as ReadableStream<Uint8Array> });
  return request;
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
