// The README stands alone and tells the truth: its sample responses are checked against a gateway
// over the real catalog, its error table against the contract, and it links nowhere outside.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from '../build/build.ts';
import { createGateway, type Gateway } from '../gateway/core/gateway.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';
import { toResponse } from '../gateway/core/responses.ts';
import { loadSnapshot, type LoadedSnapshot } from '../gateway/node/load.ts';
import { ERROR_CODES } from '../snapshot/contract.ts';
import { PRO_KEY, TestKeyStore } from './gateway-harness.ts';
import { removeDir, ROOT, tempDir } from './helpers.ts';

let readme: string;
let gateway: Gateway;
let snapshot: LoadedSnapshot;
beforeAll(async () => {
  readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  const dir = await tempDir('readme-test-');
  const built = await buildSnapshot(path.join(ROOT, 'catalog'), path.join(dir, 'dist'));
  if (!built.ok) throw new Error('the real catalog does not build');
  snapshot = await loadSnapshot(path.join(dir, 'dist'));
  const keys = new TestKeyStore();
  await keys.add(PRO_KEY, { status: 'active', id: 'key_readme', plan: 'pro' });
  const limiter = memoryRateLimiter(1_000_000);
  gateway = createGateway({ snapshot: snapshot.view, keys, limiterFor: () => limiter, log: () => {} });
  return () => removeDir(dir);
}, 60_000);

describe('README', () => {
  it('shows sample responses that the server returns (fields as shown, lists in order)', async () => {
    const samples = [...readme.matchAll(/```sh\n(?:.*\n)*?curl [^\n]*"http:\/\/127\.0\.0\.1:8787([^"]+)"\n```\n```json\n(.*)\n```/g)];
    expect(samples.length).toBeGreaterThanOrEqual(7);
    for (const [, target, shown] of samples) {
      const result = await gateway.handle({ method: 'GET', url: `http://127.0.0.1:8787${target}`, headers: new Headers({ 'X-API-Key': PRO_KEY }) });
      const body = await toResponse(result, 'GET', (key) => new Uint8Array(snapshot.bodies.get(key)!.identity)).json();
      expect(mismatch(body, JSON.parse(shown!)), target).toBeUndefined();
    }
  });

  it('lists every error code of the contract in its error table', () => {
    const rows = readme.split('\n').filter((line) => line.startsWith('| '));
    for (const code of ERROR_CODES) expect(rows.some((row) => row.includes(`\`${code}\``)), code).toBe(true);
  });

  it('stands alone: no links to files outside the repository', () => {
    expect(readme).not.toMatch(/\.\.\/shared|\]\(\.\.\//);
    expect(readme.split('\n').slice(0, 10).join('\n')).toContain('npm install && npm start');
    expect(readme.split('\n').slice(0, 10).join('\n')).toContain('npm test');
  });
});

/** Where `shown` is not a part of `actual`: objects by their shown fields, arrays by their first elements, in order. */
function mismatch(actual: unknown, shown: unknown, at = '$'): string | undefined {
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual) || actual.length < shown.length) return `${at}: expected at least ${shown.length} items`;
    for (let i = 0; i < shown.length; i++) {
      const m = mismatch(actual[i], shown[i], `${at}[${i}]`);
      if (m) return m;
    }
    return undefined;
  }
  if (shown !== null && typeof shown === 'object') {
    if (actual === null || typeof actual !== 'object') return `${at}: expected an object`;
    for (const [k, v] of Object.entries(shown)) {
      const m = mismatch((actual as Record<string, unknown>)[k], v, `${at}.${k}`);
      if (m) return m;
    }
    return undefined;
  }
  return Object.is(actual, shown) ? undefined : `${at}: README shows ${JSON.stringify(shown)}, the server returns ${JSON.stringify(actual)}`;
}
