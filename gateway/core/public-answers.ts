// What the gateway answers without a key: CORS preflight, 405 for a method a path does not take,
// the health and readiness probes, the public documents, and 404 for a path outside the API.
import { API_BASE } from '../../snapshot/contract.ts';
import { KeyStoreUnavailableError, type KeyStore } from './key-store.ts';
import { MCP_ALLOW, MCP_ALLOW_HEADERS, MCP_PATH } from './mcp-route.ts';
import { ALLOW, clip, finish, HttpError, JSON_TYPE, preflight, type GatewayResult } from './responses.ts';
import type { SnapshotView } from './snapshot-view.ts';

/** Public, not counted, served as prebuilt bodies: the contract, and the reference page with its script. */
const PUBLIC_DOCUMENTS = new Set(['/openapi.json', '/docs', '/docs/scalar.js']);

/** The answer to a request that needs no key; undefined for keyed ones (/api/v1, and POST /mcp). */
export function publicAnswer(view: SnapshotView, keys: KeyStore, method: string, path: string, headers: Record<string, string>, ifNoneMatch: string | null): GatewayResult | Promise<GatewayResult> | undefined {
  const mcp = path === MCP_PATH || path === `${MCP_PATH}/`;
  if (method === 'OPTIONS') return preflight(headers, mcp ? { methods: MCP_ALLOW, headers: MCP_ALLOW_HEADERS } : undefined);
  if (mcp) {
    if (method === 'POST') return undefined;
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Method ${method.slice(0, 20)} is not allowed on ${MCP_PATH}; send MCP messages with POST (this server keeps no sessions and opens no streams).`, { Allow: MCP_ALLOW });
  }
  if (method !== 'GET' && method !== 'HEAD') {
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Method ${method.slice(0, 20)} is not allowed; this API is read-only and accepts GET and HEAD (and OPTIONS for CORS preflight).`, { Allow: ALLOW });
  }
  if (path === '/healthz') {
    headers['Cache-Control'] = 'no-store';
    return finish(headers, { status: 200, body: JSON.stringify({ status: 'ok', snapshot: view.id }), etag: `"healthz-${view.id}"` }, ifNoneMatch);
  }
  if (path === '/readyz') return readiness(view, keys, headers);
  const document = PUBLIC_DOCUMENTS.has(path) ? view.manifest.bodies[path] : undefined;
  if (document) {
    headers['Content-Type'] = document.type ?? JSON_TYPE;
    return finish(headers, { status: 200, body: null, prebuilt: path, etag: document.etag }, ifNoneMatch);
  }
  if (path === API_BASE || path.startsWith(`${API_BASE}/`)) return undefined;
  throw new HttpError(404, 'NOT_FOUND', `No such path '${clip(path)}'. The API lives under ${API_BASE} (e.g. ${API_BASE}/tools); the OpenAPI document is at /openapi.json. MCP clients POST to ${MCP_PATH}.`);
}

/** GET /readyz: whether keyed requests can be served now (API.md), never counted. */
async function readiness(view: SnapshotView, keys: KeyStore, headers: Record<string, string>): Promise<GatewayResult> {
  headers['Cache-Control'] = 'no-store';
  try {
    await keys.ready();
    return { status: 200, headers, body: JSON.stringify({ status: 'ready', snapshot: view.id }) };
  } catch (e) {
    if (!(e instanceof KeyStoreUnavailableError)) throw e;
    headers['Retry-After'] = String(e.retryAfterSeconds);
    return { status: 503, headers, body: JSON.stringify({ status: 'not_ready', reason: e.reason }) };
  }
}
