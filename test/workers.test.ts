// Several worker processes of one embedded server (WEB_CONCURRENCY > 1, keys file, no Redis): the
// primary counts, the workers ask it over IPC with a deadline. Exact limits, and no process that
// freezes or dies can hold a request on another one.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'node:cluster';
import { countForWorkers, primaryLimiters, type PrimaryChannel } from '../gateway/node/primary-limits.ts';
import { fixtureCopy, removeDir, ROOT } from './helpers.ts';
import { freePort } from './redis-server.ts';
import { issueKey, keysCommand } from './keys-command.ts';
import { awayFromMinuteEnd, TSX } from './server-process.ts';

const PLANS = { free: { per_minute: 60 } };

/** A worker's channel to an in-process primary; `drop` makes the primary never answer. */
function channelTo(primary: ReturnType<typeof countForWorkers>, drop = false): PrimaryChannel {
  const toPrimary = new EventEmitter();
  const toWorker = new EventEmitter();
  primary.watch({ on: (e: string, l: (m: unknown) => void) => toPrimary.on(e, l), send: (m: unknown) => setImmediate(() => toWorker.emit('message', m)), isConnected: () => true } as unknown as Worker);
  return { send: (m) => { if (!drop) setImmediate(() => toPrimary.emit('message', m)); }, on: (e, l) => toWorker.on(e, l) };
}

describe('workers: counts taken by the primary', () => {
  it('admits exactly the plan across workers asking at once, and counts again in the next window', async () => {
    const clock = { now: Date.UTC(2026, 10, 25, 12, 0, 5) };
    const primary = countForWorkers(PLANS, () => clock.now);
    const workers = [primaryLimiters(PLANS, channelTo(primary)), primaryLimiters(PLANS, channelTo(primary)), primaryLimiters(PLANS, channelTo(primary))];
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => workers[i % 3]!.get('free')!.limit('key_1')));
    expect(results.filter((r) => r.success)).toHaveLength(60);
    expect(Math.min(...results.map((r) => r.remaining))).toBe(0);
    expect((await workers[0]!.get('free')!.limit('key_2')).remaining).toBe(59); // keys apart
    clock.now += 60_000;
    expect((await workers[1]!.get('free')!.limit('key_1')).remaining).toBe(59);
  });

  it('counts a batch as its number of calls, and refuses the whole batch when fewer remain', async () => {
    const primary = countForWorkers(PLANS);
    const worker = primaryLimiters(PLANS, channelTo(primary)).get('free')!;
    expect(await worker.limit('key_1', 50)).toMatchObject({ success: true, remaining: 10 });
    expect(await worker.limit('key_1', 11)).toMatchObject({ success: false, remaining: 10 });
    expect(await worker.limit('key_1', 0)).toMatchObject({ success: true, remaining: 10 });
  });

  it('rejects within the store deadline when the primary does not answer (the core then counts in the worker)', async () => {
    const worker = primaryLimiters(PLANS, channelTo(countForWorkers(PLANS), true)).get('free')!;
    const started = Date.now();
    await expect(worker.limit('key_1')).rejects.toThrow(/did not count within 1 s/);
    expect(Date.now() - started).toBeLessThan(1_900);
  });
});

/** One request on a connection of its own (so the workers take turns), settled within `ms` or reported as waiting. */
function timedGet(base: string, key: string, ms: number, p = '/api/v1/tools'): Promise<{ status?: number; error?: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = http.get(`${base}${p}`, { headers: { 'X-API-Key': key }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, ms: Date.now() - started }));
    });
    req.on('error', (e) => resolve({ error: e.message, ms: Date.now() - started }));
    req.setTimeout(ms, () => { req.destroy(); resolve({ error: 'waiting', ms: Date.now() - started }); });
  });
}

describe('workers: npm start with WEB_CONCURRENCY=2 (the production bundle)', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let primary: ChildProcess;
  let base: string;
  let output = '';
  let keys: Record<'limited' | 'revoked' | 'frozen' | 'killed', { id: string; key: string }>;
  const workers = () => readFileSync(`/proc/${primary.pid}/task/${primary.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

  /**
   * Waits until each worker accepts `key`, asking it while the others are frozen so that it alone
   * answers (GET /api/v1/usage: never counted). Each worker sees the keys file change on its own.
   */
  async function acceptedByEveryWorker(key: string): Promise<void> {
    for (const pid of workers()) {
      const others = workers().filter((other) => other !== pid);
      for (const other of others) process.kill(other, 'SIGSTOP');
      try {
        let status: number | undefined;
        while (status !== 200) status = (await timedGet(base, key, 1_000, '/api/v1/usage')).status;
      } finally {
        for (const other of others) process.kill(other, 'SIGCONT');
      }
    }
  }

  beforeAll(async () => {
    const catalog = await fixtureCopy();
    dir = path.dirname(catalog);
    env = { ...process.env, CATALOG_DIR: catalog, DIST_DIR: path.join(dir, 'dist'), KEYS_FILE: path.join(dir, 'keys.json'), WEB_CONCURRENCY: '2' };
    await promisify(execFile)(TSX, [path.join(ROOT, 'build/cli/ensure-built.ts')], { cwd: dir, env });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    primary = spawn(process.execPath, [path.join(ROOT, 'gateway/bundle/start.mjs')], { cwd: dir, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    primary.stdout!.on('data', (d) => { output += d; });
    primary.stderr!.on('data', (d) => { output += d; });
    for (let i = 0; i < 400 && !(workers().length === 2 && await fetch(`${base}/healthz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 50));
    // Issued the way an operator issues them, while the server runs; the last one accepted
    // everywhere means the file that holds them all has reached every worker.
    keys = { limited: await issueKey(env), revoked: await issueKey(env, 'pro'), frozen: await issueKey(env, 'pro'), killed: await issueKey(env, 'pro') };
    await acceptedByEveryWorker(keys.killed.key);
  }, 60_000);
  afterAll(async () => {
    if (primary?.exitCode === null) primary.kill('SIGKILL');
    await removeDir(dir);
  });

  it('starts two workers and issues one demo key', () => {
    expect(output).toMatch(/2 workers/);
    expect(output.match(/issued a demo key/g)).toHaveLength(1);
  });

  it('admits exactly 60 of 100 concurrent requests on a 60/min key', async () => {
    await awayFromMinuteEnd();
    const { key } = keys.limited;
    const results = await Promise.all(Array.from({ length: 100 }, () => timedGet(base, key, 10_000)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    expect(results.filter((r) => r.status === 429)).toHaveLength(40);
  });

  it('refuses a key revoked with the CLI in every worker within seconds', async () => {
    const { id, key } = keys.revoked;
    for (let i = 0; i < 4; i++) expect((await timedGet(base, key, 5_000)).status).toBe(200);
    await keysCommand(env, 'revoke', id);
    const started = Date.now();
    let refusedInARow = 0;
    while (refusedInARow < 4) {
      refusedInARow = (await timedGet(base, key, 5_000)).status === 401 ? refusedInARow + 1 : 0;
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it('answers every request the other worker takes within 2 s while one worker is frozen', async () => {
    const { key } = keys.frozen;
    const [frozen] = workers();
    process.kill(frozen!, 'SIGSTOP');
    try {
      const results = await Promise.all(Array.from({ length: 12 }, () => timedGet(base, key, 3_000)));
      const answered = results.filter((r) => r.status !== undefined);
      expect(answered.length).toBeGreaterThanOrEqual(4); // the other worker's share
      for (const r of answered) expect(r.ms).toBeLessThan(2_000);
      expect(answered.every((r) => r.status === 200)).toBe(true);
    } finally {
      process.kill(frozen!, 'SIGCONT');
    }
  }, 15_000);

  it('answers every request within 2 s while a worker is killed, and starts another', async () => {
    const { key } = keys.killed;
    const [killed] = workers();
    const pending = Array.from({ length: 12 }, () => timedGet(base, key, 3_000));
    process.kill(killed!, 'SIGKILL');
    const results = await Promise.all([...pending, ...Array.from({ length: 12 }, () => timedGet(base, key, 3_000))]);
    for (const r of results) expect(r.error === "waiting" ? r : r.ms).toBeLessThan(2_000);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < 100 && !(workers().length === 2 && !workers().includes(killed!)); i++) await new Promise((r) => setTimeout(r, 50));
    expect(workers()).toHaveLength(2);
  }, 15_000);

  it('stops taking requests on SIGTERM, finishes, and exits within 10 s with its workers', async () => {
    const before = workers();
    const stopped = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    const started = Date.now();
    primary.kill('SIGTERM');
    expect(await stopped).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(before.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
  }, 15_000);
});
