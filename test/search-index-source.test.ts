// The edge path for a catalog whose index outgrows the edge bundle: the index is fetched from the
// CDN (here a local static server over dist/) once, and answers exactly like the one on disk.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from '../build/build.ts';
import { createGateway } from '../gateway/core/gateway.ts';
import { createSearchEngine } from '../snapshot/search/index.ts';
import { fetchSearchIndex } from '../gateway/core/search-index-source.ts';
import { loadSnapshot } from '../gateway/node/load.ts';
import { createSnapshotView } from '../gateway/core/snapshot-view.ts';
import { bodyText } from '../gateway/core/responses.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';
import { FREE_KEY, TestKeyStore } from './gateway-harness.ts';
import { fixtureCopy, removeDir } from './helpers.ts';

describe('search index fetched from the CDN', () => {
  let dir: string;
  let dist: string;
  let server: http.Server;
  let base: string;
  let requests = 0;
  let failNext = false;

  beforeAll(async () => {
    const catalog = await fixtureCopy();
    dir = path.dirname(catalog);
    dist = path.join(dir, 'dist');
    expect((await buildSnapshot(catalog, dist)).ok).toBe(true);
    server = http.createServer(async (req, res) => {
      requests++;
      if (failNext) { failNext = false; res.writeHead(502).end(); return; }
      const file = path.join(dist, path.normalize(req.url!.split('?')[0]!).replace(/^(\.\.[/\\])+/, ''));
      try {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(await readFile(file));
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await removeDir(dir);
  });

  async function gatewayWithRemoteIndex() {
    const local = await loadSnapshot(dist);
    const view = createSnapshotView(local.view.manifest, local.view.data, fetchSearchIndex(`${base}/search-index.json`));
    const keys = new TestKeyStore();
    await keys.add(FREE_KEY, { status: 'active', id: 'key_free', plan: 'free' });
    const limiter = memoryRateLimiter(1000);
    const gateway = createGateway({ snapshot: view, keys, limiterFor: () => limiter, log: () => {} });
    const search = (q: string) => gateway.handle({ method: 'GET', url: `http://x/api/v1/search?q=${encodeURIComponent(q)}`, headers: new Headers({ 'X-API-Key': FREE_KEY }) });
    return { local, search };
  }

  it('fetches the index once and answers exactly like the index read from disk', async () => {
    const { local, search } = await gatewayWithRemoteIndex();
    const localEngine = createSearchEngine(local.view.data, await local.view.searchIndex());
    requests = 0;
    for (const q of ['voice', 'midjorney', 'remove background', 'meeting notes', 'stable difusion', 'zzzz']) {
      const r = await search(q);
      expect(r.status).toBe(200);
      const slugs = JSON.parse(bodyText(r.body)).data.map((t: { slug: string }) => t.slug);
      expect(slugs, q).toEqual(localEngine.search(q).slice(0, 10).map((h) => local.view.data.tools[h.index]!.slug));
    }
    expect(requests).toBe(1);
  });

  it('answers 503 with Retry-After when the fetch fails, and recovers on the next search', async () => {
    const { search } = await gatewayWithRemoteIndex();
    failNext = true;
    const failed = await search('voice');
    expect(failed.status).toBe(503);
    expect(JSON.parse(bodyText(failed.body)).code).toBe('SERVICE_UNAVAILABLE');
    expect(failed.headers['Retry-After']).toBe('5');
    expect((await search('voice')).status).toBe(200);
  });
});
