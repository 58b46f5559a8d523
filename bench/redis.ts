// npm run bench:redis: what the Redis path costs per keyed request on loopback. Two `npm start`
// servers on the same snapshot, one embedded (key file + in-memory limiter), one in Upstash mode
// (a real redis-server behind the test's Upstash REST bridge); sequential keyed requests to each,
// median and p99. The key cache is on (30 s), so each Upstash request costs one limiter call.
// Also one limit() through the bridge, in process; and throughput under wrk (-t1 -c50) in Upstash
// mode with WEB_CONCURRENCY=1 and 2 beside embedded mode. The bridge runs in this process, and
// everything shares the machine's cores. Needs redis-server (apt-get install redis-server) and wrk.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newKeyRecord, writeKeysFile } from '../gateway/node/keys-file.ts';
import { Redis } from '@upstash/redis';
import { upstashKeyAdmin } from '../gateway/upstash/key-admin.ts';
import { upstashLimiters } from '../gateway/upstash/stores.ts';
import { freePort, haveRedis, RedisServer } from '../test/redis-server.ts';
import { startBridge } from '../test/upstash-bridge.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(process.env.BENCH_REQUESTS ?? 3000);
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
if (!haveRedis) {
  console.error('redis-server is not installed: apt-get install -y redis-server');
  process.exit(1);
}
const work = mkdtempSync(path.join(tmpdir(), 'bench-redis-'));

function stats(samples: number[]): { median: number; p99: number } {
  const s = [...samples].sort((x, y) => x - y);
  return { median: s[Math.floor(s.length / 2)]!, p99: s[Math.min(s.length - 1, Math.floor(s.length * 0.99))]! };
}
const fmt = (ms: number) => `${ms.toFixed(3)} ms`;

async function startServer(env: NodeJS.ProcessEnv): Promise<{ base: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(TSX, [path.join(ROOT, 'gateway/node/start.ts')], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, ...env, PORT: String(port) } });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try { await fetch(`${base}/healthz`); break; } catch { if (i > 200) throw new Error('server did not start'); await new Promise((r) => setTimeout(r, 50)); }
  }
  return { base, stop: () => child.kill('SIGTERM') };
}

async function keyed(base: string, key: string): Promise<number[]> {
  const url = `${base}/api/v1/tools/elevenlabs`;
  for (let i = 0; i < 300; i++) await (await fetch(url, { headers: { 'X-API-Key': key } })).arrayBuffer();
  const out: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    const r = await fetch(url, { headers: { 'X-API-Key': key } });
    await r.arrayBuffer();
    out.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`status ${r.status}`);
  }
  return out;
}

const redis = await RedisServer.start();
const bridge = await startBridge(redis.url);
const stops: (() => void)[] = [];
try {
  execFileSync(TSX, [path.join(ROOT, 'build/cli/build.ts')], { cwd: ROOT, stdio: 'ignore' });
  const plansFile = path.join(work, 'plans.json');
  writeFileSync(plansFile, JSON.stringify({ bench: { per_minute: 100_000_000 } }));
  const keysFile = path.join(work, 'keys.json');
  const { key: fileKey, record } = await newKeyRecord('bench', 'benchmark');
  await writeKeysFile(keysFile, [record]);
  const client = new Redis({ url: bridge.url, token: bridge.token, retry: false, enableTelemetry: false });
  const { key: redisKey } = await upstashKeyAdmin(client, bridge.url).create('bench', 'benchmark');

  const embedded = await startServer({ KEYS_FILE: keysFile, PLANS_FILE: plansFile });
  stops.push(embedded.stop);
  const upstash = await startServer({ PLANS_FILE: plansFile, UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token });
  stops.push(upstash.stop);

  const limiter = upstashLimiters(client, { bench: { per_minute: 100_000_000 } })('bench')!;
  for (let i = 0; i < 300; i++) await limiter.limit('key_benchbenchb');
  const limitCalls: number[] = [];
  for (let i = 0; i < N; i++) { const t = performance.now(); await limiter.limit('key_benchbenchb'); limitCalls.push(performance.now() - t); }

  const e = stats(await keyed(embedded.base, fileKey));
  const u = stats(await keyed(upstash.base, redisKey));
  const l = stats(limitCalls);
  console.log(`Keyed GET /api/v1/tools/elevenlabs, ${N} sequential requests each, loopback:`);
  console.log(`  embedded (key file + memory limiter)   median ${fmt(e.median)}  p99 ${fmt(e.p99)}`);
  console.log(`  Upstash mode (Redis via REST bridge)   median ${fmt(u.median)}  p99 ${fmt(u.p99)}`);
  console.log(`  cost of the Redis path                 median +${fmt(u.median - e.median)}  p99 +${fmt(u.p99 - e.p99)}`);
  console.log(`One limit() through the bridge, in process: median ${fmt(l.median)}  p99 ${fmt(l.p99)}`);

  // Throughput: wrk runs in its own process (asynchronously, so this process keeps serving the bridge).
  const seconds = process.env.BENCH_SECONDS ?? '8';
  const load = async (base: string, key: string) => {
    const { stdout } = await promisify(execFile)('wrk', ['-t1', '-c50', `-d${seconds}s`, '--latency', '-H', `X-API-Key: ${key}`, `${base}/api/v1/tools/elevenlabs`]);
    const num = (re: RegExp) => re.exec(stdout)?.[1] ?? '?';
    const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1];
    return `${Number(num(/Requests\/sec:\s+([\d.]+)/)).toFixed(0).padStart(6)} req/s  p50 ${num(/\s50%\s+([\d.]+\w+)/).padStart(8)}  p99 ${num(/\s99%\s+([\d.]+\w+)/).padStart(8)}${non2xx ? `  non-2xx ${non2xx}` : ''}`;
  };
  console.log(`Throughput, wrk -t1 -c50 -d${seconds}s, keyed GET /api/v1/tools/elevenlabs:`);
  console.log(`  embedded, one process                  ${await load(embedded.base, fileKey)}`);
  console.log(`  Upstash mode, WEB_CONCURRENCY=1        ${await load(upstash.base, redisKey)}`);
  const two = await startServer({ PLANS_FILE: plansFile, UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token, WEB_CONCURRENCY: '2' });
  stops.push(two.stop);
  await keyed(two.base, redisKey);
  console.log(`  Upstash mode, WEB_CONCURRENCY=2        ${await load(two.base, redisKey)}`);
} finally {
  for (const stop of stops) stop();
  await bridge.close();
  await redis.stop();
  rmSync(work, { recursive: true, force: true });
}
