// A live tool with an announced end (API.md): sunset_at and successor in its record, RFC 8594
// Sunset and a successor-version Link on its item, and a build that refuses it the day after.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSnapshot, validateCatalog } from '../build/build.ts';
import { formatProblem } from '../build/report.ts';
import { createGateway } from '../gateway/core/gateway.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';
import { bodyText } from '../gateway/core/responses.ts';
import { loadSnapshot } from '../gateway/node/load.ts';
import { BASE, createHarness, PRO_KEY } from './gateway-harness.ts';
import { editJson, fixtureCopy, removeDir } from './helpers.ts';

describe('sunset of a live tool', () => {
  it('answers its item with Sunset (the end of its last day) and a successor-version Link, and serves sunset_at and successor', async () => {
    const catalog = await fixtureCopy();
    const root = path.dirname(catalog);
    try {
      await editJson(path.join(catalog, 'tools/murf.json'), (d) => { d.sunset_at = '2099-03-31'; d.successor = 'elevenlabs'; });
      expect((await buildSnapshot(catalog, path.join(root, 'dist'))).ok).toBe(true);
      const snapshot = await loadSnapshot(path.join(root, 'dist'));
      const h = await createHarness();
      const limiter = memoryRateLimiter(100);
      const gateway = createGateway({ snapshot: snapshot.view, keys: h.keys, limiterFor: () => limiter, log: () => {} });
      const get = (p: string) => gateway.handle({ method: 'GET', url: `${BASE}${p}`, headers: new Headers({ 'X-API-Key': PRO_KEY }) });
      const murf = await get('/api/v1/tools/murf');
      expect(murf.headers.Sunset).toBe('Tue, 31 Mar 2099 23:59:59 GMT');
      expect(murf.headers.Link).toBe(`<${BASE}/api/v1/tools/elevenlabs>; rel="successor-version"`);
      expect((await get('/api/v1/tools/murf?fields=name')).headers.Sunset).toBe('Tue, 31 Mar 2099 23:59:59 GMT');
      expect((await get('/api/v1/tools/elevenlabs')).headers.Sunset).toBeUndefined();
      const openapi = JSON.parse(await readFile(path.join(root, 'dist/openapi.json'), 'utf8'));
      expect(Object.keys(openapi.paths['/api/v1/tools/{slug}'].get.responses['200'].headers)).toEqual(expect.arrayContaining(['Sunset', 'Link']));
      const list = JSON.parse(bodyText((await get('/api/v1/tools?slugs=murf,elevenlabs')).body));
      expect(list.data.map((t: { sunset_at: string | null; successor: string | null }) => [t.sunset_at, t.successor])).toEqual([['2099-03-31', 'elevenlabs'], [null, null]]);
    } finally {
      await removeDir(root);
    }
  });

  it('refuses the record the day after its sunset, saying to move it to retired/, and a successor that is not a current tool', async () => {
    const catalog = await fixtureCopy();
    try {
      await editJson(path.join(catalog, 'tools/murf.json'), (d) => { d.sunset_at = '2026-03-31'; d.successor = 'elevenlabs'; });
      expect((await validateCatalog(catalog, 'catalog', '2026-03-31')).problems).toEqual([]);
      const after = (await validateCatalog(catalog, 'catalog', '2026-04-01')).problems.map(formatProblem);
      expect(after).toEqual([expect.stringMatching(/catalog\/tools\/murf\.json:\d+ sunset_at - the service ended on 2026-03-31: move the record to catalog\/retired\/murf\.json with retired_at 2026-03-31 and successor 'elevenlabs'/)]);
      await editJson(path.join(catalog, 'tools/otter-ai.json'), (d) => { d.successor = 'elevenlab'; });
      const bad = (await validateCatalog(catalog, 'catalog', '2026-03-01')).problems.map(formatProblem);
      expect(bad).toEqual(expect.arrayContaining([
        expect.stringMatching(/otter-ai\.json:\d+ successor - a successor goes with sunset_at/),
        expect.stringMatching(/otter-ai\.json:\d+ successor - unknown tool 'elevenlab'; the successor must be a current tool\. Did you mean 'elevenlabs'\?/),
      ]));
    } finally {
      await removeDir(path.dirname(catalog));
    }
  });
});
