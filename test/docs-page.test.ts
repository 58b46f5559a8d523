// GET /docs in a real browser: Debian's Chromium driven by playwright-core against `npm start`
// on the fixture catalog. The page must list every endpoint and error code, fetch nothing from
// outside, and its "try it" must reach the local server with the key typed in.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveBrowser, launchChromium } from './browser.ts';
import { fixtureCopy, removeDir, ROOT } from './helpers.ts';
import { startServer, type ServerProcess } from './server-process.ts';

const ENDPOINTS = ['List tools', 'Get one tool', 'List categories', 'Get one category', 'Search tools'];
const CODES = ['INVALID_PARAMETER', 'UNKNOWN_PARAMETER', 'MISSING_API_KEY', 'INVALID_API_KEY', 'REVOKED_API_KEY', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'RATE_LIMIT_EXCEEDED', 'SERVICE_UNAVAILABLE', 'INTERNAL_ERROR'];

describe.skipIf(!haveBrowser)('reference page at /docs', () => {
  let dir: string;
  let server: ServerProcess;
  let browser: Browser;
  let base: string;
  let key: string;

  beforeAll(async () => {
    const catalog = await fixtureCopy();
    dir = path.dirname(catalog);
    server = await startServer({ CATALOG_DIR: catalog, DIST_DIR: path.join(dir, 'dist'), KEYS_FILE: path.join(dir, 'keys.json') }, dir, /curl -H/);
    base = server.base;
    key = /(sk_[A-Za-z0-9]{32,})/.exec(server.output())![1]!;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await removeDir(dir);
  });

  it('lists the five endpoints and every error code, fetches nothing from outside, and tries a request with the key', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const outside: string[] = [];
    const tried: { url: string; status: number; key: string | undefined }[] = [];
    page.on('request', (r) => { if (!r.url().startsWith(base) && !r.url().startsWith('data:')) outside.push(r.url()); });
    const logged: string[] = [];
    const failed: string[] = [];
    page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') logged.push(`${m.type()}: ${m.text()}`); });
    page.on('response', (r) => {
      if (r.url().includes('/api/v1/')) tried.push({ url: r.url(), status: r.status(), key: r.request().headers()['x-api-key'] });
      else if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${base}/docs`);
    await page.getByRole('button', { name: 'Test Request' }).first().waitFor();
    // The key field says what goes there, and cannot be mistaken for a key.
    const placeholders = await page.evaluate(() => [...document.querySelectorAll('input')].map((i) => i.placeholder).filter(Boolean));
    expect(placeholders).toContain('paste your API key (sk_...)');
    for (const p of placeholders) expect(p).not.toMatch(/^[A-Za-z0-9+/=_]{24,}$/);
    const text = await page.evaluate(() => document.body.innerText);
    for (const endpoint of ENDPOINTS) expect(text, endpoint).toContain(endpoint);
    for (const code of CODES) expect(text, code).toContain(code);

    await page.locator('input:visible').first().fill(key);
    await page.getByRole('button', { name: 'Test Request' }).first().click();
    await page.getByRole('button', { name: /^Send/ }).first().click();
    await expect.poll(() => tried.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(tried[0]).toEqual({ url: `${base}/api/v1/tools`, status: 200, key });
    await page.getByText('200 OK').first().waitFor();
    await mkdir(path.join(ROOT, 'test/artifacts'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'test/artifacts/docs-try-it.png') });
    expect(outside).toEqual([]);
    expect(logged).toEqual([]); // no warnings or errors (the favicon is inline, the document passes the page's checks)
    expect(failed).toEqual([]);
  }, 60_000);
});
