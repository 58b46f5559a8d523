// npm run bench: CPU per request (user and sys, from /proc/<pid>/stat over the run), requests per
// second and p50/p99 of the running gateway (npm start's Node adapter) for a prebuilt page, a
// single tool, computed pages and searches (remembered, and 5,000 distinct ones), next to bare
// node:http sending the same bytes with the same headers and nginx (1 worker) serving the same
// file, in the same run. Load from wrk in its own process: loopback, one thread, 50 connections.
// Targets: each keyed row <= 1.3x bare Node's CPU per request; prebuilt >= 0.45 of nginx's req/s;
// p99 < 5 ms on every row. Then the distinct rows with nothing remembered (CACHE_MB=0), req/s with
// two worker processes (WEB_CONCURRENCY=2), and the in-memory key check + limiter cost per request.
// BENCH_BASELINE=<folder>: a checkout of another commit (with node_modules), served as its own
// npm start serves it (its ensure-built, then its bundle with node, as this side), measured in the
// same rounds: each gateway row's CPU is then also a ratio to it. Both servers serve the same rows
// in the same order, each row on one right after the other (which goes first alternates by round):
// a server's heap, its cache and its JIT depend on what it served before, and the machine's load
// drifts within a round, so a ratio is fair only between two servers with the same history, measured
// minutes apart at most.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileKeyStore } from '../gateway/node/file-key-store.ts';
import { newKeyRecord, writeKeysFile } from '../gateway/node/keys-file.ts';
import { hashKey } from '../gateway/core/api-keys.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = process.env.BENCH_SECONDS ?? '10';
/** The first of the 7 ports the run listens on (another run on the same machine needs its own). */
const PORT_BASE = Number(process.env.BENCH_PORT ?? 18_787);
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;
const work = mkdtempSync(path.join(tmpdir(), 'bench-gateway-'));
/** What a discovery screen asks for beside its results (issue 34): facet counts, and highlights on a search. */
const FACETED_SEARCH = 'facets=pricing,category,platform&highlight=true';
const FACETED_LIST = 'facets=pricing,category,platform,open_source';

function ensureTool(bin: string, pkg: string): void {
  if (spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0 || existsSync(`/usr/sbin/${bin}`)) return;
  console.log(`installing ${pkg} (apt-get)...`);
  execFileSync('sh', ['-c', `apt-get update -qq >/dev/null 2>&1; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg} >/dev/null`], { stdio: 'inherit' });
}

interface WrkResult { rps: number; p50: string; p99: string; non2xx: number; requests: number; userUs?: number; sysUs?: number }

const TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
/** utime and stime (clock ticks) of a process and its children that have been waited for. */
function cpuTicks(pids: number[]): [number, number] {
  let user = 0, sys = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    user += Number(fields[11]); sys += Number(fields[12]);
  }
  return [user, sys];
}
/** wrk against url while measuring the CPU the processes `pids` spend, per request served. */
function measured(pids: number[], url: string, headers: Record<string, string> = {}, paths?: string[]): WrkResult {
  const [u0, s0] = cpuTicks(pids);
  const r = wrk(url, headers, paths);
  const [u1, s1] = cpuTicks(pids);
  return { ...r, userUs: ((u1 - u0) * TICK_US) / r.requests, sysUs: ((s1 - s0) * TICK_US) / r.requests };
}
/** `paths`: rotate through these request paths (a wrk Lua script), so each is computed, not remembered. */
function wrk(url: string, headers: Record<string, string> = {}, paths?: string[]): WrkResult {
  const script: string[] = [];
  if (paths) {
    const file = path.join(work, `paths-${Math.random().toString(36).slice(2)}.lua`);
    writeFileSync(file, `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = math.random(#paths)\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n`);
    script.push('-s', file);
  }
  const args = ['-t1', '-c50', `-d${DURATION}s`, '--latency', ...script, ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const num = (re: RegExp) => re.exec(out)?.[1] ?? '?';
  return {
    rps: Number(num(/Requests\/sec:\s+([\d.]+)/)),
    p50: num(/\s50%\s+([\d.]+\w+)/),
    p99: num(/\s99%\s+([\d.]+\w+)/),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
  };
}

/** 5,000 distinct combinations (about 120 MB of bodies: with the searches' 20 MB, more than npm start's CACHE_MB, so the two rows evict each other's answers). */
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
  execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'build/cli/ensure-built.ts')], { cwd: ROOT, stdio: 'ignore' });
  if (BASELINE) execFileSync(path.join(BASELINE, 'node_modules/.bin/tsx'), [path.join(BASELINE, 'build/cli/ensure-built.ts')], { cwd: BASELINE, stdio: 'ignore' });
  const plansFile = path.join(work, 'plans.json');
  writeFileSync(plansFile, JSON.stringify({ bench: { per_minute: 100_000_000 } }));
  const keysFile = path.join(work, 'keys.json');
  const { key, record } = await newKeyRecord('bench', 'benchmark');
  await writeKeysFile(keysFile, [record]);

  const port = PORT_BASE;
  // node --import tsx, not the tsx CLI: the measured pid is then the server itself.
  const node = (file: string, env: NodeJS.ProcessEnv) => spawn(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, ...env } });
  // The server as npm start runs it: the bundle, with node itself.
  const serve = (env: NodeJS.ProcessEnv, root = ROOT) => spawn(process.execPath, [path.join(root, 'gateway/bundle/start.mjs')], { cwd: root, stdio: 'ignore', env: { ...process.env, KEYS_FILE: keysFile, PLANS_FILE: plansFile, ...env } });
  let server = serve({ PORT: String(port) });
  children.push({ kill: (s) => server.kill((s ?? 'SIGTERM') as NodeJS.Signals) });
  const nginxPort = PORT_BASE + 2;
  const conf = path.join(work, 'nginx1.conf');
  writeFileSync(conf, `daemon off; worker_processes 1; pid ${work}/nginx1.pid; error_log ${work}/nginx-error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fcgi; uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;
  server { listen 127.0.0.1:${nginxPort}; root ${path.join(ROOT, 'dist')}; default_type application/json; } }`);
  const nginxBin = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const nginx = spawn(nginxBin, ['-c', conf, '-p', work], { stdio: 'ignore' });
  children.push({ kill: (s) => nginx.kill((s ?? 'SIGTERM') as NodeJS.Signals) });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`);
  await waitForHttp(`http://127.0.0.1:${nginxPort}/lists/tools/_.json`);
  const baselinePort = PORT_BASE + 6;
  let baseline = BASELINE ? serve({ PORT: String(baselinePort) }, BASELINE) : undefined;
  if (baseline) {
    children.push({ kill: (s) => baseline?.kill((s ?? 'SIGTERM') as NodeJS.Signals) });
    await waitForHttp(`http://127.0.0.1:${baselinePort}/healthz`);
  }

  const auth = { 'X-API-Key': key };
  const base = `http://127.0.0.1:${port}/api/v1`;
  // Bare node:http with the gateway's own answer: the same body and the same headers.
  const sample = await fetch(`${base}/tools`, { headers: { ...auth, 'Accept-Encoding': 'identity' } });
  const bodyFile = path.join(work, 'bare-body.json');
  writeFileSync(bodyFile, Buffer.from(await sample.arrayBuffer()));
  const sameHeaders = Object.fromEntries([...sample.headers].filter(([k]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(k)));
  const barePort = PORT_BASE + 3;
  const bare = node(path.join(ROOT, 'bench/bare-server.ts'), { PORT: String(barePort), BARE_BODY_FILE: bodyFile, BARE_HEADERS: JSON.stringify(sameHeaders) });
  children.push({ kill: (s) => bare.kill((s ?? 'SIGTERM') as NodeJS.Signals) });
  await waitForHttp(`http://127.0.0.1:${barePort}/`);
  const nginxPids = readFileSync(`/proc/${nginx.pid}/task/${nginx.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);

  const baselineBase = `http://127.0.0.1:${baselinePort}/api/v1`;
  const warm = async (b: string) => {
    await Promise.all(['/tools?per_page=7&sort=newest', '/search?q=text+to+speech'].map((p) => fetch(`${b}${p}`, { headers: auth }).then((r) => r.arrayBuffer())));
    execFileSync('wrk', ['-t1', '-c50', '-d2s', '-H', `X-API-Key: ${key}`, `${b}/tools`], { stdio: 'ignore' }); // JIT warm-up
  };
  for (const b of [base, ...(baseline ? [baselineBase] : [])]) await warm(b);
  /**
   * With a baseline, each round after the first gets a fresh pair of servers: two processes of the
   * same commit, serving the same rows side by side, differ by 0.65-1.5x on every row for their
   * whole life (measured here, pinned to a core or not), so one pair's ratio says little; the median
   * of the rounds' ratios is over as many pairs as rounds.
   */
  const freshPair = async () => {
    const stopped = (p: ReturnType<typeof spawn>) => new Promise((r) => { p.once('exit', r); p.kill('SIGTERM'); });
    await Promise.all([stopped(server), stopped(baseline!)]);
    server = serve({ PORT: String(port) });
    baseline = serve({ PORT: String(baselinePort) }, BASELINE);
    await waitForHttp(`http://127.0.0.1:${port}/healthz`);
    await waitForHttp(`http://127.0.0.1:${baselinePort}/healthz`);
    await warm(base);
    await warm(baselineBase);
  };
  /** The gateway's rows on one server (`origin`, process `pid`): [name, run, whether the 1.3x target applies]. */
  const gatewayRows = (pid: () => number, origin: string): [string, () => WrkResult, boolean][] => {
    const api = `${origin}/api/v1`;
    return [
      ['prebuilt page   GET /tools', () => measured([pid()], `${api}/tools`, auth), true],
      ['single tool     GET /tools/elevenlabs', () => measured([pid()], `${api}/tools/elevenlabs`, auth), true],
      ['computed page   GET /tools?per_page=7&sort=newest', () => measured([pid()], `${api}/tools?per_page=7&sort=newest`, auth), true],
      ['search          GET /search?q=text+to+speech', () => measured([pid()], `${api}/search?q=text+to+speech`, auth), true],
      ['  + facets=pricing,category,platform&highlight=true', () => measured([pid()], `${api}/search?q=text+to+speech&${FACETED_SEARCH}`, auth), true],
      ['computed page + facets=pricing,category,platform,open_source', () => measured([pid()], `${api}/tools?per_page=7&sort=newest&${FACETED_LIST}`, auth), true],
      ['computed pages  5,000 distinct combinations', () => measured([pid()], api, auth, computedPaths()), false],
      ['searches        5,000 distinct queries', () => measured([pid()], api, auth, searchPaths()), false],
      ['health          GET /healthz', () => measured([pid()], `${origin}/healthz`), false],
    ];
  };
  // Rows are measured in rounds (BENCH_ROUNDS, default 3), each round every row once: the machine's
  // load drifts over a run, so each row's figures are its median round, and its CPU ratio the median
  // of its ratios to bare Node's CPU in the same round.
  const specs: [string, () => WrkResult, boolean][] = [
    ['nginx, 1 worker, same file (lists/tools/_.json)', () => measured(nginxPids, `http://127.0.0.1:${nginxPort}/lists/tools/_.json`), false],
    ['bare node:http, same bytes and headers', () => measured([bare.pid!], `http://127.0.0.1:${barePort}/`), false],
    ...gatewayRows(() => server.pid!, `http://127.0.0.1:${port}`),
  ];
  /** Rows measured on the baseline too: [row index, its baseline row's index]. */
  const compared: [number, number][] = [];
  if (baseline) {
    gatewayRows(() => baseline!.pid!, `http://127.0.0.1:${baselinePort}`).forEach(([name, run], k) => {
      compared.push([2 + k, specs.length]);
      specs.push([`  baseline: ${name.trim()}`, run, false]);
    });
  }
  const twin = new Map(compared);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const results: WrkResult[][] = specs.map(() => []);
  const run = (i: number) => results[i]!.push(specs[i]![1]());
  for (let round = 0; round < rounds; round++) {
    if (baseline && round > 0) await freshPair();
    for (let i = 0; i < specs.length; i++) {
      if (compared.some(([, b]) => b === i)) continue; // measured beside its twin
      const b = twin.get(i);
      if (b === undefined) run(i);
      else if (round % 2 === 0) { run(i); run(b); }
      else { run(b); run(i); }
    }
  }
  const cpu = (r: WrkResult) => r.userUs! + r.sysUs!;
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const middle = (rs: WrkResult[]) => [...rs].sort((x, y) => cpu(x) - cpu(y))[Math.floor(rs.length / 2)]!;
  console.log(`wrk -t1 -c50 -d${DURATION}s on loopback (2 cores shared by server and load generator), ${rounds} rounds; CPU per request of the server process (median round):`);
  specs.forEach(([name, , target], i) => {
    const r = middle(results[i]!);
    const ratio = median(results[i]!.map((x, round) => cpu(x) / cpu(results[1]![round]!)));
    const ofNginx = median(results[i]!.map((x, round) => x.rps / results[0]![round]!.rps));
    const ratios = results[i]!.map((x, round) => (cpu(x) / cpu(results[1]![round]!)).toFixed(2)).join('/');
    console.log(`  ${name.padEnd(50)} ${r.rps.toFixed(0).padStart(6)} req/s (${ofNginx.toFixed(2)} of nginx)  p50 ${r.p50.padStart(8)}  p99 ${r.p99.padStart(8)}  CPU ${r.userUs!.toFixed(1).padStart(5)} + ${r.sysUs!.toFixed(1).padStart(5)} us = ${ratio.toFixed(2)}x bare (rounds ${ratios})${target ? ' (target <= 1.30)' : ''}${r.non2xx ? `  non-2xx: ${r.non2xx}` : ''}`);
  });

  for (const [i, b] of compared) {
    const ratio = median(results[i]!.map((x, round) => cpu(x) / cpu(results[b]![round]!)));
    console.log(`  vs baseline: ${specs[i]![0].padEnd(50)} CPU per request ${ratio.toFixed(2)}x the baseline's (rounds ${results[i]!.map((x, round) => (cpu(x) / cpu(results[b]![round]!)).toFixed(2)).join('/')})`);
  }

  const rssMb = (p: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  console.log(`server memory after the rows (RSS): ${rssMb(server.pid!).toFixed(0)} MB`);

  // The same distinct rows with nothing remembered (CACHE_MB=0): what computing each answer costs.
  const computingPort = PORT_BASE + 5;
  const computing = serve({ PORT: String(computingPort), CACHE_MB: '0' });
  children.push({ kill: (s) => computing.kill((s ?? 'SIGTERM') as NodeJS.Signals) });
  await waitForHttp(`http://127.0.0.1:${computingPort}/healthz`);
  const computingBase = `http://127.0.0.1:${computingPort}/api/v1`;
  await fetch(`${computingBase}/search?q=warm`, { headers: auth }); // loads the search index
  execFileSync('wrk', ['-t1', '-c50', '-d2s', '-H', `X-API-Key: ${key}`, `${computingBase}/tools?per_page=3`], { stdio: 'ignore' });
  console.log('CACHE_MB=0 (nothing remembered: every request computes its answer), one run each:');
  for (const [name, paths] of [['computed pages  5,000 distinct combinations', computedPaths()], ['searches        5,000 distinct queries', searchPaths()]] as const) {
    const r = measured([computing.pid!], computingBase, auth, paths);
    console.log(`  ${name.padEnd(50)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.padStart(8)}  p99 ${r.p99.padStart(8)}  CPU ${r.userUs!.toFixed(1).padStart(5)} + ${r.sysUs!.toFixed(1).padStart(5)} us${r.non2xx ? `  non-2xx: ${r.non2xx}` : ''}`);
  }
  // Facets and highlights computed on every request, each beside the same request without them, in
  // the same rounds: CPU per request as a ratio (median of the rounds' ratios; target <= 1.5).
  const pairs: [string, string, string][] = [
    ['search GET /search?q=text+to+speech', '/search?q=text+to+speech', `/search?q=text+to+speech&${FACETED_SEARCH}`],
    ['search GET /search?q=image+generator', '/search?q=image+generator', `/search?q=image+generator&${FACETED_SEARCH}`],
    ['list   GET /tools?per_page=7&sort=newest', '/tools?per_page=7&sort=newest', `/tools?per_page=7&sort=newest&${FACETED_LIST}`],
    ['list   GET /tools?pricing=free&platform=web', '/tools?pricing=free&platform=web', `/tools?pricing=free&platform=web&${FACETED_LIST}`],
  ];
  const pairRounds = pairs.map(() => [] as [WrkResult, WrkResult][]);
  for (let round = 0; round < rounds; round++) {
    pairs.forEach(([, plain, faceted], i) => pairRounds[i]!.push([measured([computing.pid!], `${computingBase}${plain}`, auth), measured([computing.pid!], `${computingBase}${faceted}`, auth)]));
  }
  console.log(`CACHE_MB=0, with and without facets (${FACETED_SEARCH} on searches, ${FACETED_LIST} on lists), ${rounds} rounds, median:`);
  pairs.forEach(([name], i) => {
    const rs = pairRounds[i]!;
    const us = (k: 0 | 1) => median(rs.map((pair) => cpu(pair[k])));
    const ratio = median(rs.map(([a, b]) => cpu(b) / cpu(a)));
    console.log(`  ${name.padEnd(45)} CPU ${us(0).toFixed(1).padStart(6)} us without, ${us(1).toFixed(1).padStart(6)} us with = ${ratio.toFixed(2)}x (rounds ${rs.map(([a, b]) => (cpu(b) / cpu(a)).toFixed(2)).join('/')}; target <= 1.50)${rs.some(([a, b]) => a.non2xx + b.non2xx > 0) ? '  non-2xx!' : ''}`);
  });
  computing.kill('SIGTERM');

  // More than one core: the same server with two worker processes (keys file; the primary leases counts).
  const clusterPort = PORT_BASE + 4;
  const two = serve({ PORT: String(clusterPort), WEB_CONCURRENCY: '2' });
  children.push({ kill: (s) => two.kill((s ?? 'SIGTERM') as NodeJS.Signals) });
  await waitForHttp(`http://127.0.0.1:${clusterPort}/healthz`);
  const twoBase = `http://127.0.0.1:${clusterPort}/api/v1`;
  execFileSync('wrk', ['-t1', '-c50', '-d2s', '-H', `X-API-Key: ${key}`, `${twoBase}/tools`], { stdio: 'ignore' });
  console.log('WEB_CONCURRENCY=2 (keys file, counted by the primary over IPC), req/s beside 1 worker (median round above):');
  for (const [name, i, run] of [['prebuilt page   GET /tools', 2, () => wrk(`${twoBase}/tools`, auth)], ['computed pages  5,000 distinct combinations', 8, () => wrk(twoBase, auth, computedPaths())]] as const) {
    run(); // each worker remembers on its own: the first run fills both
    const r = run();
    const one = middle(results[i]!);
    console.log(`  ${name.padEnd(50)} ${r.rps.toFixed(0).padStart(6)} req/s (${(r.rps / one.rps).toFixed(2)}x 1 worker)  p50 ${r.p50.padStart(8)}  p99 ${r.p99.padStart(8)}${r.non2xx ? `  non-2xx: ${r.non2xx}` : ''}`);
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
