// The link checker against a local web of fake sites the test starts: redirect chains, a move to
// another host, 404 and 410, a site that never answers, one that refuses HEAD, and a TLS error;
// and, for real, host names that cannot resolve (RFC 6761's .invalid), as on a machine offline.
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../build/catalog.ts';
import { oldestVerified, recheckFromLinks, recheckMarkdown } from '../build/freshness.ts';
import { checkLinks, linkAnnotations, linkTable, NetworkUnreachableError, type Link, type LinkResult } from '../build/link-check.ts';
import { editJson, fixtureCopy, removeDir, ROOT } from './helpers.ts';

describe('check-links', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const to = (status: number, location: string) => { res.writeHead(status, { Location: location }); res.end(); };
      switch (req.url) {
        case '/ok': res.end('fine'); return;
        case '/chain': to(301, '/chain2'); return;
        case '/chain2': to(302, '/ok'); return;
        case '/moved': to(301, `http://localhost:${port}/ok`); return;
        case '/missing': res.writeHead(404); res.end(); return;
        case '/gone': res.writeHead(410); res.end(); return;
        case '/loop': to(302, '/loop'); return;
        case '/no-head': res.writeHead(req.method === 'HEAD' ? 405 : 200); res.end(); return;
        case '/slow': return; // never answers
        default: res.writeHead(500); res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => { server.closeAllConnections(); server.close(); });

  it('follows redirects and reports dead links, moved domains, timeouts and TLS errors, with the file and field', async () => {
    const base = `http://127.0.0.1:${port}`;
    const link = (p: string, field = 'url'): Link => ({ url: p.startsWith('https') ? p : `${base}${p}`, file: 'catalog/tools/x.json', field });
    const links = [link('/ok'), link('/chain'), link('/moved'), link('/missing'), link('/gone', 'sources[0]'), link('/loop'), link('/no-head'), link('/slow'), link(`https://127.0.0.1:${port}/ok`, 'repository')];
    const results = await checkLinks(links, { timeoutMs: 500 });
    const by = (i: number) => ({ status: results[i]!.status, detail: results[i]!.detail });
    expect(by(0)).toEqual({ status: 'ok', detail: 'HTTP 200' });
    expect(results[1]).toMatchObject({ status: 'ok', final: `${base}/ok` });
    expect(results[2]).toMatchObject({ status: 'moved', detail: `now on localhost:${port}: update the link` });
    expect(by(3)).toEqual({ status: 'dead', detail: 'HTTP 404' });
    expect(results[4]).toMatchObject({ status: 'dead', detail: 'HTTP 410', field: 'sources[0]' });
    expect(by(5)).toEqual({ status: 'error', detail: 'more than 5 redirects' });
    expect(by(6).status).toBe('ok');
    expect(by(7)).toEqual({ status: 'timeout', detail: 'no answer within 0.5 s' });
    expect(results[8]!.status).toBe('error'); // TLS spoken to a plain HTTP port
    const table = linkTable(results);
    expect(table).toContain('9 links: 3 ok, 1 moved, 2 dead, 1 timeout, 2 error.');
    expect(table).toContain(`| catalog/tools/x.json | sources[0] | ${base}/gone | dead | HTTP 410 |`);
    expect(linkAnnotations(results)).toContain(`::error file=catalog/tools/x.json::url: ${base}/missing is dead (HTTP 404)`);
    expect(linkAnnotations(results)).toContain(`::warning file=catalog/tools/x.json::url: ${base}/moved is moved (now on localhost:${port}: update the link)`);
  }, 20_000);

  const unresolvable = (n: number): Link[] => Array.from({ length: n }, (_, i) => ({ url: `https://site-${i}.invalid/`, file: `catalog/tools/t${i}.json`, field: 'url' }));

  it('tells of every result as it comes, with how many are done', async () => {
    const links = [`http://127.0.0.1:${port}/ok`, `http://127.0.0.1:${port}/missing`, `http://127.0.0.1:${port}/chain`].map((url) => ({ url, file: 'catalog/tools/x.json', field: 'url' }));
    const seen: [string, number, number][] = [];
    await checkLinks(links, { concurrency: 1, onResult: (r, done, total) => seen.push([r.status, done, total]) });
    expect(seen).toEqual([['ok', 1, 3], ['dead', 2, 3], ['ok', 3, 3]]);
  });

  it('stops and says the network is unreachable when the first links all fail on DNS', async () => {
    let checked = 0;
    const error = await checkLinks(unresolvable(40), { concurrency: 2, unreachableAfter: 6, onResult: () => checked++ }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkUnreachableError);
    expect((error as Error).message).toMatch(/^the network looks unreachable: the first 6 links all failed on DNS \((ENOTFOUND|EAI_AGAIN)[^)]*, e\.g\. site-\d+\.invalid\); check the connection/);
    expect(checked).toBeLessThan(10);
  });

  it('goes on when a first link answers: a dead domain among live ones is a dead link, not a dead network', async () => {
    const links = [{ url: `http://127.0.0.1:${port}/ok`, file: 'catalog/tools/x.json', field: 'url' }, ...unresolvable(8)];
    const results = await checkLinks(links, { concurrency: 1, unreachableAfter: 4 });
    expect(results.map((r) => r.status)).toEqual(['ok', ...Array(8).fill('error')]);
  });

  it('check-links (the command) reports progress, takes --timeout and --concurrency, and exits 2 when offline', async () => {
    const catalog = await fixtureCopy();
    try {
      for (const slug of ['elevenlabs', 'midjourney', 'murf', 'otter-ai', 'remove-bg', 'stable-diffusion']) {
        await editJson(path.join(catalog, 'tools', `${slug}.json`), (d) => { d.url = `https://${slug}.invalid/`; d.repository = null; d.open_source = false; d.sources = [`https://docs.${slug}.invalid/`]; });
      }
      const run = promisify(execFile);
      const cli = (...args: string[]) => run(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'build/cli/check-links.ts'), '--catalog', catalog, ...args], { cwd: ROOT }).then(() => ({ code: 0, stderr: '' }), (e: { code: number; stderr: string }) => e);
      const bad = await cli('--timeout', '0');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--timeout must be a number of seconds above 0 and --concurrency a whole number from 1; got 0 and 8.');
      const offline = await cli('--timeout', '3', '--concurrency', '2');
      expect(offline.code).toBe(2);
      expect(offline.stderr).toContain('Checking 14 links, 2 at a time, 3 s each at most.');
      expect(offline.stderr).toMatch(/Stopped: the network looks unreachable: the first 8 links all failed on DNS/);
    } finally {
      await removeDir(path.dirname(catalog));
    }
  }, 30_000);
});

describe('re-checks to do (freshness)', () => {
  it('lists the tools checked longest ago, never checked first, and those whose source is dead or moved', async () => {
    const catalog = await fixtureCopy();
    try {
      await editJson(path.join(catalog, 'tools/murf.json'), (d) => { d.verified_at = '2026-01-02'; });
      await editJson(path.join(catalog, 'tools/otter-ai.json'), (d) => { delete d.sources; delete d.verified_at; });
      const c = await readCatalog(catalog, 'catalog');
      const oldest = oldestVerified(c, 2);
      expect(oldest.map((r) => [r.slug, r.verified_at])).toEqual([['otter-ai', null], ['murf', '2026-01-02']]);
      const result = (field: string, status: LinkResult['status'], detail: string): LinkResult => ({ url: 'https://murf.ai/x', file: 'catalog/tools/murf.json', field, status, detail, final: 'https://murf.ai/x' });
      const fromLinks = recheckFromLinks(c, [result('sources[0]', 'dead', 'HTTP 404'), result('sources[1]', 'ok', 'HTTP 200'), result('url', 'dead', 'HTTP 404')]);
      expect(fromLinks).toEqual([{ slug: 'murf', file: 'catalog/tools/murf.json', verified_at: '2026-01-02', why: 'sources[0] dead (HTTP 404)' }]);
      const md = recheckMarkdown(fromLinks, oldest);
      expect(md).toContain('| catalog/tools/murf.json | 2026-01-02 | sources[0] dead (HTTP 404) |');
      expect(md).toContain('The 2 tools checked longest ago: `otter-ai` (never), `murf` (2026-01-02).');
    } finally {
      await removeDir(path.dirname(catalog));
    }
  });
});

