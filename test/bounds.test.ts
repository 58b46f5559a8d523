// What a client can make the server send or remember (API.md, "Bounds"): response headers stay
// small, and key verdicts are remembered apart from answers.
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_LINK_BYTES } from '../gateway/core/responses.ts';
import { BASE, createHarness, FREE_KEY, type Harness } from './gateway-harness.ts';

let h: Harness;
beforeEach(async () => { h = await createHarness(); });

describe('Link headers', () => {
  it('are left out when they would pass 8 KB, and sent otherwise', async () => {
    const long = await h.request(`/api/v1/tools?per_page=1&fields=${'slug,'.repeat(2_600)}name`, { headers: { 'X-API-Key': FREE_KEY } });
    expect(long.status).toBe(200);
    expect(long.json.meta.total_pages).toBeGreaterThan(1);
    expect(long.header('link')).toBeUndefined();
    const short = await h.request('/api/v1/tools?per_page=1&fields=slug,name', { headers: { 'X-API-Key': FREE_KEY } });
    expect(short.header('link')!.length).toBeLessThan(MAX_LINK_BYTES);
  });
});

describe('the cache of answers and key verdicts', () => {
  it('keeps them apart: a key header that names a remembered URL is a malformed key, and the answer stays remembered', async () => {
    const url = `${BASE}/api/v1/tools?per_page=3`;
    expect((await h.request('/api/v1/tools?per_page=3', { headers: { 'X-API-Key': FREE_KEY } })).status).toBe(200);
    expect(h.gateway.cache.get(url)).toBeDefined();
    const r = await h.request('/api/v1/tools', { headers: { 'X-API-Key': url } });
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('INVALID_API_KEY');
    expect(r.json.error).toMatch(/exactly as issued/);
    expect(h.gateway.cache.get(url)).toBeDefined();
  });
});
