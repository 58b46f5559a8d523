// The Vercel edge adapter: Routing Middleware in front of the CDN. The core checks the key and
// the limit; a prebuilt page is then served by the CDN through rewrite() with the core's headers,
// and everything else (computed pages, searches, errors) is answered here. Direct requests for
// the internal folder of prebuilt bodies are refused like any unknown path.
import { next, rewrite } from '@vercel/functions/middleware';
import embedded from 'virtual:snapshot';
import { createGateway, type Gateway } from '../core/gateway.ts';
import { parsePlans } from '../core/plans.ts';
import { toResponse } from '../core/responses.ts';
import { fetchSearchIndex } from '../core/search-index-source.ts';
import { createSnapshotView } from '../core/snapshot-view.ts';
import { edgeStores } from './stores.ts';

export const INTERNAL_TOKEN_HEADER = 'x-snapshot-internal';

let gateway: Gateway | undefined;
const env: Record<string, string | undefined> = globalThis.process?.env ?? {};

function gatewayFor(origin: string): Gateway {
  const fetchInternal: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...init?.headers, [INTERNAL_TOKEN_HEADER]: embedded.internalToken } });
  const loadIndex = embedded.index
    ? () => Promise.resolve(embedded.index!)
    : fetchSearchIndex(`${origin}${embedded.internalPrefix}${embedded.manifest.files.search_index}`, fetchInternal);
  const snapshot = createSnapshotView(embedded.manifest, embedded.data, loadIndex);
  const plans = parsePlans(embedded.plans, 'gateway/plans.json');
  return createGateway({ snapshot, ...edgeStores(plans, env), perMinute: (plan) => plans[plan]?.per_minute, publicBaseUrl: env.PUBLIC_BASE_URL });
}

export default async function middleware(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname.startsWith(embedded.internalPrefix) && request.headers.get(INTERNAL_TOKEN_HEADER) === embedded.internalToken) return next();
  gateway ??= gatewayFor(url.origin);
  const result = await gateway.handle(request);
  const entry = result.status === 200 && result.prebuilt !== undefined ? embedded.manifest.bodies[result.prebuilt] : undefined;
  if (entry) return rewrite(new URL(`${embedded.internalPrefix}${entry.path}`, url), { headers: result.headers });
  return toResponse(result, request.method);
}
