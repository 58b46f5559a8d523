// A core result sent on node:http: prebuilt bodies from memory in the best encoding the client
// accepts, computed ones compressed once and remembered; the rest as the core made them.
import type http from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { BoundedCache } from '../core/bounded-cache.ts';
import { sendsBody, type GatewayResult } from '../core/responses.ts';
import type { PrebuiltBytes } from './load.ts';

/** Sends `result`: a prebuilt body from `prebuilt`; `cache` (the gateway's) keeps compressed computed bodies. */
export function send(res: http.ServerResponse, result: GatewayResult, prebuilt: Map<string, PrebuiltBytes>, cache: BoundedCache): void {
  const headers: Record<string, string | number> = result.headers;
  const payload = encoded(result, headers, prebuilt, cache, res.req.headers['accept-encoding']);
  if (payload !== null) headers['Content-Length'] = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
  // A body refused before it was read is not read afterwards either: the connection closes.
  if (!res.req.complete) headers.Connection = 'close';
  res.writeHead(result.status, headers);
  res.end(payload !== null && sendsBody(res.req.method ?? 'GET', result.status) ? payload : undefined);
}

/** The body to send, and its Vary and Content-Encoding headers when it has variants. */
function encoded(
  result: GatewayResult, headers: Record<string, string | number>, prebuilt: Map<string, PrebuiltBytes>, cache: BoundedCache, acceptEncoding: string | undefined,
): Uint8Array | string | null {
  const body = result.body;
  if (result.status !== 200) return body;
  if (result.prebuilt !== undefined) {
    const bytes = prebuilt.get(result.prebuilt);
    if (bytes === undefined) throw new Error(`prebuilt body not loaded: ${result.prebuilt}`);
    const encoding = chooseEncoding(acceptEncoding, bytes);
    headers.Vary = 'Accept-Encoding';
    if (encoding === undefined) return bytes.identity;
    headers['Content-Encoding'] = encoding;
    return bytes[encoding]!;
  }
  if (!(body instanceof Uint8Array) || body.byteLength < COMPRESS_FROM_BYTES) return body;
  const encoding = chooseEncoding(acceptEncoding, EITHER);
  headers.Vary = 'Accept-Encoding';
  if (encoding === undefined) return body;
  headers['Content-Encoding'] = encoding;
  return compressed(cache, result.headers.ETag, body, encoding);
}

/** A computed body smaller than this goes out as it is: compressing it saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/** A computed body can be made in either encoding. */
const EITHER = { br: true, gzip: true };

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

/** br, then gzip, of those `offered`, when the client accepts them (q=0 refuses). */
function chooseEncoding(header: string | undefined, offered: { br?: unknown; gzip?: unknown }): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (offered.br && ok('br')) return 'br';
  if (offered.gzip && ok('gzip')) return 'gzip';
  return undefined;
}
