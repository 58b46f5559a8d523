// npm start as a user runs it: a real process, real HTTP, the real key file and operator CLI.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCopy, removeDir, ROOT } from './helpers.ts';
import { keysCommand } from './keys-command.ts';
import { npmScript } from './server-process.ts';

const run = promisify(execFile);

describe('npm start (Node adapter)', () => {
  let dir: string;
  let child: ChildProcess;
  let base: string;
  let demoKey: string;
  let output = '';
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const catalog = await fixtureCopy();
    dir = path.dirname(catalog);
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    base = `http://127.0.0.1:${port}`;
    env = { ...process.env, PORT: String(port), CATALOG_DIR: catalog, DIST_DIR: path.join(dir, 'dist'), KEYS_FILE: path.join(dir, 'keys.json') };
    // What `npm start` runs: build the snapshot when missing, then serve it (exec, so signals reach the server).
    child = spawn('sh', ['-c', npmScript('start')], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => { output += d; });
    child.stderr!.on('data', (d) => { output += d; });
    for (let i = 0; i < 300 && !/curl -H/.test(output); i++) await new Promise((r) => setTimeout(r, 50));
    demoKey = /(sk_[A-Za-z0-9]{32,})/.exec(output)![1]!;
  });
  afterAll(async () => {
    child.kill('SIGTERM');
    await removeDir(dir);
  });

  /** Sends bytes as they are (what fetch would refuse to send) and returns everything the server answers. */
  const rawHttp = (request: string) => new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (d) => { data += d; });
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
  const keys = (...args: string[]) => keysCommand(env, ...args);

  it('builds the snapshot on first start, issues a demo key and prints a ready curl line', () => {
    expect(output).toContain('No snapshot in');
    expect(output).toMatch(/curl -H "X-API-Key: sk_[A-Za-z0-9]+" "http:\/\/127\.0\.0\.1:\d+\/api\/v1\/tools\?per_page=2"/);
  });

  it('serves the API to the demo key', async () => {
    const r = await fetch(`${base}/api/v1/tools?per_page=2`, { headers: { 'X-API-Key': demoKey } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-limit')).toBe('60');
    expect((await r.json()).meta.total).toBe(6);
  });

  it('serves computed pages and searches in brotli or gzip when accepted, identical once decoded, and the same again from memory', async () => {
    for (const p of ['/api/v1/tools?per_page=5&sort=newest', '/api/v1/search?q=voice']) {
      const raw = (enc: string) => new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http.get(`${base}${p}`, { headers: { 'X-API-Key': demoKey, 'Accept-Encoding': enc } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
      const plain = await raw('identity');
      const [br, again, gz] = [await raw('br'), await raw('br'), await raw('gzip')];
      expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']], p).toEqual(['br', 'gzip', undefined]);
      expect(zlib.brotliDecompressSync(br.body), p).toEqual(plain.body);
      expect(zlib.gunzipSync(gz.body), p).toEqual(plain.body);
      expect(again.body, p).toEqual(br.body);
      expect(br.headers.vary, p).toBe('Accept-Encoding');
      expect(plain.headers.vary, p).toBe('Accept-Encoding');
      expect(br.body.length, p).toBeLessThan(plain.body.length);
    }
  });

  it('serves prebuilt bodies in brotli or gzip when accepted, identical once decoded', async () => {
    const raw = (enc: string) => new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http.get(`${base}/api/v1/tools`, { headers: { 'X-API-Key': demoKey, 'Accept-Encoding': enc } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    const plain = await raw('identity');
    const br = await raw('gzip, deflate, br');
    const gz = await raw('gzip;q=1, br;q=0');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zlib.brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(zlib.gunzipSync(gz.body)).toEqual(plain.body);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('tags computed pages by their content: one tag never names two bodies, and another spelling of a URL keeps its tag', async () => {
    const { key } = JSON.parse(await keys('create', '--plan', 'pro', '--name', 'etag test', '--json')) as { key: string };
    for (let i = 0; i < 40 && (await fetch(`${base}/api/v1/tools`, { headers: { 'X-API-Key': key } })).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
    const get = async (p: string) => {
      const r = await fetch(`${base}/api/v1/${p}`, { headers: { 'X-API-Key': key } });
      expect(r.status, p).toBe(200);
      return { tag: r.headers.get('etag')!, body: await r.text() };
    };
    const bodyOf = new Map<string, string>();
    for (const perPage of [1, 2, 3, 50]) {
      for (const page of [1, 2, 3]) {
        for (const p of [`tools?per_page=${perPage}&page=${page}&sort=newest`, `categories?per_page=${perPage}&page=${page}&sort=tool_count`, `search?q=voice&limit=${perPage}&page=${page}`, `search?q=voice&pricing=paid&limit=${perPage}&page=${page}`]) {
          const { tag, body } = await get(p);
          expect(tag, p).toMatch(/^"[a-z0-9]+"$/);
          expect(bodyOf.get(tag) ?? body, p).toBe(body);
          bodyOf.set(tag, body);
        }
      }
    }
    expect(bodyOf.size).toBeGreaterThan(30);
    for (const [a, b] of [['tools?sort=newest&per_page=1', 'tools?per_page=1&sort=newest&page=1'], ['search?q=VOICE&limit=1', 'search?limit=1&q=voice&page=1']]) {
      expect((await get(a!)).tag, a).toBe((await get(b!)).tag);
    }
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const r = await fetch(`${base}/api/v1/tools/murf`, { method: 'HEAD', headers: { 'X-API-Key': demoKey } });
    expect(r.status).toBe(200);
    expect(Number(r.headers.get('content-length'))).toBeGreaterThan(100);
    expect(await r.text()).toBe('');
  });

  it('refuses an X-API-Key header sent twice, and ignores a body on a GET', async () => {
    const reply = await rawHttp(`GET /api/v1/tools HTTP/1.1\r\nHost: x\r\nX-API-Key: ${demoKey}\r\nX-API-Key: ${demoKey}\r\nConnection: close\r\n\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 401 /);
    expect(reply).toContain('"code":"INVALID_API_KEY"');
    const withBody = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/api/v1/tools`, { method: 'GET', headers: { 'X-API-Key': demoKey, 'Content-Type': 'application/json', 'Content-Length': '18' } }, (res) => { res.resume(); resolve(res.statusCode!); });
      req.on('error', reject);
      req.end('{"hello": "world"}');
    });
    expect(withBody).toBe(200);
  });

  it('honours a key created and a key revoked with the CLI within 1 second, without a restart', async () => {
    const created = JSON.parse(await keys('create', '--plan', 'pro', '--name', 'test app', '--json'));
    const status = () => fetch(`${base}/api/v1/tools`, { headers: { 'X-API-Key': created.key } }).then((r) => r.status);
    const waitFor = async (want: number) => {
      const started = Date.now();
      while (Date.now() - started < 1_000) { if ((await status()) === want) return Date.now() - started; await new Promise((r) => setTimeout(r, 25)); }
      return Infinity;
    };
    expect(await waitFor(200)).toBeLessThan(1_000);
    await keys('revoke', created.id);
    expect(await waitFor(401)).toBeLessThan(1_000);
    const r = await fetch(`${base}/api/v1/tools`, { headers: { 'X-API-Key': created.key } });
    expect((await r.json()).code).toBe('REVOKED_API_KEY');
  });

  it('logs one line per request with method, path, status, time and key id, never the key', async () => {
    await fetch(`${base}/api/v1/categories?group=audio`, { headers: { 'X-API-Key': demoKey } });
    await new Promise((r) => setTimeout(r, 100));
    expect(output).toMatch(/GET \/api\/v1\/categories 200 \d+\.\d+ms key_[0-9a-f]+/);
    const logLines = output.split('\n').filter((l) => /^(GET|HEAD|OPTIONS|POST) \//.test(l));
    expect(logLines.length).toBeGreaterThan(5);
    expect(logLines.filter((l) => l.includes('sk_'))).toEqual([]);
  });

  it('answers a request node:http cannot parse with a JSON 400, not an empty one', async () => {
    const reply = await rawHttp('GET /api/v1/tools HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toContain('Content-Type: application/json; charset=utf-8');
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)).code).toBe('INVALID_PARAMETER');
  });

  /** The status line, Content-Type and envelope code of a raw answer. */
  const envelope = (reply: string) => ({
    status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(reply)?.[1]),
    type: /\r\ncontent-type: ([^\r]*)/i.exec(reply)?.[1],
    allow: /\r\nallow: ([^\r]*)/i.exec(reply)?.[1],
    code: JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4) || '{}').code,
  });
  const JSON_TYPE = 'application/json; charset=utf-8';

  it('answers what node:http would refuse on its own in the envelope: no Host, Expect, CONNECT, unknown methods, huge headers', async () => {
    expect(envelope(await rawHttp('GET /api/v1/tools HTTP/1.1\r\nConnection: close\r\n\r\n'))).toEqual({ status: 400, type: JSON_TYPE, allow: undefined, code: 'INVALID_PARAMETER' });
    expect(envelope(await rawHttp('GET /api/v1/tools HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n'))).toEqual({ status: 417, type: JSON_TYPE, allow: undefined, code: 'EXPECTATION_FAILED' });
    const notAllowed = { status: 405, type: JSON_TYPE, allow: 'GET, HEAD, OPTIONS', code: 'METHOD_NOT_ALLOWED' };
    expect(envelope(await rawHttp('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'))).toEqual(notAllowed);
    expect(envelope(await rawHttp('FOO /api/v1/tools HTTP/1.1\r\nHost: x\r\n\r\n'))).toEqual(notAllowed);
    expect(envelope(await rawHttp('get /api/v1/tools HTTP/1.1\r\nHost: x\r\n\r\n'))).toEqual(notAllowed);
    expect(envelope(await rawHttp(`GET /api/v1/tools HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`))).toEqual({ status: 431, type: JSON_TYPE, allow: undefined, code: 'REQUEST_HEADERS_TOO_LARGE' });
  });

  it('serves an absolute-form request target as the path it names', async () => {
    const reply = await rawHttp(`GET http://127.0.0.1:${new URL(base).port}/api/v1/tools?per_page=2 HTTP/1.1\r\nHost: x\r\nX-API-Key: ${demoKey}\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)).meta).toMatchObject({ per_page: 2, total: 6 });
  });

  it('builds Link URLs from the listening address, never from the Host header, and refuses two Host headers', async () => {
    const link = (reply: string) => /\r\nlink: ([^\r]*)/i.exec(reply)?.[1];
    const request = (hostLines: string, version = '1.1') => rawHttp(`GET /api/v1/tools?per_page=2 HTTP/${version}\r\n${hostLines}X-API-Key: ${demoKey}\r\nConnection: close\r\n\r\n`);
    expect(link(await request('Host: evil.example\r\n'))).toContain(`<${base}/api/v1/tools?per_page=2&page=2>; rel="next"`);
    expect(link(await request('', '1.0'))).toContain(`<${base}/api/v1/tools?per_page=2&page=3>; rel="last"`);
    expect(link(await request('Host: evil.example\r\n'))).not.toContain('evil');
    expect(envelope(await request('Host: a.example\r\nHost: b.example\r\n'))).toMatchObject({ status: 400, type: JSON_TYPE, code: 'INVALID_PARAMETER' });
  });

  it('stops gracefully on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('npm start with its own settings', () => {
  let dir: string;
  let child: ChildProcess;
  let output = '';
  let port: number;

  beforeAll(async () => {
    const catalog = await fixtureCopy();
    dir = path.dirname(catalog);
    port = 20_000 + Math.floor(Math.random() * 20_000);
    const plans = path.join(dir, 'plans.json');
    await (await import('node:fs/promises')).writeFile(plans, '{"free": {"per_minute": 5}}');
    const env = {
      ...process.env, PORT: String(port), CATALOG_DIR: catalog, DIST_DIR: path.join(dir, 'dist'), KEYS_FILE: path.join(dir, 'keys.json'),
      PLANS_FILE: plans, HEADERS_TIMEOUT_MS: '300', PUBLIC_BASE_URL: 'https://api.example.com',
    };
    child = spawn('sh', ['-c', npmScript('start')], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => { output += d; });
    child.stderr!.on('data', (d) => { output += d; });
    for (let i = 0; i < 300 && !/curl -H/.test(output); i++) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => {
    child.kill('SIGTERM');
    await removeDir(dir);
  });

  it('states the demo key\'s real limit from the plans file', () => {
    expect(output).toContain('demo key on the free plan (5 requests/minute)');
  });

  it('builds Link and Location URLs from PUBLIC_BASE_URL', async () => {
    const key = /(sk_[A-Za-z0-9]{32,})/.exec(output)![1]!;
    const r = await fetch(`http://127.0.0.1:${port}/api/v1/tools?per_page=2`, { headers: { 'X-API-Key': key } });
    expect(r.headers.get('link')).toContain('<https://api.example.com/api/v1/tools?per_page=2&page=2>; rel="next"');
    const moved = await fetch(`http://127.0.0.1:${port}/api/v1/tools/?per_page=2`, { headers: { 'X-API-Key': key }, redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([301, 'https://api.example.com/api/v1/tools?per_page=2']);
  });

  it('answers 408 in the envelope when the headers do not arrive in time (HEADERS_TIMEOUT_MS; 10 s by default)', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/v1/tools HTTP/1.1\r\nHost: x\r\n'));
      let data = '';
      socket.on('data', (d) => { data += d; });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toContain('Content-Type: application/json; charset=utf-8');
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)).code).toBe('REQUEST_TIMEOUT');
  });
});

describe('npm start with a broken configuration', () => {
  it('stops with a clear message when PORT is not a port number', async () => {
    for (const port of ['abc', '70000', '-1']) {
      const result = await run(process.execPath, [path.join(ROOT, 'gateway/bundle/start.mjs')], { env: { ...process.env, PORT: port } })
        .then(() => ({ code: 0, stderr: '' }), (e: { code: number; stderr: string }) => e);
      expect(result.code, port).toBe(1);
      expect(result.stderr).toContain(`PORT must be a port number from 0 to 65535; got '${port}'.`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('stops with a clear message when CACHE_MB is not a number of megabytes', async () => {
    const result = await run(process.execPath, [path.join(ROOT, 'gateway/bundle/start.mjs')], { env: { ...process.env, CACHE_MB: '1.5GB' } })
      .then(() => ({ code: 0, stderr: '' }), (e: { code: number; stderr: string }) => e);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("CACHE_MB must be a whole number of megabytes from 0 to 65536; got '1.5GB'.");
  });


  it('stops with a message naming the plans file and the problem, before serving', async () => {
    const catalog = await fixtureCopy();
    const dir = path.dirname(catalog);
    const plans = path.join(dir, 'plans.json');
    await (await import('node:fs/promises')).writeFile(plans, '{"free": {"per_minute": 0}}');
    const result = await run(process.execPath, [path.join(ROOT, 'gateway/bundle/start.mjs')], {
      cwd: dir, env: { ...process.env, PORT: '1', PLANS_FILE: plans, CATALOG_DIR: catalog, DIST_DIR: path.join(dir, 'dist'), KEYS_FILE: path.join(dir, 'keys.json') },
    }).then(() => ({ code: 0, stderr: '' }), (e: { code: number; stderr: string }) => e);
    await removeDir(dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/plans file .*plans\.json: free\.per_minute: must be a positive integer/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
