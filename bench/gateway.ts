// npm run bench: requests per second and p99 latency of the running gateway (npm start's Node
// adapter) for a prebuilt page, a computed page, a single tool and a search, next to nginx serving
// the same prebuilt page as a static file, in the same run. Load from wrk in its own process:
// loopback, 50 connections. Then the in-memory key check + limiter cost per request, in process.
// Targets: prebuilt page >= 40% of nginx's throughput with p99 < 5 ms; key check + limiter < 2 us.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileKeyStore } from '../gateway/node/file-key-store.ts';
import { newKeyRecord, writeKeysFile } from '../gateway/node/keys-file.ts';
import { hashKey } from '../gateway/core/key-store.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = process.env.BENCH_SECONDS ?? '10';
const work = mkdtempSync(path.join(tmpdir(), 'bench-gateway-'));

function ensureTool(bin: string, pkg: string): void {
  if (spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0 || existsSync(`/usr/sbin/${bin}`)) return;
  console.log(`installing ${pkg} (apt-get)...`);
  execFileSync('sh', ['-c', `apt-get update -qq >/dev/null 2>&1; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg} >/dev/null`], { stdio: 'inherit' });
}

interface WrkResult { rps: number; p50: string; p99: string; non2xx: number }
/** `paths`: rotate through these request paths (a wrk Lua script), so each is computed, not remembered. */
function wrk(url: string, headers: Record<string, string> = {}, paths?: string[]): WrkResult {
  const script: string[] = [];
  if (paths) {
    const file = path.join(work, `paths-${Math.random().toString(36).slice(2)}.lua`);
    writeFileSync(file, `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = math.random(#paths)\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n`);
    script.push('-s', file);
  }
  const args = ['-t2', '-c50', `-d${DURATION}s`, '--latency', ...script, ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const num = (re: RegExp) => re.exec(out)?.[1] ?? '?';
  return {
    rps: Number(num(/Requests\/sec:\s+([\d.]+)/)),
    p50: num(/\s50%\s+([\d.]+\w+)/),
    p99: num(/\s99%\s+([\d.]+\w+)/),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

/** More distinct combinations than the gateway remembers (1,000), so most requests compute. */
function computedPaths(): string[] {
  const out: string[] = [];
  const pricing = ['', '&pricing=free', '&pricing=freemium', '&pricing=paid'];
  for (let perPage = 1; out.length < 5000; perPage++) {
    for (const p of pricing) for (const sort of ['name', 'newest']) for (let page = 1; page <= 10; page++) out.push(`/api/v1/tools?per_page=${perPage % 100 + 1}&sort=${sort}${p}&page=${page}`);
  }
  return [...new Set(out)].slice(0, 5000);
}

function searchPaths(): string[] {
  const words = ['voice', 'video', 'image', 'code', 'meeting', 'notes', 'remove', 'background', 'text', 'speech', 'music', 'logo', 'chat', 'pdf', 'translate', 'agent', 'vector', 'database', 'legal', 'resume', 'seo', 'email', 'sales', 'design', 'photo', 'upscale', 'podcast', 'avatar', 'research', 'tutor'];
  const out = new Set<string>();
  for (let i = 0; out.size < 5000; i++) {
    const a = words[i % words.length]!;
    const b = words[Math.floor(i / words.length) % words.length]!;
    const limit = 1 + (Math.floor(i / 900) % 50);
    out.add(`/api/v1/search?q=${a}+${b}&limit=${limit}`);
  }
  return [...out];
}

async function waitForHttp(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try { await fetch(url); return; } catch { await new Promise((r) => setTimeout(r, 100)); }
  }
  throw new Error(`no answer from ${url}`);
}

ensureTool('wrk', 'wrk');
ensureTool('nginx', 'nginx-light');
const children: { kill(signal?: string): void }[] = [];
try {
  execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'build/cli/build.ts')], { cwd: ROOT, stdio: 'ignore' });
  const plansFile = path.join(work, 'plans.json');
  writeFileSync(plansFile, JSON.stringify({ bench: { per_minute: 100_000_000 } }));
  const keysFile = path.join(work, 'keys.json');
  const { key, record } = await newKeyRecord('bench', 'benchmark');
  await writeKeysFile(keysFile, [record]);

  const port = 18_787;
  const server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'gateway/node/start.ts')], {
    cwd: ROOT, stdio: 'ignore', detached: true,
    env: { ...process.env, PORT: String(port), KEYS_FILE: keysFile, PLANS_FILE: plansFile },
  });
  children.push({ kill: () => process.kill(-server.pid!, 'SIGTERM') });
  const nginxPort = 18_788;
  const conf = path.join(work, 'nginx.conf');
  writeFileSync(conf, `daemon off; worker_processes auto; pid ${work}/nginx.pid; error_log ${work}/nginx-error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fcgi; uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;
  server { listen 127.0.0.1:${nginxPort}; root ${path.join(ROOT, 'dist')}; default_type application/json; } }`);
  const nginxBin = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const nginx = spawn(nginxBin, ['-c', conf, '-p', work], { stdio: 'ignore' });
  children.push({ kill: (s) => nginx.kill((s ?? 'SIGTERM') as NodeJS.Signals) });
  // The same nginx with one worker process: the like-for-like reference for a one-process server.
  const conf1 = path.join(work, 'nginx1.conf');
  writeFileSync(conf1, readFileSync(conf, 'utf8').replace('worker_processes auto;', 'worker_processes 1;').replace(`listen 127.0.0.1:${nginxPort};`, `listen 127.0.0.1:${nginxPort + 1};`).replace(`pid ${work}/nginx.pid;`, `pid ${work}/nginx1.pid;`));
  const nginx1 = spawn(nginxBin, ['-c', conf1, '-p', work], { stdio: 'ignore' });
  children.push({ kill: (s) => nginx1.kill((s ?? 'SIGTERM') as NodeJS.Signals) });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`);
  await waitForHttp(`http://127.0.0.1:${nginxPort}/lists/tools/_.json`);
  await waitForHttp(`http://127.0.0.1:${nginxPort + 1}/lists/tools/_.json`);

  const auth = { 'X-API-Key': key };
  const base = `http://127.0.0.1:${port}/api/v1`;
  const rows: [string, WrkResult][] = [
    ['nginx static file (lists/tools/_.json)', wrk(`http://127.0.0.1:${nginxPort}/lists/tools/_.json`)],
    ['nginx, 1 worker process, same file', wrk(`http://127.0.0.1:${nginxPort + 1}/lists/tools/_.json`)],
    ['prebuilt page   GET /tools', wrk(`${base}/tools`, auth)],
    ['computed page   GET /tools?per_page=7&sort=newest', wrk(`${base}/tools?per_page=7&sort=newest`, auth)],
    ['computed pages  5,000 distinct combinations', wrk(base, auth, computedPaths())],
    ['single tool     GET /tools/elevenlabs', wrk(`${base}/tools/elevenlabs`, auth)],
    ['search          GET /search?q=text+to+speech', wrk(`${base}/search?q=text+to+speech`, auth)],
    ['searches        5,000 distinct queries', wrk(base, auth, searchPaths())],
  ];
  const nginxRps = rows[0]![1].rps;
  console.log(`wrk -t2 -c50 -d${DURATION}s on loopback (2 cores shared by server and load generator):`);
  for (const [name, r] of rows) {
    console.log(`  ${name.padEnd(52)} ${r.rps.toFixed(0).padStart(7)} req/s (${((r.rps / nginxRps) * 100).toFixed(0).padStart(3)}% of nginx)  p50 ${r.p50.padStart(8)}  p99 ${r.p99.padStart(8)}${r.non2xx ? `  non-2xx: ${r.non2xx}` : ''}`);
  }

  // The key check and the limiter, in process: a FileKeyStore lookup plus an in-memory limit() per request.
  const store = await FileKeyStore.open(keysFile, { watch: false });
  const limiter = memoryRateLimiter(100_000_000);
  const hash = await hashKey(key);
  const n = 1_000_000;
  for (let i = 0; i < 100_000; i++) { await store.lookup(hash); await limiter.limit(record.id); }
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) { await store.lookup(hash); await limiter.limit(record.id); }
  const nsPer = Number(process.hrtime.bigint() - started) / n;
  await store.close();
  console.log(`key check + rate limiter, in process: ${(nsPer / 1000).toFixed(3)} us per request (${n} iterations; target < 2 us)`);
} finally {
  for (const c of children) { try { c.kill('SIGTERM'); } catch { /* already gone */ } }
  await new Promise((r) => setTimeout(r, 300));
  rmSync(work, { recursive: true, force: true });
}
