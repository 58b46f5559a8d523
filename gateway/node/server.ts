// The Node adapter: translates node:http to the core and back. Prebuilt bodies come from memory,
// in the best encoding the client accepts.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Gateway, GatewayResult } from '../core/gateway.ts';
import { MCP_PATH } from '../core/mcp-http.ts';
import type { PrebuiltBytes } from './load.ts';

export interface ServerOptions {
  gateway: Gateway;
  bodies: Map<string, PrebuiltBytes>;
  /** One line per request; the default writes to stdout. */
  accessLog?: (line: string) => void;
}

/**
 * Access-log lines batched into one write per tick-ish interval: a write per request is a syscall
 * per request, which costs more than the rest of serving a prebuilt page.
 */
export function bufferedLog(write: (chunk: string) => void = (c) => process.stdout.write(c), flushMs = 50): { log: (line: string) => void; flush: () => void } {
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) { clearTimeout(timer); timer = undefined; }
    if (pending.length === 0) return;
    const chunk = `${pending.join('\n')}\n`;
    pending = [];
    write(chunk);
  };
  return {
    log(line) {
      pending.push(line);
      if (pending.length >= 512) flush();
      else timer ??= setTimeout(flush, flushMs).unref();
    },
    flush,
  };
}

export function createServer({ gateway, bodies, accessLog = (l) => process.stdout.write(`${l}\n`) }: ServerOptions): http.Server {
  const server = http.createServer((req, res) => {
    const started = performance.now();
    if (req.url === MCP_PATH) {
      serveMcp(gateway, req, res, accessLog, started).catch((e: unknown) => {
        console.error(e);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end('{"error":"Internal error.","code":"INTERNAL_ERROR"}');
      });
      return;
    }
    req.resume(); // a body on a GET is read and ignored, so keep-alive connections stay usable
    const host = req.headers.host && /^[A-Za-z0-9.:[\]-]+$/.test(req.headers.host) ? req.headers.host : 'localhost';
    const url = `http://${host}${req.url?.startsWith('/') ? req.url : '/'}`;
    const request = {
      method: req.method ?? 'GET',
      url,
      headers: { get: (name: string) => headerValue(req.headers[name]) },
    };
    gateway.handle(request).then((result) => {
      send(res, result, bodies, req.headers['accept-encoding']);
      const path = url.slice(url.indexOf('/', 7)).split('?')[0];
      accessLog(`${request.method} ${path} ${result.status} ${(performance.now() - started).toFixed(2)}ms ${result.keyId ?? '-'}`);
    }, (e: unknown) => {
      // The core answers every error itself; this is the last line of defence.
      console.error(e);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end('{"error":"Internal error.","code":"INTERNAL_ERROR"}');
    });
  });
  // Requests node:http cannot parse (malformed headers, oversized header blocks) still get JSON.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify(tooLarge
      ? { error: 'Request headers are too large; send at most 16 KB of headers.', code: 'INVALID_PARAMETER' }
      : { error: 'Malformed HTTP request; send a valid HTTP/1.1 request.', code: 'INVALID_PARAMETER' });
    socket.end(`HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${randomUUID()}\r\nAccess-Control-Allow-Origin: *\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`);
  });
  return server;
}

/** The largest MCP message read; a JSON-RPC call to these tools is a few hundred bytes. */
const MCP_BODY_LIMIT = 1024 * 1024;

/** POST /mcp: the core takes a Web Request and answers a Web Response; only this path pays for the conversion. */
async function serveMcp(gateway: Gateway, req: http.IncomingMessage, res: http.ServerResponse, accessLog: (line: string) => void, started: number): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MCP_BODY_LIMIT) chunks.push(chunk as Buffer);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const method = req.method ?? 'POST';
  const withBody = method !== 'GET' && method !== 'HEAD';
  const request = new Request(`http://${headers.get('host') ?? 'localhost'}${MCP_PATH}`, { method, headers, ...(withBody && { body: size > MCP_BODY_LIMIT ? '' : Buffer.concat(chunks) }) });
  const response = await gateway.mcp(request);
  const body = Buffer.from(await response.arrayBuffer());
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => { out[name] = value; });
  res.writeHead(response.status, { ...out, 'content-length': String(body.length) });
  res.end(method === 'HEAD' ? undefined : body);
  accessLog(`${method} ${MCP_PATH} ${response.status} ${(performance.now() - started).toFixed(2)}ms -`);
}

function headerValue(v: string | string[] | undefined): string | null {
  if (v === undefined) return null;
  return Array.isArray(v) ? v.join(', ') : v;
}

function send(res: http.ServerResponse, result: GatewayResult, bodies: Map<string, PrebuiltBytes>, acceptEncoding: string | undefined): void {
  const headers: Record<string, string | number> = { ...result.headers };
  let payload: Buffer | string | null = result.body;
  if (result.prebuilt !== undefined && result.status === 200) {
    const bytes = bodies.get(result.prebuilt);
    if (bytes === undefined) throw new Error(`prebuilt body not loaded: ${result.prebuilt}`);
    const encoding = chooseEncoding(acceptEncoding, bytes);
    payload = encoding ? bytes[encoding]! : bytes.identity;
    headers.Vary = 'Accept-Encoding';
    if (encoding) headers['Content-Encoding'] = encoding;
  }
  if (payload !== null) headers['Content-Length'] = Buffer.byteLength(payload);
  res.writeHead(result.status, headers);
  // HEAD: the same headers as GET (Content-Length included), no body.
  res.end(res.req.method === 'HEAD' || payload === null ? undefined : payload);
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
