// The edge gateway: the real .vercel/output middleware in the Edge Runtime VM.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEdge, type EdgeHarness } from './edge-bundle.ts';
import { removeDir } from './helpers.ts';

describe('edge middleware without a key store', () => {
  let edge: EdgeHarness;
  const staticFile = (target: string) => path.join(edge.output, 'static', new URL(target).pathname);
  beforeAll(async () => { edge = await loadEdge(); }, 60_000);
  afterAll(async () => { await removeDir(path.dirname(path.dirname(edge.output))); });

  it('writes a Build Output v3 tree whose edge function is under 1 MB gzipped', async () => {
    expect(existsSync(path.join(edge.output, 'config.json'))).toBe(true);
    expect(existsSync(path.join(edge.output, 'functions/_middleware.func/.vc-config.json'))).toBe(true);
    expect(edge.summary.bundleGzipBytes).toBeLessThan(1024 * 1024);
    expect(edge.summary.indexBundled).toBe(true);
  });

  it('answers health and the OpenAPI document without a key', async () => {
    const health = await edge.request('/healthz');
    expect(health.status).toBe(200);
    expect(health.json.status).toBe('ok');
    const doc = await edge.request('/openapi.json');
    expect(doc.rewrite).toMatch(/^https:\/\/api\.example\.test\/_snapshot\/[0-9a-f]{16}\/openapi\.json$/);
    expect(JSON.parse(await readFile(staticFile(doc.rewrite!), 'utf8')).openapi).toMatch(/^3\.1/);
    expect(doc.headers.get('etag')).toMatch(/^"/);
    expect(doc.headers.get('x-ratelimit-limit')).toBeUndefined();
  });

  it('answers OPTIONS preflight with 204, and other methods with 405 and Allow', async () => {
    expect((await edge.request('/api/v1/tools', { method: 'OPTIONS' })).status).toBe(204);
    const post = await edge.request('/api/v1/tools', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers 401 MISSING_API_KEY and INVALID_API_KEY before needing a store', async () => {
    expect((await edge.request('/api/v1/tools')).json.code).toBe('MISSING_API_KEY');
    expect((await edge.request('/api/v1/tools', { headers: { 'X-API-Key': 'nope' } })).json.code).toBe('INVALID_API_KEY');
  });

  it('answers 503 with Retry-After for a well-formed key when no key store is configured', async () => {
    const r = await edge.request('/api/v1/tools', { headers: { 'X-API-Key': `sk_${'a'.repeat(40)}` } });
    expect(r.status).toBe(503);
    expect(r.json.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses direct requests for the internal folder of prebuilt bodies', async () => {
    const r = await edge.request(`/_snapshot/x/lists/tools/_.json`);
    expect(r.status).toBe(404);
    expect(r.rewrite).toBeUndefined();
    expect(r.next).toBe(false);
    expect(r.json.code).toBe('NOT_FOUND');
  });
});
