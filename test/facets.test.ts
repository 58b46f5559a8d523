// Facet counts (API.md, "Facets and highlights") on /tools and /search: over the whole result, most
// first, zeros left out, each facet without its own filter; checked against the definition itself
// (a value's count is the total of the same request filtered on that value instead).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BoundedCache } from '../gateway/core/bounded-cache.ts';
import { bodyText } from '../gateway/core/responses.ts';
import { createRoutes, type Routes } from '../gateway/core/routes.ts';
import { createSnapshotView } from '../gateway/core/snapshot-view.ts';
import { CATEGORY_FACET_MAX, FACETS, type FacetName } from '../snapshot/contract.ts';
import { buildSearchIndex, exportSearchIndex } from '../snapshot/search-index.ts';
import type { Manifest, SnapshotData } from '../snapshot/types.ts';
import { createHarness, PRO_KEY, type Harness } from './gateway-harness.ts';
import { ROOT } from './helpers.ts';
import { loadData } from './relevance/engines.ts';

type Counts = Record<string, number>;
type Body = { data: { slug: string; pricing: string; platforms: string[] }[]; meta: { total: number; facets: Record<string, Counts>; interpreted?: Record<string, unknown> } };

/** Every count equals the total of the same request with that facet's filter set to that value alone. */
async function expectDisjunctive(get: (query: string) => Promise<Body>, path: string, filters: Record<string, string>, values: Record<FacetName, string[]>): Promise<void> {
  const query = (f: Record<string, string>) => new URLSearchParams(f).toString();
  const body = await get(`${path}?${query({ ...filters, facets: FACETS.join(',') })}`);
  for (const facet of FACETS) {
    const counts = body.meta.facets[facet]!;
    for (const value of values[facet]) {
      const alone = await get(`${path}?${query({ ...filters, [facet]: value, per_page: '1', limit: '1' }).replace(path === '/api/v1/tools' ? /&limit=1/ : /&per_page=1/, '')}`);
      expect(counts[value] ?? 0, `${facet}=${value} with ${JSON.stringify(filters)}`).toBe(alone.meta.total);
    }
  }
}

describe('facets on the fixture catalog', () => {
  let h: Harness;
  const get = async (p: string) => {
    const r = await h.request(p, { headers: { 'X-API-Key': PRO_KEY } });
    expect(r.status, `${p}: ${r.text}`).toBe(200);
    return r.json as Body;
  };
  const values = {
    pricing: ['free', 'freemium', 'paid'],
    category: ['text-to-speech', 'voice-cloning', 'image-generation', 'meeting-notes', 'background-removal'],
    platform: ['web', 'ios', 'android', 'macos', 'windows', 'linux', 'api', 'self-hosted'],
    open_source: ['true', 'false'],
  };
  beforeAll(async () => { h = await createHarness(); });
  beforeEach(() => { h.clock.now += 60_000; });

  it('counts each facet over the whole list, not the page, and a single-valued facet sums to meta.total', async () => {
    const body = await get('/api/v1/tools?facets=pricing,open_source&per_page=1&page=2');
    expect(body.data).toHaveLength(1);
    expect(body.meta.facets).toEqual({ pricing: { freemium: 4, free: 1, paid: 1 }, open_source: { false: 5, true: 1 } });
    for (const counts of Object.values(body.meta.facets)) expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(body.meta.total);
  });

  it('orders values most first, ties by value, and leaves out values no tool has', async () => {
    const body = await get('/api/v1/tools?facets=platform,category');
    expect(Object.entries(body.meta.facets.platform!)).toEqual([['web', 5], ['api', 4], ['android', 2], ['ios', 2], ['macos', 1], ['self-hosted', 1], ['windows', 1]]);
    expect(Object.entries(body.meta.facets.category!)).toEqual([['image-generation', 2], ['text-to-speech', 2], ['background-removal', 1], ['meeting-notes', 1], ['voice-cloning', 1]]);
    expect(Object.keys(body.meta.facets)).toEqual(['category', 'platform']);
  });

  it('leaves a facet\'s own filter out of its counts and applies every other filter (disjunctive)', async () => {
    const body = await get('/api/v1/tools?pricing=free&facets=pricing,platform');
    expect(body.meta.total).toBe(1);
    expect(body.meta.facets.pricing).toEqual({ freemium: 4, free: 1, paid: 1 });
    expect(body.meta.facets.platform).toEqual({ api: 1, 'self-hosted': 1 });
    for (const filters of [{}, { pricing: 'freemium' }, { category: 'text-to-speech', pricing: 'freemium' }, { platform: 'ios,api', open_source: 'false' }, { category: 'image-generation,meeting-notes', pricing: 'free,paid', platform: 'web' }] as Record<string, string>[]) {
      await expectDisjunctive(get, '/api/v1/tools', filters, values);
    }
  });

  it('counts over the tools the other parameters select: slugs, website, updated_since and similar_to', async () => {
    expect((await get('/api/v1/tools?slugs=murf,midjourney,nope&facets=pricing')).meta.facets).toEqual({ pricing: { freemium: 1, paid: 1 } });
    expect((await get('/api/v1/tools?website=elevenlabs.io&facets=pricing')).meta.facets).toEqual({ pricing: { freemium: 1 } });
    const similar = await get('/api/v1/tools?similar_to=elevenlabs&facets=pricing,category&pricing=paid');
    const all = await get('/api/v1/tools?similar_to=elevenlabs&per_page=100');
    expect(Object.values(similar.meta.facets.pricing!).reduce((a, b) => a + b, 0)).toBe(all.meta.total);
    expect(similar.meta.facets.pricing!.paid ?? 0).toBe(similar.meta.total);
    await expectDisjunctive(get, '/api/v1/tools', { updated_since: '2026-01-01', pricing: 'freemium' }, values);
  });

  it('is computed, never a prebuilt page, and the page itself is the one without facets', async () => {
    const plain = await h.request('/api/v1/tools', { headers: { 'X-API-Key': PRO_KEY } });
    const faceted = await h.request('/api/v1/tools?facets=pricing', { headers: { 'X-API-Key': PRO_KEY } });
    expect(plain.prebuilt).toBeDefined();
    expect(faceted.prebuilt).toBeUndefined();
    expect(faceted.json.data).toEqual(plain.json.data);
    expect(faceted.header('etag')).not.toBe(plain.header('etag'));
  });

  it('refuses a facet it does not know, naming the ones it counts', async () => {
    const r = await h.request('/api/v1/tools?facets=pricing,maker', { headers: { 'X-API-Key': PRO_KEY } });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("Invalid value for 'facets': 'maker' is not one of pricing, category, platform, open_source. Several values are joined by commas (e.g. facets=pricing,category).");
  });

  it('counts a search over every match, not the page, with the same filters as its results', async () => {
    const body = await get('/api/v1/search?q=voice&limit=1&facets=pricing,category');
    expect(body.data).toHaveLength(1);
    expect(body.meta.total).toBeGreaterThan(1);
    expect(Object.values(body.meta.facets.pricing!).reduce((a, b) => a + b, 0)).toBe(body.meta.total);
    for (const filters of [{ q: 'voice' }, { q: 'text', pricing: 'freemium' }, { q: 'image', platform: 'web', open_source: 'false' }] as Record<string, string>[]) {
      await expectDisjunctive(get, '/api/v1/search', filters, values);
    }
  });
});

describe('facets on the real catalog', () => {
  let data: SnapshotData;
  let routes: Routes;
  const get = async (p: string): Promise<Body> => {
    const [pathname, query] = p.split('?');
    return JSON.parse(bodyText((await routes.route(pathname!, query ?? '', 'http://127.0.0.1:8787')).body)) as Body;
  };

  beforeAll(async () => {
    data = await loadData(ROOT); // validated (it throws on a problem), and shared by the files of this worker
    const serialized = await exportSearchIndex(buildSearchIndex(data.tools));
    const manifest = { snapshot: 'facets-test', counts: { tools: 0, categories: 0, groups: 0, bodies: 0 }, bodies: {}, files: { data: '', search_index: '', openapi: '' } } satisfies Manifest;
    routes = createRoutes({ snapshot: createSnapshotView(manifest, data, async () => serialized), cache: new BoundedCache(64 << 20), log: () => {} });
  }, 60_000);

  it(`counts at most the ${CATEGORY_FACET_MAX} largest categories, most first, ties by slug`, async () => {
    const body = await get('/api/v1/tools?facets=category');
    const expected = data.categories.filter((c) => c.tool_count > 0)
      .sort((a, b) => b.tool_count - a.tool_count || (a.slug < b.slug ? -1 : 1)).slice(0, CATEGORY_FACET_MAX).map((c) => [c.slug, c.tool_count]);
    expect(data.categories.length).toBeGreaterThan(CATEGORY_FACET_MAX);
    expect(Object.entries(body.meta.facets.category!)).toEqual(expected);
  });

  it('counts a constraint word read from the query as that facet\'s filter: left out of its own counts, applied to the others', async () => {
    const free = await get('/api/v1/search?q=free+image+generator&facets=pricing,platform,open_source');
    expect(free.meta.interpreted).toMatchObject({ pricing: ['free', 'freemium'] });
    expect(free.data.every((t) => t.pricing !== 'paid')).toBe(true);
    const plain = await get('/api/v1/search?q=image+generator&facets=pricing');
    expect(free.meta.facets.pricing).toEqual(plain.meta.facets.pricing);
    expect(free.meta.facets.pricing!.paid).toBeGreaterThan(0);
    expect((free.meta.facets.pricing!.free ?? 0) + free.meta.facets.pricing!.freemium!).toBe(free.meta.total);
    const filtered = await get('/api/v1/search?q=image+generator&pricing=free,freemium&facets=platform,open_source');
    expect(free.meta.facets.platform).toEqual(filtered.meta.facets.platform);
    expect(free.meta.facets.open_source).toEqual(filtered.meta.facets.open_source);
    const mac = await get('/api/v1/search?q=image+generator+for+mac&facets=platform');
    expect(mac.meta.interpreted).toMatchObject({ platform: ['macos'] });
    expect(mac.data.every((t) => t.platforms.includes('macos'))).toBe(true);
    expect(Object.keys(mac.meta.facets.platform!).length).toBeGreaterThan(1);
    expect(mac.meta.facets.platform!.macos).toBe(mac.meta.total);
  });

  it('counts alternatives to a tool over every alternative', async () => {
    const body = await get('/api/v1/search?q=alternatives+to+midjourney&limit=3&facets=pricing');
    expect(body.meta.interpreted).toMatchObject({ similar_to: 'midjourney' });
    expect(Object.values(body.meta.facets.pricing!).reduce((a, b) => a + b, 0)).toBe(body.meta.total);
  });
});
