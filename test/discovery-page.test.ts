// A discovery screen as an app would draw it (a page served by this test, not shipped): a search
// box, results with their matched words marked, and a panel of filters with counts, each drawn from
// one request to /search (facets and highlights in the same answer). Debian's Chromium, driven by
// playwright-core, over the gateway and the real catalog; the screenshot lands in test/artifacts/.
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveBrowser, launchChromium } from './browser.ts';
import { validateCatalog } from '../build/build.ts';
import { assembleData } from '../build/snapshot.ts';
import { createGateway } from '../gateway/core/gateway.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';
import { toResponse } from '../gateway/core/responses.ts';
import { createSnapshotView } from '../gateway/core/snapshot-view.ts';
import { buildSearchIndex, exportSearchIndex } from '../snapshot/search-index.ts';
import type { Manifest } from '../snapshot/types.ts';
import { PRO_KEY, TestKeyStore } from './gateway-harness.ts';
import { ROOT } from './helpers.ts';


/** The page: plain DOM, one fetch per search or filter change; highlights go in as HTML (the API escaped them), everything else as text. */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Find an AI tool</title><link rel="icon" href="data:,">
<style>
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1d2330; background: #f6f7fb; }
  header { background: #1d2330; color: #fff; padding: 18px 32px; }
  header form { display: flex; gap: 8px; max-width: 760px; }
  header input { flex: 1; font-size: 17px; padding: 9px 12px; border-radius: 6px; border: 0; }
  header button { font-size: 16px; padding: 0 18px; border-radius: 6px; border: 0; background: #ffb703; }
  main { display: grid; grid-template-columns: 250px 1fr; gap: 28px; padding: 20px 32px; }
  aside h3 { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: #6b7280; margin: 18px 0 6px; }
  aside label { display: flex; justify-content: space-between; gap: 8px; padding: 2px 0; cursor: pointer; }
  aside .n { color: #6b7280; font-variant-numeric: tabular-nums; }
  #summary { color: #4b5563; margin: 0 0 10px; }
  article { background: #fff; border-radius: 8px; padding: 12px 16px; margin-bottom: 10px; box-shadow: 0 1px 2px #0001; }
  article h2 { font-size: 17px; margin: 0 0 2px; } article .tagline { margin: 0 0 4px; font-weight: 500; } article .desc { margin: 0; color: #4b5563; font-size: 14px; }
  mark { background: #ffe066; padding: 0 1px; border-radius: 2px; }
  .pricing { font-size: 12px; color: #fff; background: #3a86ff; border-radius: 10px; padding: 1px 8px; margin-left: 6px; vertical-align: 2px; }
</style></head><body>
<header><form id="search"><input name="q" placeholder="What do you need? (any language)" autocomplete="off"><button>Search</button></form></header>
<main><aside id="facets"></aside><section><p id="summary"></p><div id="results"></div></section></main>
<script>
  const KEY = new URLSearchParams(location.hash.slice(1)).get('key');
  const NAMES = { pricing: 'Pricing', platform: 'Platform', category: 'Category' };
  const chosen = { pricing: new Set(), platform: new Set(), category: new Set() };
  let q = '';
  const el = (tag, props = {}, ...children) => { const e = Object.assign(document.createElement(tag), props); e.append(...children); return e; };
  async function run() {
    const params = new URLSearchParams({ q, limit: '6', facets: 'pricing,platform,category', highlight: 'true' });
    for (const [facet, values] of Object.entries(chosen)) if (values.size) params.set(facet, [...values].join(','));
    const body = await (await fetch('/api/v1/search?' + params, { headers: { 'X-API-Key': KEY } })).json();
    document.querySelector('#summary').textContent = body.meta.total + ' tools' + (body.meta.interpreted ? ' (read as ' + JSON.stringify(body.meta.interpreted) + ')' : '');
    document.querySelector('#results').replaceChildren(...body.data.map((t) => {
      const h = t.highlights;
      const title = el('h2'); title.innerHTML = h.name ?? ''; if (!h.name) title.textContent = t.name;
      title.append(el('span', { className: 'pricing', textContent: t.pricing }));
      const tagline = el('p', { className: 'tagline' }); if (h.tagline) tagline.innerHTML = h.tagline; else tagline.textContent = t.tagline;
      const desc = el('p', { className: 'desc' }); if (h.description) desc.innerHTML = h.description; else desc.textContent = t.description.slice(0, 200);
      return el('article', {}, title, tagline, desc);
    }));
    document.querySelector('#facets').replaceChildren(...Object.entries(body.meta.facets).flatMap(([facet, counts]) => [
      el('h3', { textContent: NAMES[facet] }),
      ...Object.entries(counts).slice(0, facet === 'category' ? 8 : 11).map(([value, n]) => {
        const box = el('input', { type: 'checkbox', checked: chosen[facet].has(value), name: facet, value });
        box.addEventListener('change', () => { box.checked ? chosen[facet].add(value) : chosen[facet].delete(value); run(); });
        return el('label', {}, el('span', {}, box, ' ' + value), el('span', { className: 'n', textContent: String(n) }));
      }),
    ]));
    document.body.dataset.loaded = String(Number(document.body.dataset.loaded ?? 0) + 1);
  }
  document.querySelector('#search').addEventListener('submit', (e) => { e.preventDefault(); q = e.target.q.value; run(); });
</script></body></html>`;

describe.skipIf(!haveBrowser)('a discovery screen over /search (facets and highlights)', () => {
  let server: Server;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    const { catalog, problems } = await validateCatalog(path.join(ROOT, 'catalog'), 'catalog');
    expect(problems).toEqual([]);
    const data = assembleData(catalog);
    const index = await exportSearchIndex(buildSearchIndex(data.tools));
    const manifest = { snapshot: 'discovery-page', counts: { tools: 0, categories: 0, groups: 0, bodies: 0 }, bodies: {}, files: { data: '', search_index: '', openapi: '' } } satisfies Manifest;
    const keys = new TestKeyStore();
    await keys.add(PRO_KEY, { status: 'active', id: 'key_page', plan: 'pro' });
    const limiter = memoryRateLimiter(1_000_000);
    const gateway = createGateway({ snapshot: createSnapshotView(manifest, data, async () => index), keys, limiterFor: () => limiter, log: () => {} });
    server = createServer(async (req, res) => {
      if (!req.url!.startsWith('/api/v1/')) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
        return;
      }
      const result = await gateway.handle({ method: req.method!, url: `http://${req.headers.host}${req.url}`, headers: new Headers(req.headers as Record<string, string>), body: null });
      const response = toResponse(result, req.method!, () => new Uint8Array());
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('draws results with their matched words marked and a facet panel from one request, and filters with another', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 860 } });
    const calls: string[] = [];
    const problems: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/api/v1/')) calls.push(r.url()); });
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${base}/#key=${PRO_KEY}`);
    await page.fill('input[name=q]', 'bildgenerator für mac');
    await page.press('input[name=q]', 'Enter');
    await page.waitForSelector('body[data-loaded="1"]');
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!).searchParams.get('facets')).toBe('pricing,platform,category');
    // Matched words marked where the English words stand (the German query was read as "image generator").
    const marks = await page.locator('#results mark').allTextContents();
    expect(marks.map((m) => m.toLowerCase())).toContain('image');
    // The panel: the mac constraint left out of the platform counts, so other platforms still show.
    const platformValues = await page.locator('input[name=platform]').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
    expect(platformValues).toContain('macos');
    expect(platformValues.length).toBeGreaterThan(1);

    await page.locator('input[name=pricing][value=freemium]').check();
    await page.waitForSelector('body[data-loaded="2"]');
    expect(calls).toHaveLength(2);
    expect(new URL(calls[1]!).searchParams.get('pricing')).toBe('freemium');
    const pricingValues = await page.locator('input[name=pricing]').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
    expect(pricingValues.length).toBeGreaterThan(1); // disjunctive: the other pricing values keep their counts
    expect(await page.locator('#results .pricing').allTextContents()).toEqual(expect.arrayContaining(['freemium']));
    expect(new Set(await page.locator('#results .pricing').allTextContents())).toEqual(new Set(['freemium']));
    await mkdir(path.join(ROOT, 'test/artifacts'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'test/artifacts/discovery-page.png'), fullPage: true });
    expect(problems).toEqual([]);
  }, 60_000);
});
