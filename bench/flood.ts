// npm run bench:flood: the server's memory under floods (API.md "Bounds"): RSS of npm start's
// server (CACHE_MB=32, a 384 MB heap) before and after 30,000 keyless and 30,000 keyed requests
// whose URLs are 12 KB each and never repeat; then its RSS growth under 300 connections that each
// announce a 1 MiB POST /mcp body, send all of it but its last byte, and stall: from a key at its
// limit, from one key with room, and from 100 keys with room (which the budget of bodies in flight,
// BODY_BUDGET_MB, bounds). BENCH_BASELINE=<folder> measures another commit's server the same way,
// in the same run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newKeyRecord, writeKeysFile } from '../gateway/node/keys-file.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;
const REQUESTS = Number(process.env.FLOOD_REQUESTS ?? 30_000);
const work = mkdtempSync(path.join(tmpdir(), 'bench-flood-'));
const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });

/** The process's RSS in MB, or NaN once it has exited. */
function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return Number.NaN;
  }
}

function get(port: number, p: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    http.get({ host: '127.0.0.1', port, path: p, headers, agent }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode!)); })
      .on('error', () => resolve(0));
  });
}

/** Valid, distinct 12 KB URLs (empty && segments are ignored), so keyed ones are answered 200 and remembered. */
async function flood(port: number, headers: Record<string, string>, perPage: number): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  const filler = '&'.repeat(12 * 1024);
  for (let i = 0; i < REQUESTS; i += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, (_, j) => get(port, `/api/v1/tools?per_page=${perPage}&page=${i + j + 1}${filler}`, headers)));
    for (const s of batch) statuses.set(s, (statuses.get(s) ?? 0) + 1);
  }
  return statuses;
}

async function measure(name: string, server: ChildProcess, port: number, key: string): Promise<void> {
  for (let i = 0; i < 200 && await get(port, '/healthz', {}) !== 200; i++) await new Promise((r) => setTimeout(r, 100));
  const start = rssMb(server.pid!);
  const keyless = await flood(port, {}, 2);
  const afterKeyless = rssMb(server.pid!);
  const keyed = await flood(port, { 'X-API-Key': key }, 3);
  const afterKeyed = rssMb(server.pid!);
  const exited = server.exitCode !== null || server.signalCode !== null ? ` (the server exited: ${lastWords.get(server)?.trim().split('\n').find((l) => /heap|memory/i.test(l)) ?? 'see its output'})` : '';
  console.log(`${name.padEnd(10)}${exited} RSS ${start.toFixed(0)} MB -> ${afterKeyless.toFixed(0)} MB after ${REQUESTS} keyless (${[...keyless].map(([s, n]) => `${n}x${s}`).join(' ')}) -> ${afterKeyed.toFixed(0)} MB after ${REQUESTS} keyed (${[...keyed].map(([s, n]) => `${n}x${s}`).join(' ')})`);
}

const MIB = 1024 * 1024;
/** One buffer for every stalled body: the bench's own memory stays out of the figures. */
const STALLED = Buffer.alloc(MIB - 1, 32);

/** A POST /mcp announcing 1 MiB, sent but for its last byte; resolves with the status once answered (0 if the connection broke). */
function stalledPost(port: number, key: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1', port, method: 'POST', path: '/mcp', agent: false,
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Content-Length': String(MIB) },
    }, (res) => { res.resume(); resolve(res.statusCode!); });
    req.on('error', () => resolve(0));
    req.write(STALLED);
  });
}

/** RSS growth (at its peak, sampled every 50 ms) while 300 stalled bodies are sent with `keys` in turn, and RSS once all are answered. */
async function stalledBodies(server: ChildProcess, port: number, keys: string[]): Promise<string> {
  const start = rssMb(server.pid!);
  let peak = start;
  const sampler = setInterval(() => { peak = Math.max(peak, rssMb(server.pid!)); }, 50);
  const statuses = new Map<number, number>();
  await Promise.all(Array.from({ length: 300 }, async (_, i) => {
    const s = await stalledPost(port, keys[i % keys.length]!);
    statuses.set(s, (statuses.get(s) ?? 0) + 1);
  }));
  clearInterval(sampler);
  return `+${(peak - start).toFixed(0)} MB at its peak (${[...statuses].map(([s, n]) => `${n}x${s}`).join(' ')}), ${rssMb(server.pid!).toFixed(0)} MB once answered`;
}

async function measureStalled(name: string, server: ChildProcess, port: number, limited: string, keys: string[]): Promise<void> {
  for (let i = 0; i < 60; i++) await get(port, '/api/v1/tools', { 'X-API-Key': limited });
  const atLimit = await stalledBodies(server, port, [limited]);
  const oneKey = await stalledBodies(server, port, [keys[0]!]);
  const manyKeys = await stalledBodies(server, port, keys);
  console.log(`${name.padEnd(10)} 300 stalled 1 MiB bodies: key at its limit ${atLimit}; one key ${oneKey}; ${keys.length} keys ${manyKeys}`);
}

const children: ChildProcess[] = [];
/** What each server wrote to stderr: how it died, if it did. */
const lastWords = new Map<ChildProcess, string>();
function started(child: ChildProcess): ChildProcess {
  children.push(child);
  child.stderr?.on('data', (d) => lastWords.set(child, ((lastWords.get(child) ?? '') + d).slice(-4_000)));
  return child;
}
try {
  const plansFile = path.join(work, 'plans.json');
  writeFileSync(plansFile, JSON.stringify({ bench: { per_minute: 100_000_000 }, free: { per_minute: 60 } }));
  const keysFile = path.join(work, 'keys.json');
  const { key, record } = await newKeyRecord('bench', 'flood');
  const limited = await newKeyRecord('free', 'at its limit');
  const many = await Promise.all(Array.from({ length: 100 }, (_, i) => newKeyRecord('bench', `stalled ${i}`)));
  await writeKeysFile(keysFile, [record, limited.record, ...many.map((m) => m.record)]);
  const stalledKeys = many.map((m) => m.key);
  const env = { ...process.env, KEYS_FILE: keysFile, PLANS_FILE: plansFile, CACHE_MB: '32' };
  const ours = started(spawn(process.execPath, ['--max-old-space-size=384', path.join(ROOT, 'gateway/bundle/start.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...env, PORT: '18801' } }));
  await measure('this tree', ours, 18_801, key);
  await measureStalled('this tree', ours, 18_801, limited.key, stalledKeys);
  ours.kill();
  if (BASELINE) {
    const base = started(spawn(process.execPath, ['--max-old-space-size=384', '--import', 'tsx', path.join(BASELINE, 'gateway/node/start.ts')], { cwd: BASELINE, stdio: ['ignore', 'ignore', 'pipe'], env: { ...env, PORT: '18802' } }));
    await measure('baseline', base, 18_802, key);
    await measureStalled('baseline', base, 18_802, limited.key, stalledKeys);
  }
} finally {
  for (const c of children) c.kill();
  agent.destroy();
  rmSync(work, { recursive: true, force: true });
}
