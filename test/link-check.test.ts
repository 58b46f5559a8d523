// The link checker against a local web of fake sites the test starts: redirect chains, a move to
// another host, 404 and 410, a site that never answers, one that refuses HEAD, and a TLS error.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLinks, linkAnnotations, linkTable, type Link } from '../build/link-check.ts';

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
});
