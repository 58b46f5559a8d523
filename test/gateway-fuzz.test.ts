// Property: whatever a client sends, the gateway never answers 5xx, always answers JSON in the
// error or data envelope, and every error code is one the contract knows.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, PRO_KEY, type Harness } from './gateway-harness.ts';

const CODES = new Set(['INVALID_PARAMETER', 'UNKNOWN_PARAMETER', 'MISSING_API_KEY', 'INVALID_API_KEY', 'REVOKED_API_KEY', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'RATE_LIMIT_EXCEEDED', 'MOVED_PERMANENTLY']);

const segment = fc.oneof(
  fc.constantFrom('tools', 'categories', 'search', 'api', 'v1', '..', '.', '', 'elevenlabs', 'text-to-speech', '%2e%2e', '%2f', '%', '%ZZ', '%E0%A4%A', 'ÉLÈVE', '😀'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 8 }).map((s) => encodeURIComponent(s).replace(/%2F/g, '/')),
);
const path = fc.oneof(
  fc.array(segment, { maxLength: 5 }).map((segs) => `/api/v1/${segs.join('/')}`),
  fc.array(segment, { maxLength: 4 }).map((segs) => `/${segs.join('/')}`),
);
const paramName = fc.oneof(fc.constantFrom('page', 'per_page', 'category', 'pricing', 'platform', 'open_source', 'sort', 'group', 'q', 'limit'), fc.string({ maxLength: 6 }));
const paramValue = fc.oneof(
  fc.constantFrom('1', '0', '20', '100', '101', '020', '2e1', '+2', '-1', '1.0', '', 'free', 'paid', 'true', 'name', 'newest', 'tool_count', 'web', 'audio', 'voice', '%00', '%', '%ZZ', '%F0%9F%98%80', 'a+b', '%E2%80%AE'),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 60 }).map(encodeURIComponent),
);
// Everything comes from the property's own arbitraries (no fc.sample inside), so a failure replays from its seed.
const query = fc.tuple(fc.array(fc.tuple(paramName, fc.option(paramValue)), { maxLength: 6 }), fc.constantFrom('&', '&&'))
  .map(([pairs, separator]) => pairs.map(([k, v]) => (v === null ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${v}`)).join(separator));
const keyHeader = fc.oneof(
  fc.constant(PRO_KEY), fc.constant(` ${PRO_KEY} `), fc.constant(`${PRO_KEY}, ${PRO_KEY}`), fc.constant(''),
  fc.string({ maxLength: 50 }), fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => `sk_${s}`),
);
const method = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'DELETE', 'get', 'BREW');
const inm = fc.option(fc.oneof(fc.constant('*'), fc.string({ maxLength: 30 }), fc.constant('W/"x", "y"')));

describe('gateway under random input', () => {
  let h: Harness;
  beforeAll(async () => { h = await createHarness(); });

  it('never answers 5xx, always JSON with a known error code, for thousands of random requests', async () => {
    await fc.assert(fc.asyncProperty(method, path, query, fc.option(keyHeader), inm, async (m, p, q, key, ifNoneMatch) => {
      h.clock.now += 1_000; // spread requests over windows so most are not rate-limited
      const headers: Record<string, string> = {};
      if (key !== null) headers['X-API-Key'] = key.replace(/[\r\n\0]/g, '');
      if (ifNoneMatch !== null) headers['If-None-Match'] = ifNoneMatch.replace(/[\r\n\0]/g, '');
      let r;
      try {
        r = await h.request(q ? `${p}?${q}` : p, { method: m, headers });
      } catch (e) {
        // The Headers class refuses some header values before the request exists; nothing to test then.
        if (e instanceof TypeError && /header/i.test(e.message)) return;
        throw e;
      }
      expect(r.status).toBeLessThan(500);
      expect(r.header('x-request-id')).toBeDefined();
      if (r.status === 204 || r.status === 304) return;
      expect(r.header('content-type')).toBe('application/json; charset=utf-8');
      if (m.toUpperCase() === 'HEAD') {
        expect(r.text).toBe('');
        return;
      }
      if (r.status >= 300) {
        // The envelope, plus what a program needs on a 404 (did_you_mean) or a 410 (where users went).
        expect(Object.keys(r.json).filter((k) => !['did_you_mean', 'retired_at', 'successor', 'alternatives'].includes(k)).sort()).toEqual(['code', 'error']);
        expect(CODES.has(r.json.code)).toBe(true);
      } else {
        expect(r.json).toHaveProperty('data');
      }
    }), { numRuns: 4000 });
  }, 120_000);

  it('answers pathological search queries quickly', async () => {
    const queries = ['a'.repeat(200), 'a '.repeat(100), '.*'.repeat(100), "'; DROP TABLE tools; --", '(((((((((((', '\u0000', '🎉'.repeat(200), 'مرحبا بالعالم', 'x'.repeat(199) + '%', '[a-z]+$^'];
    for (const q of queries) {
      const started = performance.now();
      const r = await h.request(`/api/v1/search?q=${encodeURIComponent(q)}`, { headers: { 'X-API-Key': PRO_KEY } });
      expect(r.status, q).toBe(200);
      expect(performance.now() - started, q).toBeLessThan(1_000);
    }
  });
});
