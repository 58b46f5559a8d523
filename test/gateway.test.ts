import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';
import { etagOf } from '../snapshot/etag.ts';
import { BASE, createHarness, FREE_KEY, PRO_KEY, REVOKED_KEY, type Harness } from './gateway-harness.ts';
import { bodyText } from '../gateway/core/responses.ts';
import { createGateway } from '../gateway/core/gateway.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';

let h: Harness;
const key = { 'X-API-Key': PRO_KEY };
const get = (p: string, headers: Record<string, string> = key) => h.request(p, { headers });

beforeAll(async () => { h = await createHarness(); });
beforeEach(() => { h.clock.now += 60_000; }); // every test starts in a fresh rate-limit window

describe('GET /api/v1/tools', () => {
  it('lists tools by name with the list envelope and default paging', async () => {
    const r = await get('/api/v1/tools');
    expect(r.status).toBe(200);
    expect(r.header('content-type')).toBe('application/json; charset=utf-8');
    expect(r.json.meta).toEqual({ page: 1, per_page: 20, total: 6, total_pages: 1 });
    expect(r.json.data.map((t: { slug: string }) => t.slug)).toEqual(['elevenlabs', 'midjourney', 'murf', 'otter-ai', 'remove-bg', 'stable-diffusion']);
    expect(r.prebuilt).toBe('/api/v1/tools');
  });

  it('serves default-sort, single-filter pages prebuilt and computes every other combination', async () => {
    expect((await get('/api/v1/tools?pricing=freemium')).prebuilt).toBeDefined();
    expect((await get('/api/v1/tools?per_page=20&page=1&sort=name')).prebuilt).toBe('/api/v1/tools');
    const computed = await get('/api/v1/tools?pricing=freemium&platform=api&per_page=2');
    expect(computed.prebuilt).toBeUndefined();
    expect(computed.json.meta).toEqual({ page: 1, per_page: 2, total: 3, total_pages: 2 });
    expect(computed.json.data.map((t: { slug: string }) => t.slug)).toEqual(['elevenlabs', 'murf']);
  });

  it('answers a repeated computed request from memory with the same body and ETag, never mixing combinations', async () => {
    const a1 = await get('/api/v1/tools?per_page=2&sort=newest');
    const b = await get('/api/v1/tools?per_page=2&sort=newest&page=2');
    const a2 = await get('/api/v1/tools?per_page=2&sort=newest');
    expect(a2.text).toBe(a1.text);
    expect(a2.header('etag')).toBe(a1.header('etag'));
    expect(b.text).not.toBe(a1.text);
    expect((await get('/api/v1/search?q=voice&pricing=paid')).text).not.toBe((await get('/api/v1/search?q=voice')).text);
  });

  it('filters a search by platform and open_source, and by several values joined by commas, as /tools does', async () => {
    const search = async (q: string) => (await get(`/api/v1/search?q=voice&${q}`)).json;
    const all = (await search('')).data as { slug: string; platforms: string[]; open_source: boolean; pricing: string }[];
    const onApi = (await search('platform=api')).data as typeof all;
    expect(onApi.map((t) => t.slug)).toEqual(all.filter((t) => t.platforms.includes('api')).map((t) => t.slug));
    const open = (await search('open_source=true')).data as typeof all;
    expect(open.map((t) => t.slug)).toEqual(all.filter((t) => t.open_source).map((t) => t.slug));
    expect((await search('pricing=free,freemium')).data.map((t: { slug: string }) => t.slug)).toEqual(all.filter((t) => t.pricing !== 'paid').map((t) => t.slug));
    const bad = await get('/api/v1/search?q=voice&platform=amiga');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('platform');
  });

  it('filters by category anywhere in the list, pricing, platform and open_source', async () => {
    const slugs = async (q: string) => (await get(`/api/v1/tools?${q}`)).json.data.map((t: { slug: string }) => t.slug);
    expect(await slugs('category=voice-cloning')).toEqual(['elevenlabs']);
    expect(await slugs('pricing=paid')).toEqual(['midjourney']);
    expect(await slugs('platform=self-hosted')).toEqual(['stable-diffusion']);
    expect(await slugs('open_source=true')).toEqual(['stable-diffusion']);
    expect(await slugs('open_source=false&pricing=free')).toEqual([]);
  });

  it('sorts by newest with ties by slug', async () => {
    const r = await get('/api/v1/tools?sort=newest');
    expect(r.json.data.map((t: { slug: string }) => t.slug)).toEqual(['otter-ai', 'remove-bg', 'midjourney', 'stable-diffusion', 'murf', 'elevenlabs']);
  });

  it('answers a page past the last with an empty list and the true totals', async () => {
    const r = await get('/api/v1/tools?per_page=4&page=9');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ data: [], meta: { page: 9, per_page: 4, total: 6, total_pages: 2 } });
  });

  it('sends RFC 8288 Link headers that keep the other parameters', async () => {
    const r = await get('/api/v1/tools?per_page=2&pricing=freemium&page=2');
    expect(r.json.meta.total_pages).toBe(2);
    expect(r.header('link')).toBe(
      `<${BASE}/api/v1/tools?per_page=2&pricing=freemium&page=1>; rel="first", <${BASE}/api/v1/tools?per_page=2&pricing=freemium&page=1>; rel="prev", <${BASE}/api/v1/tools?per_page=2&pricing=freemium&page=2>; rel="last"`,
    );
    expect((await get('/api/v1/tools')).header('link')).toBeUndefined();
    const past = await get('/api/v1/tools?per_page=4&page=5');
    expect(past.header('link')).toContain(`<${BASE}/api/v1/tools?per_page=4&page=2>; rel="prev"`);
    expect(past.header('link')).not.toContain('rel="next"');
  });

  it.each([
    ['page=0', 'page'], ['page=1000001', 'page'], ['page=', 'page'], ['page', 'page'], ['page=2.0', 'page'], ['page=+2', 'page'],
    ['page=2e1', 'page'], ['page=020', 'page'], ['per_page=101', 'per_page'], ['per_page=0', 'per_page'], ['per_page=-1', 'per_page'],
    ['category=imag-gen', 'category'], ['pricing=cheap', 'pricing'], ['platform=mainframe', 'platform'], ['open_source=yes', 'open_source'],
    ['sort=tool_count', 'sort'], ['page=%ZZ', 'page'],
  ])('rejects %s with 400 INVALID_PARAMETER naming %s', async (query, name) => {
    const r = await get(`/api/v1/tools?${query}`);
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('INVALID_PARAMETER');
    expect(r.json.error).toContain(`'${name}'`);
  });

  it('takes several values of category, pricing and platform joined by commas, matching any of them, one answer whatever their order', async () => {
    const slugs = async (q: string) => (await get(`/api/v1/tools?${q}`)).json.data.map((t: { slug: string }) => t.slug);
    expect(await slugs('pricing=free,paid')).toEqual(['midjourney', 'stable-diffusion']);
    expect(await slugs('category=meeting-notes,background-removal')).toEqual(['otter-ai', 'remove-bg']);
    expect(await slugs('platform=self-hosted,windows')).toEqual(['remove-bg', 'stable-diffusion']);
    const [a, b] = [await get('/api/v1/tools?pricing=paid,free'), await get('/api/v1/tools?pricing=free,paid,free')];
    expect(a.header('etag')).toBe(b.header('etag'));
    const bad = await get('/api/v1/tools?pricing=free,cheap');
    expect([bad.status, bad.json.error]).toEqual([400, "Invalid value for 'pricing': 'cheap' is not one of free, freemium, paid. Several values are joined by commas (e.g. pricing=free,freemium)."]);
  });

  it('reads a repeated category, pricing, platform, slugs, fields or facets as its values joined by commas, as HTTP clients send a list', async () => {
    for (const [repeated, joined] of [
      ['pricing=free&pricing=paid', 'pricing=free,paid'], ['category=meeting-notes&category=background-removal', 'category=meeting-notes,background-removal'],
      ['platform=self-hosted&platform=windows', 'platform=self-hosted,windows'], ['slugs=murf&slugs=elevenlabs', 'slugs=murf,elevenlabs'],
      ['fields=name&fields=url&per_page=2', 'fields=name,url&per_page=2'], ['facets=pricing&facets=open_source', 'facets=pricing,open_source'],
    ]) {
      const [a, b] = [await get(`/api/v1/tools?${repeated}`), await get(`/api/v1/tools?${joined}`)];
      expect([a.status, a.text], repeated).toEqual([200, b.text]);
    }
    expect((await get('/api/v1/search?q=voice&pricing=free&pricing=freemium')).text).toBe((await get('/api/v1/search?q=voice&pricing=free,freemium')).text);
    expect((await get('/api/v1/tools?pricing=free&pricing=cheap')).json.error).toBe("Invalid value for 'pricing': 'cheap' is not one of free, freemium, paid. Several values are joined by commas (e.g. pricing=free,freemium).");
    expect((await get('/api/v1/tools?sort=name&sort=newest')).json).toEqual({ error: "Parameter 'sort' was sent more than once; send it once.", code: 'INVALID_PARAMETER' });
  });

  it('names the closest categories and platforms to an unknown one (did you mean), on /tools and /search', async () => {
    expect((await get('/api/v1/tools?category=imag-gen')).json).toEqual({
      error: "Invalid value for 'category': no category has the slug 'imag-gen'. Did you mean 'image-generation'? Send a slug from GET /api/v1/categories (e.g. 'text-to-speech'). Several values are joined by commas (e.g. category=text-to-speech,voice-cloning).",
      code: 'INVALID_PARAMETER',
    });
    expect((await get('/api/v1/search?q=voice&category=text-to-speach')).json.error).toContain("Did you mean 'text-to-speech'?");
    expect((await get('/api/v1/tools?platform=mac')).json.error).toMatch(/^Invalid value for 'platform': 'mac' is not one of web, .*\. Did you mean 'macos'\? Several values/);
    expect((await get('/api/v1/tools?platform=mainframe')).json.error).not.toContain('Did you mean');
  });

  it('finds the tool of a website by its host, ignoring www., scheme, port, path, query and case', async () => {
    for (const website of ['https://www.midjourney.com/explore?tab=top', 'midjourney.com', 'MIDJOURNEY.COM:443', 'http://www.midjourney.com']) {
      expect((await get(`/api/v1/tools?website=${encodeURIComponent(website)}`)).json.data.map((t: { slug: string }) => t.slug), website).toEqual(['midjourney']);
    }
    expect((await get('/api/v1/tools?website=example.org')).json).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await get('/api/v1/tools?website=not%20a%20site')).json.error).toMatch(/^Invalid value for 'website': expected a website: a URL or a host such as cursor.com/);
  });

  it('lists tools changed on or after updated_since, newest change first with sort=updated', async () => {
    const r = await get('/api/v1/tools?updated_since=2026-01-13&sort=updated');
    expect(r.json.data.map((t: { slug: string; updated_at: string }) => `${t.slug} ${t.updated_at}`)).toEqual([
      'elevenlabs 2026-03-01', 'stable-diffusion 2026-02-01', 'otter-ai 2026-01-14', 'remove-bg 2026-01-13',
    ]);
    expect((await get('/api/v1/tools?updated_since=2026-02-30')).json.error).toBe("Invalid value for 'updated_since': expected a date written YYYY-MM-DD (e.g. 2026-01-31); got '2026-02-30'.");
  });

  it('answers slugs= with those tools in the order given, a former slug with the current tool, and lists unknown and retired slugs in meta', async () => {
    const r = await get('/api/v1/tools?slugs=otter-ai,nope,eleven-labs,playht,otter-ai,MURF');
    expect(r.status).toBe(200);
    expect(r.json.data.map((t: { slug: string }) => t.slug)).toEqual(['otter-ai', 'elevenlabs', 'murf']);
    expect(r.json.meta).toEqual({ page: 1, per_page: 20, total: 3, total_pages: 1, not_found: ['nope'], retired: ['playht'] });
    expect((await get('/api/v1/tools?slugs=murf,elevenlabs&pricing=freemium&per_page=1&page=2')).json.data.map((t: { slug: string }) => t.slug)).toEqual(['elevenlabs']);
    expect((await get('/api/v1/tools?slugs=murf&sort=name')).json.error).toBe("Parameter 'sort' cannot be combined with 'slugs': the tools come in the order the slugs are given; leave sort out.");
    expect((await get(`/api/v1/tools?slugs=${Array.from({ length: 101 }, (_, i) => `t${i}`).join(',')}`)).json.error).toMatch(/expected 1 to 100 slugs joined by commas; got 101/);
    expect((await get('/api/v1/tools?slugs=a,,b')).status).toBe(400);
  });

  it('lists the tools retired on or after updated_since in meta.retired, so a sync can drop them', async () => {
    const r = await get('/api/v1/tools?updated_since=2025-01-01');
    expect(r.json.meta.retired).toEqual(['playht']);
    expect((await get('/api/v1/tools?updated_since=2026-01-01')).json.meta.retired).toEqual([]);
  });

  it('answers fields= with only those fields of each tool (slug always kept; score on search), on lists, items and search', async () => {
    const list = await get('/api/v1/tools?per_page=2&fields=name,url');
    expect(list.json.data).toEqual([{ slug: 'elevenlabs', name: 'ElevenLabs', url: 'https://elevenlabs.io/' }, { slug: 'midjourney', name: 'Midjourney', url: 'https://www.midjourney.com/' }]);
    expect(list.json.meta).toMatchObject({ total: 6, per_page: 2 });
    const item = await get('/api/v1/tools/murf?fields=pricing');
    expect(item.json).toEqual({ data: { slug: 'murf', pricing: 'freemium' } });
    expect(item.header('etag')).not.toBe((await get('/api/v1/tools/murf')).header('etag'));
    const search = await get('/api/v1/search?q=voice&limit=1&fields=name');
    expect(Object.keys(search.json.data[0])).toEqual(['slug', 'name', 'score']);
    const bad = await get('/api/v1/tools?fields=name,colour');
    expect(bad.json.error).toMatch(/^Invalid value for 'fields': 'colour' is not a field of a tool; the fields are slug, name, tagline, /);
  });

  it('gives pages of different tools different ETags when they show only some fields', async () => {
    const byName = await get('/api/v1/tools?per_page=1&fields=name');
    const newest = await get('/api/v1/tools?per_page=1&fields=name&sort=newest');
    expect(newest.json.meta).toEqual(byName.json.meta);
    expect(newest.json.data).not.toEqual(byName.json.data);
    expect(newest.header('etag')).not.toBe(byName.header('etag'));
  });

  it('answers similar_to with the tools most like one, best first, each with a similarity in 0..1, 10 a page by default', async () => {
    const r = await get('/api/v1/tools?similar_to=murf');
    expect(r.json.data.map((t: { slug: string }) => t.slug)).toEqual(['elevenlabs']);
    expect(r.json.data[0].similarity).toBeGreaterThan(0.5);
    expect(r.json.data[0].similarity).toBeLessThanOrEqual(1);
    expect(r.json.meta.per_page).toBe(10);
    const image = await get('/api/v1/tools?similar_to=midjourney&fields=name');
    expect(image.json.data).toEqual([{ slug: 'stable-diffusion', name: 'Stable Diffusion', similarity: expect.any(Number) }]);
    expect((await get('/api/v1/tools?similar_to=eleven-labs')).json.data[0].slug).toBe('murf'); // a former slug names the current tool
    expect((await get('/api/v1/tools?similar_to=murf&pricing=paid')).json.data).toEqual([]);
    const unknown = await get('/api/v1/tools?similar_to=mirf');
    expect([unknown.status, unknown.json.did_you_mean]).toEqual([404, ['murf']]);
    expect((await get('/api/v1/tools?similar_to=playht')).status).toBe(410);
    expect((await get('/api/v1/tools?similar_to=murf&sort=name')).json.error).toMatch(/^Parameter 'sort' cannot be combined with 'similar_to'/);
  });

  it('answers a search for alternatives to a tool as similar_to does', async () => {
    const similar = (await get('/api/v1/tools?similar_to=midjourney')).json.data.map((t: { slug: string }) => t.slug);
    for (const q of ['alternatives to midjourney', 'Midjourney alternatives', 'tools like midjourney', 'similar to Midjourney', 'midjourney vs dall-e']) {
      const r = await get(`/api/v1/search?q=${encodeURIComponent(q)}`);
      expect(r.json.data.map((t: { slug: string }) => t.slug), q).toEqual(similar);
    }
    expect((await get('/api/v1/search?q=midjourney')).json.data[0].slug).toBe('midjourney'); // just its name: the tool itself first
  });

  it('checks unknown, then repeated, then values in table order', async () => {
    expect((await get('/api/v1/tools?page=0&foo=1&page=2')).json.code).toBe('UNKNOWN_PARAMETER');
    const repeated = await get('/api/v1/tools?per_page=0&page=1&page=2');
    expect(repeated.json).toEqual({ error: "Parameter 'page' was sent more than once; send it once.", code: 'INVALID_PARAMETER' });
    expect((await get('/api/v1/tools?sort=x&page=0')).json.error).toContain("'page'");
    expect((await get('/api/v1/tools?q=x')).json.error).toBe("Unknown parameter 'q' for /api/v1/tools; accepted parameters: page, per_page, category, pricing, platform, open_source, sort, website, updated_since, slugs, similar_to, fields, facets.");
  });

  it('ignores empty && segments', async () => {
    expect((await get('/api/v1/tools?&&pricing=paid&&')).json.meta.total).toBe(1);
  });
});

describe('GET /api/v1/tools/{slug}', () => {
  it('returns one tool in the single-item envelope', async () => {
    const r = await get('/api/v1/tools/elevenlabs');
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(['data']);
    expect(r.json.data).toMatchObject({ slug: 'elevenlabs', name: 'ElevenLabs', categories: [{ slug: 'text-to-speech', name: 'Text to Speech' }, { slug: 'voice-cloning', name: 'Voice Cloning' }] });
  });

  it.each([
    ['/api/v1/tools/nope', "No tool with slug 'nope'. Find one with /api/v1/search or /api/v1/tools.", []],
    ['/api/v1/tools/%C3%A9l%C3%A8ve', "No tool with slug 'élève'. Find one with /api/v1/search or /api/v1/tools.", []],
    ['/api/v1/tools/..%2f..%2fetc', "No tool with slug '../../etc'. Find one with /api/v1/search or /api/v1/tools.", []],
    ['/api/v1/tools/elevenlab', "No tool with slug 'elevenlab'. Did you mean 'elevenlabs'?", ['elevenlabs']],
    ['/api/v1/tools/mirf', "No tool with slug 'mirf'. Did you mean 'murf'?", ['murf']],
  ])('answers %s with 404 NOT_FOUND naming the slug and the closest ones', async (p, message, near) => {
    const r = await get(p);
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ error: message, code: 'NOT_FOUND', did_you_mean: near });
  });

  it('answers a slug in capitals with 301 to the lowercase path, and a trailing slash with 301 to the path without it, query kept', async () => {
    const upper = await get('/api/v1/tools/ElevenLabs');
    expect([upper.status, upper.header('location'), upper.json.code]).toEqual([301, `${BASE}/api/v1/tools/elevenlabs`, 'MOVED_PERMANENTLY']);
    const slash = await get('/api/v1/tools/?per_page=2');
    expect([slash.status, slash.header('location')]).toEqual([301, `${BASE}/api/v1/tools?per_page=2`]);
    expect((await get('/api/v1/tools/elevenlabs/')).header('location')).toBe(`${BASE}/api/v1/tools/elevenlabs`);
  });

  it('writes the URLs of Location and Link in ASCII, whatever characters the request\'s target held', async () => {
    const slash = await get('/api/v1/tools/😀/?q=é');
    expect([slash.status, slash.header('location')]).toEqual([301, `${BASE}/api/v1/tools/%F0%9F%98%80?q=%C3%A9`]);
    const search = await get('/api/v1/search?q=image+générateur&limit=1');
    expect(search.status).toBe(200);
    expect(search.header('link')).toContain(`${BASE}/api/v1/search?q=image+g%C3%A9n%C3%A9rateur&limit=1&page=2>; rel="next"`);
  });

  it('answers a path that does not decode, and deeper paths with 404', async () => {
    for (const p of ['/api/v1/tools/%E0%A4%A', '/api/v1/tools/elevenlabs/extra', '/api/v1/nope', '/api/v1', '/api/v1/search/x']) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.json.code, p).toBe('NOT_FOUND');
    }
  });

  it('rejects any query parameter but fields with 400 UNKNOWN_PARAMETER', async () => {
    const r = await get('/api/v1/tools/elevenlabs?page=1');
    expect(r.json).toEqual({ error: "Unknown parameter 'page' for /api/v1/tools/{slug}; accepted parameters: fields.", code: 'UNKNOWN_PARAMETER' });
    const c = await get('/api/v1/categories/voice-cloning?fields=name');
    expect(c.json).toEqual({ error: "Unknown parameter 'fields' for /api/v1/categories/{slug}; it takes no parameters.", code: 'UNKNOWN_PARAMETER' });
  });
});

describe('GET /api/v1/categories and /categories/{slug}', () => {
  it('lists categories by name with tool counts, filterable by group', async () => {
    const r = await get('/api/v1/categories');
    expect(r.json.data.map((c: { slug: string }) => c.slug)).toEqual(['background-removal', 'image-generation', 'meeting-notes', 'text-to-speech', 'voice-cloning']);
    expect((await get('/api/v1/categories?group=audio')).json.meta.total).toBe(2);
  });

  it('sorts by tool_count descending, ties by name', async () => {
    const r = await get('/api/v1/categories?sort=tool_count');
    expect(r.json.data.map((c: { slug: string; tool_count: number }) => `${c.slug}:${c.tool_count}`)).toEqual(['image-generation:2', 'text-to-speech:2', 'background-removal:1', 'meeting-notes:1', 'voice-cloning:1']);
  });

  it('rejects an unknown group naming the value and the groups', async () => {
    const r = await get('/api/v1/categories?group=nope');
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/^Invalid value for 'group': 'nope' is not one of the groups assistants, text, image/);
    expect((await get('/api/v1/categories?group=imag')).json.error).toMatch(/ is not one of the groups .*\. Did you mean 'image'\?$/);
  });

  it('returns one category, and 404 for an unknown one', async () => {
    expect((await get('/api/v1/categories/voice-cloning')).json.data).toEqual({ slug: 'voice-cloning', name: 'Voice Cloning', description: 'Tools that build a synthetic copy of a real voice from sample recordings.', group: 'audio', tool_count: 1 });
    expect((await get('/api/v1/categories/nope')).json).toEqual({ error: "No category with slug 'nope'. Find one with /api/v1/search or /api/v1/categories.", code: 'NOT_FOUND', did_you_mean: [] });
  });
});

describe('GET /api/v1/search', () => {
  it('finds tools with a score, best first, paginated by limit', async () => {
    const r = await get('/api/v1/search?q=text+to+speech&limit=1');
    expect(r.status).toBe(200);
    expect(r.json.meta).toMatchObject({ page: 1, per_page: 1 });
    expect(r.json.meta.total).toBeGreaterThanOrEqual(2);
    expect(r.json.data[0]).toMatchObject({ slug: expect.any(String), score: expect.any(Number) });
  });

  it('tolerates typos and prefixes and ignores case and diacritics', async () => {
    for (const q of ['midjorney', 'MIDJOURNEY', 'mídjöurney', 'midjou']) {
      expect((await get(`/api/v1/search?q=${encodeURIComponent(q)}`)).json.data[0]?.slug, q).toBe('midjourney');
    }
    expect((await get('/api/v1/search?q=elevenl')).json.data[0].slug).toBe('elevenlabs');
  });

  it('filters by category and pricing', async () => {
    const r = await get('/api/v1/search?q=voice&pricing=freemium&category=voice-cloning');
    expect(r.json.data.map((t: { slug: string }) => t.slug)).toEqual(['elevenlabs']);
  });

  it('answers no match with 200 and an empty list', async () => {
    expect((await get('/api/v1/search?q=xqzvwk')).json).toEqual({ data: [], meta: { page: 1, per_page: 10, total: 0, total_pages: 0 } });
  });

  it.each([
    ['', "Missing required parameter 'q'"], ['q=', "'q'"], ['q=%20%20', "'q'"], ['q=aaa...(201 characters)'.replace('aaa...(201 characters)', 'a'.repeat(201)), "'q'"],
    ['q=x&limit=51', "'limit'"], ['q=x&limit=0', "'limit'"], ['q=x&page=0', "'page'"], ['q=x&category=nope', "'category'"],
  ])('rejects a bad q, limit, page or category with 400 (case %#)', async (query, mention) => {
    const r = await get(`/api/v1/search?${query}`);
    expect(r.status).toBe(400);
    expect(r.json.error).toContain(mention);
  });

  it('counts q in code points after trimming Unicode whitespace', async () => {
    expect((await get(`/api/v1/search?q=${encodeURIComponent(`\u3000${'é'.repeat(200)}\u00a0`)}`)).status).toBe(200);
    expect((await get(`/api/v1/search?q=${encodeURIComponent('😀'.repeat(200))}`)).status).toBe(200);
  });
});

describe('authentication', () => {
  it.each([
    ['no header', {}, 'MISSING_API_KEY'], ['an empty header', { 'X-API-Key': '' }, 'MISSING_API_KEY'],
    ['a whitespace header', { 'X-API-Key': '   ' }, 'MISSING_API_KEY'], ['a short key', { 'X-API-Key': 'sk_short' }, 'INVALID_API_KEY'],
    ['a wrong prefix', { 'X-API-Key': `pk_${'a'.repeat(40)}` }, 'INVALID_API_KEY'], ['a 10 KB key', { 'X-API-Key': `sk_${'a'.repeat(10_000)}` }, 'INVALID_API_KEY'],
    ['a non-ASCII key', { 'X-API-Key': `sk_${'é'.repeat(40)}` }, 'INVALID_API_KEY'], ['an unknown key', { 'X-API-Key': `sk_${'Z'.repeat(40)}` }, 'INVALID_API_KEY'],
    ['the header sent twice', { 'X-API-Key': `${FREE_KEY}, ${FREE_KEY}` }, 'INVALID_API_KEY'], ['a revoked key', { 'X-API-Key': REVOKED_KEY }, 'REVOKED_API_KEY'],
  ])('answers %s with 401 %s, no-store and no rate-limit headers', async (_label, headers, code) => {
    const r = await get('/api/v1/tools', headers as Record<string, string>);
    expect(r.status).toBe(401);
    expect(r.json.code).toBe(code);
    expect(r.header('cache-control')).toBe('no-store');
    expect(r.header('x-ratelimit-limit')).toBeUndefined();
  });

  it('accepts a key with surrounding whitespace', async () => {
    expect((await get('/api/v1/tools', { 'X-API-Key': ` ${FREE_KEY}\t` })).status).toBe(200);
  });

  it('checks the key before the route: an unknown path without a key is 401', async () => {
    expect((await get('/api/v1/nope', {})).status).toBe(401);
  });

  it('answers 503 with Retry-After when the key store is down', async () => {
    h.keys.down = true;
    try {
      const r = await get('/api/v1/tools');
      expect(r.status).toBe(503);
      expect(r.json.code).toBe('SERVICE_UNAVAILABLE');
      expect(r.header('retry-after')).toBe('7');
      expect(r.header('cache-control')).toBe('no-store');
    } finally {
      h.keys.down = false;
    }
  });

  it('remembers only keys that exist: thousands of unknown keys leave nothing behind', async () => {
    const before = h.gateway.cache.size;
    for (let i = 0; i < 2_000; i++) expect((await get('/api/v1/nope', { 'X-API-Key': `sk_${String(i).padStart(40, 'Y')}` })).json.code).toBe('INVALID_API_KEY');
    expect(h.gateway.cache.size).toBe(before);
    await get('/api/v1/nope', { 'X-API-Key': REVOKED_KEY });
    expect(h.gateway.cache.size).toBeLessThanOrEqual(before + 1);
  });

  it('states the key format in its 401 as the one declaration says it (api-keys.ts), as the README does', async () => {
    const { KEY_BODY, KEY_FORMAT } = await import('../gateway/core/api-keys.ts');
    const r = await get('/api/v1/tools', { 'X-API-Key': 'sk_short' });
    expect(r.json.error).toContain(KEY_FORMAT);
    expect(KEY_FORMAT).toBe(`sk_ followed by ${KEY_BODY.min} to ${KEY_BODY.max} letters and digits`);
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(`keys are \`sk_\` and ${KEY_BODY.min}-${KEY_BODY.max} letters or digits`);
  });

  it('takes the key as Authorization: Bearer too, says every 401 with WWW-Authenticate, and never reads a key from the URL', async () => {
    expect((await get('/api/v1/tools', { Authorization: `Bearer ${PRO_KEY}` })).status).toBe(200);
    for (const headers of [{}, { 'X-API-Key': 'sk_short' }, { 'X-API-Key': REVOKED_KEY }] as Record<string, string>[]) {
      expect((await get('/api/v1/tools', headers)).header('www-authenticate')).toBe('Bearer realm="api"');
    }
    const inUrl = await get(`/api/v1/tools?api_key=${PRO_KEY}`, {});
    expect(inUrl.status).toBe(401);
    expect(inUrl.json.error).toMatch(/^A key in the URL \(\?api_key=\) is never read, since URLs end up in logs: send it in the X-API-Key header/);
  });

  it('refuses a key longer than the format allows (sk_ and 32 to 64 letters or digits) without looking it up', async () => {
    h.keys.down = true;
    try {
      const r = await get('/api/v1/tools', { 'X-API-Key': `sk_${'a'.repeat(65)}` });
      expect(r.status).toBe(401);
      expect(r.json.code).toBe('INVALID_API_KEY');
    } finally {
      h.keys.down = false;
    }
  });

  it('answers 503 to a key whose plan is not configured, logging it once per plan, not once per request', async () => {
    const lines: string[] = [];
    const gateway = createGateway({ snapshot: h.snapshot.view, keys: h.keys, limiterFor: () => undefined, now: () => h.clock.now, log: (l) => lines.push(l) });
    for (let i = 0; i < 20; i++) {
      const r = await gateway.handle({ method: 'GET', url: `${BASE}/api/v1/tools`, headers: new Headers({ 'X-API-Key': FREE_KEY }) });
      expect(r.status).toBe(503);
    }
    expect(lines).toEqual([expect.stringMatching(/^key key_free has plan 'free', which is not in the plans file/)]);
  });

  it('logs an outage of the key store when it starts, then a count every 10 s, never a line per request', async () => {
    const { createGateway } = await import('../gateway/core/gateway.ts');
    const lines: string[] = [];
    const clock = { now: h.clock.now };
    const gateway = createGateway({ snapshot: h.snapshot.view, keys: h.keys, limiterFor: () => undefined, now: () => clock.now, log: (l) => lines.push(l) });
    const send = () => gateway.handle({ method: 'GET', url: `${BASE}/api/v1/tools`, headers: new Headers({ 'X-API-Key': FREE_KEY }) });
    h.keys.down = true;
    try {
      for (let i = 0; i < 100; i++) {
        expect((await send()).status).toBe(503);
        clock.now += 100;
      }
    } finally {
      h.keys.down = false;
    }
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(lines[0]).toMatch(/^key store unavailable/);
    expect(lines.slice(1).every((l) => /still unavailable: \d+ requests affected/.test(l))).toBe(true);
  });
});

describe('rate limiting', () => {
  it('counts every keyed request and answers 429 with the plan number past the limit', async () => {
    const seen: number[] = [];
    for (let i = 0; i < 60; i++) {
      const r = await get(i % 3 === 0 ? '/api/v1/nope' : i % 3 === 1 ? '/api/v1/tools?page=0' : '/api/v1/tools', { 'X-API-Key': FREE_KEY });
      seen.push(Number(r.header('x-ratelimit-remaining')));
      expect(r.header('x-ratelimit-limit')).toBe('60');
    }
    expect(seen[0]).toBe(59);
    expect(seen[59]).toBe(0);
    const over = await get('/api/v1/tools', { 'X-API-Key': FREE_KEY });
    expect(over.status).toBe(429);
    expect(over.header('x-ratelimit-remaining')).toBe('0');
    expect(over.header('cache-control')).toBe('no-store');
    const reset = Number(over.header('x-ratelimit-reset'));
    expect(reset % 60).toBe(0);
    expect(over.header('retry-after')).toBe('50');
    expect(reset - Math.ceil(h.clock.now / 1000)).toBe(50);
    expect(over.json).toEqual({ error: 'Rate limit exceeded. Max 60 requests per minute. Retry in 50 s (at X-RateLimit-Reset), or ask the operator for a larger plan.', code: 'RATE_LIMIT_EXCEEDED' });
    h.clock.now = reset * 1000;
    expect((await get('/api/v1/tools', { 'X-API-Key': FREE_KEY })).header('x-ratelimit-remaining')).toBe('59');
  });

  it('does not count 401s or OPTIONS preflights', async () => {
    await get('/api/v1/tools', { 'X-API-Key': REVOKED_KEY });
    await h.request('/api/v1/tools', { method: 'OPTIONS' });
    expect((await get('/api/v1/tools', { 'X-API-Key': FREE_KEY })).header('x-ratelimit-remaining')).toBe('59');
  });
});

describe('memory: one budget of bytes for everything remembered', () => {
  it('keeps the sum of answers, selections and key verdicts within the budget, keys counted, while a flood of distinct long URLs passes', async () => {
    const limiter = memoryRateLimiter(1_000_000, () => h.clock.now);
    const budget = 256 * 1024;
    const gateway = createGateway({ snapshot: h.snapshot.view, keys: h.keys, limiterFor: () => limiter, now: () => h.clock.now, log: () => {}, cacheBytes: budget });
    const send = (path: string, headers: Record<string, string> = key) => gateway.handle({ method: 'GET', url: `${BASE}${path}`, headers: new Headers(headers) });
    const long = 'x'.repeat(12 * 1024);
    for (let i = 0; i < 300; i++) {
      expect((await send(`/api/v1/tools?per_page=${(i % 100) + 1}&page=${i + 1}`)).status).toBe(200);
      expect((await send(`/api/v1/nope-${i}-${long}`)).status).toBe(404); // keyed: routed, answered, not remembered
      expect((await send(`/api/v1/tools-${i}-${long}`, {})).status).toBe(401); // keyless: nothing remembered
      expect(gateway.cache.bytes).toBeLessThanOrEqual(budget);
    }
    expect(gateway.cache.size).toBeGreaterThan(10); // it does remember within the budget
  });

  it('remembers nothing with a budget of 0, and answers the same', async () => {
    const limiter = memoryRateLimiter(1_000, () => h.clock.now);
    const gateway = createGateway({ snapshot: h.snapshot.view, keys: h.keys, limiterFor: () => limiter, now: () => h.clock.now, log: () => {}, cacheBytes: 0 });
    for (const path of ['/api/v1/tools?per_page=4&page=2', '/api/v1/categories?per_page=3&sort=tool_count', '/api/v1/search?q=video+editing&limit=3']) {
      const first = await gateway.handle({ method: 'GET', url: `${BASE}${path}`, headers: new Headers(key) });
      expect(first.status, path).toBe(200);
      expect(bodyText(first.body), path).toBe((await get(path)).text);
    }
    expect(gateway.cache.size).toBe(0);
  });
});

describe('HTTP semantics', () => {
  it('answers OPTIONS preflight with 204 and the CORS headers, without a key', async () => {
    const r = await h.request('/api/v1/tools', { method: 'OPTIONS' });
    expect(r.status).toBe(204);
    expect(r.header('access-control-allow-headers')).toBe('X-API-Key, Authorization, If-None-Match');
    expect(r.header('access-control-allow-origin')).toBe('*');
  });

  it('answers other methods with 405 and Allow, before the key check', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const r = await h.request('/api/v1/tools', { method });
      expect(r.status).toBe(405);
      expect(r.json.code).toBe('METHOD_NOT_ALLOWED');
      expect(r.header('allow')).toBe('GET, HEAD, OPTIONS');
    }
  });

  it('sends ETag on every 200 and 304 for a matching If-None-Match or *', async () => {
    for (const p of ['/api/v1/tools', '/api/v1/tools?per_page=3', '/api/v1/tools/murf', '/api/v1/search?q=voice']) {
      const r = await get(p);
      const etag = r.header('etag')!;
      expect(etag, p).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect((await get(p, { ...key, 'If-None-Match': etag })).status, p).toBe(304);
      expect((await get(p, { ...key, 'If-None-Match': `W/${etag}, "other"` })).status, p).toBe(304);
      expect((await get(p, { ...key, 'If-None-Match': '*' })).status, p).toBe(304);
      expect((await get(p, { ...key, 'If-None-Match': '"stale"' })).status, p).toBe(200);
    }
  });

  it('counts a 304 and keeps the rate-limit headers on it', async () => {
    const etag = (await get('/api/v1/tools', { 'X-API-Key': FREE_KEY })).header('etag')!;
    const r = await get('/api/v1/tools', { 'X-API-Key': FREE_KEY, 'If-None-Match': etag });
    expect(r.status).toBe(304);
    expect(r.header('x-ratelimit-remaining')).toBe('58');
  });

  it('sends X-Request-Id, CORS expose headers and Cache-Control: private on keyed responses', async () => {
    const r = await get('/api/v1/tools');
    expect(r.header('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.header('cache-control')).toBe('private');
    expect(r.header('access-control-expose-headers')).toBe('X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Link, ETag, X-Request-Id, WWW-Authenticate');
    expect((await get('/api/v1/tools/nope')).header('cache-control')).toBe('private');
  });

  it('serves the reference page and its script without a key or a count, each with an ETag of its own bytes', async () => {
    for (const [path, type] of [['/docs', 'text/html; charset=utf-8'], ['/docs/scalar.js', 'text/javascript; charset=utf-8'], ['/openapi.json', 'application/json; charset=utf-8']] as const) {
      const r = await h.request(path);
      expect(r.status, path).toBe(200);
      expect(r.header('content-type'), path).toBe(type);
      expect(r.header('etag'), path).toBe(await etagOf(r.text));
      expect(r.header('x-ratelimit-limit'), path).toBeUndefined();
    }
    expect((await h.request('/docs')).text).toContain('/openapi.json');
  });

  it('serves /healthz and /openapi.json without a key, ignoring query strings', async () => {
    const health = await h.request('/healthz?x=1');
    expect(health.json).toEqual({ status: 'ok', snapshot: h.snapshot.view.id });
    const doc = await h.request('/openapi.json?v=2');
    expect(doc.json.openapi).toBe('3.1.0');
    expect(Object.keys(doc.json.paths)).toEqual(['/api/v1/tools', '/api/v1/tools/{slug}', '/api/v1/categories', '/api/v1/categories/{slug}', '/api/v1/search', '/api/v1/usage', '/mcp', '/healthz', '/readyz', '/openapi.json', '/docs']);
    expect(health.header('x-ratelimit-limit')).toBeUndefined();
    expect(health.header('etag')).toBeDefined();
    expect(doc.header('etag')).toBeDefined();
  });

  it('answers /readyz 200 when keyed requests can be served, and 503 with the reason when the key store cannot be reached', async () => {
    const ready = await h.request('/readyz');
    expect([ready.status, ready.json]).toEqual([200, { status: 'ready', snapshot: h.snapshot.view.id }]);
    expect(ready.header('cache-control')).toBe('no-store');
    h.keys.down = true;
    try {
      const notReady = await h.request('/readyz?x=1');
      expect([notReady.status, notReady.json]).toEqual([503, { status: 'not_ready', reason: 'key_store_unreachable' }]);
      expect(notReady.header('retry-after')).toBe('7');
      expect((await h.request('/healthz')).status).toBe(200); // liveness is not readiness
    } finally {
      h.keys.down = false;
    }
  });

  it('answers unknown paths outside /api/v1 with a JSON 404', async () => {
    const r = await h.request('/');
    expect(r.status).toBe(404);
    expect(r.json.code).toBe('NOT_FOUND');
  });
});

describe('OpenAPI document', () => {
  it('lists exactly the parameters each endpoint accepts', async () => {
    const { TOOLS_PARAMS, CATEGORIES_PARAMS, SEARCH_PARAMS } = await import('../gateway/core/params.ts');
    const doc = (await h.request('/openapi.json')).json;
    const names = (p: string) => doc.paths[p].get.parameters.filter((x: { in: string }) => x.in === 'query').map((x: { name: string }) => x.name);
    expect(names('/api/v1/tools')).toEqual([...TOOLS_PARAMS]);
    expect(names('/api/v1/categories')).toEqual([...CATEGORIES_PARAMS]);
    expect(names('/api/v1/search')).toEqual([...SEARCH_PARAMS]);
    expect(doc.components.schemas.Tool.required).toEqual(expect.arrayContaining(['slug', 'name', 'categories', 'pricing']));
  });
});

describe('dependency outages', () => {
  it('answers 503, not 500, when the rate limiter cannot be reached', async () => {
    const { createGateway } = await import('../gateway/core/gateway.ts');
    const gateway = createGateway({
      snapshot: h.snapshot.view, keys: h.keys, log: () => {},
      limiterFor: () => ({ limit: async () => { throw new Error('connect ECONNREFUSED'); } }),
    });
    const r = await gateway.handle({ method: 'GET', url: `${BASE}/api/v1/tools`, headers: new Headers({ 'X-API-Key': PRO_KEY }) });
    expect(r.status).toBe(503);
    expect(JSON.parse(bodyText(r.body)).code).toBe('SERVICE_UNAVAILABLE');
    expect(r.headers['Retry-After']).toBe('5');
  });

  it('counts in this instance with the plan\'s limit while the rate limiter cannot be reached, and recovers by itself', async () => {
    const { createGateway } = await import('../gateway/core/gateway.ts');
    let down = true;
    let remote = 0;
    const gateway = createGateway({
      snapshot: h.snapshot.view, keys: h.keys, log: () => {}, now: () => h.clock.now, perMinute: () => 3,
      limiterFor: () => ({
        limit: async () => {
          if (down) throw new Error('connect ECONNREFUSED');
          remote += 1;
          return { success: true, limit: 3, remaining: 2, reset: h.clock.now + 60_000 };
        },
      }),
    });
    const get = () => gateway.handle({ method: 'GET', url: `${BASE}/api/v1/tools`, headers: new Headers({ 'X-API-Key': PRO_KEY }) });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    down = false;
    h.clock.now += 1_000; // the limiter is left alone for a second after a failure, then probed
    const after = await get();
    expect(after.status).toBe(200);
    expect(remote).toBe(1);
  });
});

describe('moved and retired records in the catalog', () => {
  it('answers the fixture\'s former slug with 301 and its retired tool with 410, and lists neither', async () => {
    const moved = await get('/api/v1/tools/eleven-labs', { 'X-API-Key': PRO_KEY });
    expect(moved.status).toBe(301);
    expect(moved.header('location')).toBe(`${BASE}/api/v1/tools/elevenlabs`);
    const gone = await get('/api/v1/tools/playht', { 'X-API-Key': PRO_KEY });
    expect(gone.status).toBe(410);
    expect(gone.json.error).toBe("PlayHT was retired on 2025-07-13 (its team joined Meta and the voice platform was wound down); alternatives: 'elevenlabs', 'murf'.");
    const all = await get('/api/v1/tools?per_page=100', { 'X-API-Key': PRO_KEY });
    expect(all.json.data.map((t: { slug: string }) => t.slug)).not.toContain('playht');
    expect(JSON.stringify(all.json)).not.toContain('former_slugs');
  });

  it('sends a search for a retired tool to its successor or alternatives, in order, and finds a tool by a former slug', async () => {
    const playht = await get('/api/v1/search?q=playht', { 'X-API-Key': PRO_KEY });
    expect(playht.json.data.slice(0, 2).map((t: { slug: string }) => t.slug)).toEqual(['elevenlabs', 'murf']);
    const old = await get('/api/v1/search?q=old+diffusion', { 'X-API-Key': PRO_KEY });
    expect(old.json.data[0].slug).toBe('stable-diffusion');
    const former = await get('/api/v1/search?q=eleven-labs', { 'X-API-Key': PRO_KEY });
    expect(former.json.data[0].slug).toBe('elevenlabs');
  });
});

describe('moved and retired records', () => {
  let moved: Harness['gateway'];
  const send = (path: string) => moved.handle({ method: 'GET', url: `${BASE}${path}`, headers: new Headers({ 'X-API-Key': PRO_KEY }) });

  beforeAll(async () => {
    const { createGateway } = await import('../gateway/core/gateway.ts');
    const { createSnapshotView } = await import('../gateway/core/snapshot-view.ts');
    const view = h.snapshot.view;
    const data = {
      ...view.data,
      moved: { tools: { 'eleven-labs': 'elevenlabs' }, categories: { tts: 'text-to-speech' } },
      retired: [
        { slug: 'old-voice', name: 'Old Voice', retired_at: '2025-06-30', reason: 'its maker shut it down', successor: 'elevenlabs', alternatives: [] },
        { slug: 'gone-art', name: 'Gone Art', retired_at: '2024-01-15', reason: 'discontinued', successor: null, alternatives: ['midjourney', 'elevenlabs'] },
      ],
    };
    const snapshot = createSnapshotView(view.manifest, data, async () => { throw new Error('no index'); });
    moved = createGateway({ snapshot, keys: h.keys, limiterFor: () => ({ limit: async () => ({ success: true, limit: 600, remaining: 599, reset: h.clock.now + 60_000 }) }), log: () => {} });
  });

  it('answers a former tool or category slug with 301, Location and the envelope, after the key check', async () => {
    const r = await send('/api/v1/tools/eleven-labs');
    expect(r.status).toBe(301);
    expect(r.headers.Location).toBe(`${BASE}/api/v1/tools/elevenlabs`);
    expect(JSON.parse(bodyText(r.body))).toEqual({ error: "Tool 'eleven-labs' is now 'elevenlabs'.", code: 'MOVED_PERMANENTLY' });
    expect(r.headers['Cache-Control']).toBe('private');
    expect(r.headers['X-RateLimit-Limit']).toBe('600');
    const c = await send('/api/v1/categories/tts');
    expect(c.status).toBe(301);
    expect(c.headers.Location).toBe(`${BASE}/api/v1/categories/text-to-speech`);
    const anonymous = await moved.handle({ method: 'GET', url: `${BASE}/api/v1/tools/eleven-labs`, headers: new Headers() });
    expect(anonymous.status).toBe(401);
  });

  it('answers a retired tool with 410 naming its successor, with a successor-version Link', async () => {
    const r = await send('/api/v1/tools/old-voice');
    expect(r.status).toBe(410);
    expect(JSON.parse(bodyText(r.body))).toEqual({
      error: "Old Voice was retired on 2025-06-30 (its maker shut it down); its successor is 'elevenlabs'.", code: 'GONE',
      retired_at: '2025-06-30', successor: { slug: 'elevenlabs', name: 'ElevenLabs', url: 'https://elevenlabs.io/' }, alternatives: [],
    });
    expect(r.headers.Link).toBe(`<${BASE}/api/v1/tools/elevenlabs>; rel="successor-version"`);
    expect((await send('/api/v1/tools?similar_to=old-voice')).headers.Link).toBe(`<${BASE}/api/v1/tools/elevenlabs>; rel="successor-version"`);
  });

  it('builds Location and Link URLs from the public base URL when it is set, as pagination\'s Link, never from the request', async () => {
    const limiter = { limit: async () => ({ success: true, limit: 600, remaining: 599, reset: h.clock.now + 60_000 }) };
    const behind = createGateway({ snapshot: moved.snapshot, keys: h.keys, limiterFor: () => limiter, publicBaseUrl: 'https://api.example.com/', log: () => {} });
    const sendBehind = (path: string) => behind.handle({ method: 'GET', url: `http://10.0.0.7:8787${path}`, headers: new Headers({ 'X-API-Key': PRO_KEY }) });
    expect((await sendBehind('/api/v1/tools/eleven-labs')).headers.Location).toBe('https://api.example.com/api/v1/tools/elevenlabs');
    expect((await sendBehind('/api/v1/tools/?per_page=2')).headers.Location).toBe('https://api.example.com/api/v1/tools?per_page=2');
    expect((await sendBehind('/api/v1/tools/old-voice')).headers.Link).toBe('<https://api.example.com/api/v1/tools/elevenlabs>; rel="successor-version"');
  });

  it('names the alternatives of a retired tool without a successor, and sends no Link', async () => {
    const r = await send('/api/v1/tools/gone-art');
    expect(r.status).toBe(410);
    expect(JSON.parse(bodyText(r.body))).toMatchObject({
      error: "Gone Art was retired on 2024-01-15 (discontinued); alternatives: 'midjourney', 'elevenlabs'.",
      successor: null, alternatives: [{ slug: 'midjourney', name: 'Midjourney' }, { slug: 'elevenlabs', name: 'ElevenLabs' }],
    });
    expect(r.headers.Link).toBeUndefined();
  });

  it('refuses query parameters on former and retired slugs as on any item, and still 404s the unknown', async () => {
    expect((await send('/api/v1/tools/eleven-labs?x=1')).status).toBe(400);
    expect((await send('/api/v1/tools/old-voice?x=1')).status).toBe(400);
    expect((await send('/api/v1/tools/never-was')).status).toBe(404);
    expect((await send('/api/v1/categories/old-voice')).status).toBe(404);
    expect((await send('/api/v1/tools/constructor')).status).toBe(404);
  });
});
