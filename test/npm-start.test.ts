// `npm start` as an operator runs it: the production bundle under npm, and SIGTERM sent to npm
// itself (as a process manager does) reaching the server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import { newKeyRecord, writeKeysFile } from '../gateway/node/keys-file.ts';
import { buildSnapshot } from '../build/build.ts';
import { editJson, fixtureCopy, removeDir, ROOT, tempDir } from './helpers.ts';
import { freePort } from './redis-server.ts';

describe('npm start', () => {
  let dir: string | undefined;
  afterAll(async () => { if (dir) await removeDir(dir); });

  it('serves from the bundle with node, and on SIGTERM to npm finishes the requests in flight, stops taking new ones and exits within 10 s', async () => {
    const catalog = await fixtureCopy();
    dir = path.dirname(catalog);
    const port = await freePort();
    const env = { ...process.env, CATALOG_DIR: catalog, DIST_DIR: path.join(dir, 'dist'), KEYS_FILE: path.join(dir, 'keys.json'), PORT: String(port) };
    const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout!.on('data', (d) => { output += d; });
    npm.stderr!.on('data', (d) => { output += d; });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      for (let i = 0; i < 1_200 && !/curl -H/.test(output); i++) await new Promise((r) => setTimeout(r, 50));
      expect(output).toMatch(/node gateway\/bundle\/start\.mjs/);
      const key = /sk_[A-Za-z0-9]+/.exec(output)![0];
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/api/v1/tools`, { headers: { 'X-API-Key': key } })).status).toBe(200);
      const inFlight = fetch(`${base}/api/v1/search?q=voice`, { headers: { 'X-API-Key': key } });
      await new Promise((r) => setTimeout(r, 5));
      const started = Date.now();
      npm.kill('SIGTERM');
      expect((await inFlight).status).toBe(200);
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(output).toMatch(/SIGTERM: finishing open requests, then stopping\./);
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    } finally {
      npm.kill('SIGKILL');
    }
  }, 90_000);

  it('builds the snapshot first when it is missing or older than the catalog or the code that builds it (build/, snapshot/), and not otherwise', async () => {
    const catalog = await fixtureCopy();
    const own = path.dirname(catalog);
    const env = { ...process.env, CATALOG_DIR: catalog, DIST_DIR: path.join(own, 'dist') };
    const ensureBuilt = () => new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'build/cli/ensure-built.ts')], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
      let said = '';
      child.stderr!.on('data', (d) => { said += d; });
      child.on('exit', (code) => (code === 0 ? resolve(said) : reject(new Error(`ensure-built exited ${code}: ${said}`))));
    });
    try {
      expect(await ensureBuilt()).toContain('No snapshot in');
      expect(await ensureBuilt()).not.toContain('Built snapshot');
      // A catalog older than the snapshot, and a snapshot older than the builder's code (as after a pull).
      const [catalogTime, builtTime] = [new Date('2000-01-01'), new Date('2001-01-01')];
      for (const entry of await readdir(catalog, { withFileTypes: true, recursive: true })) {
        if (entry.isFile()) await utimes(path.join(entry.parentPath, entry.name), catalogTime, catalogTime);
      }
      await utimes(path.join(own, 'dist', 'manifest.json'), builtTime, builtTime);
      const rebuilt = await ensureBuilt();
      expect(rebuilt).toContain('or the code that builds it changed since the last build; rebuilding');
      expect(rebuilt).toContain('Built snapshot');
    } finally {
      await removeDir(own);
    }
  }, 60_000);

  it('issues no demo key with DEMO_KEY=off, and says how to issue one', async () => {
    const catalog = await fixtureCopy();
    const own = path.dirname(catalog);
    const port = await freePort();
    const keysFile = path.join(own, 'keys.json');
    const env = { ...process.env, CATALOG_DIR: catalog, DIST_DIR: path.join(own, 'dist'), KEYS_FILE: keysFile, PORT: String(port), DEMO_KEY: 'off' };
    await new Promise<void>((resolve, reject) => spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'build/cli/ensure-built.ts')], { cwd: ROOT, env, stdio: 'ignore' }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build exited ${code}`)))));
    const server = spawn(process.execPath, [path.join(ROOT, 'gateway/bundle/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout!.on('data', (d) => { output += d; });
    try {
      for (let i = 0; i < 400 && !/No demo key/.test(output); i++) await new Promise((r) => setTimeout(r, 25));
      expect(output).toContain('No demo key (DEMO_KEY=off): issue keys with npm run keys -- create');
      expect(output).not.toMatch(/sk_[A-Za-z0-9]{32}/);
      expect(existsSync(keysFile)).toBe(false);
    } finally {
      server.kill('SIGKILL');
      await removeDir(own);
    }
  }, 60_000);

  it('on a later start (keys already in the file) issues no demo key, and says where the keys are and how to issue one', async () => {
    const catalog = await fixtureCopy();
    const own = path.dirname(catalog);
    const dist = path.join(own, 'dist');
    const keysFile = path.join(own, 'keys.json');
    expect((await buildSnapshot(catalog, dist)).ok).toBe(true);
    await writeKeysFile(keysFile, [(await newKeyRecord('free', 'issued on the first start')).record]);
    const env = { ...process.env, DIST_DIR: dist, KEYS_FILE: keysFile, PORT: String(await freePort()) };
    const server = spawn(process.execPath, [path.join(ROOT, 'gateway/bundle/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout!.on('data', (d) => { output += d; });
    try {
      for (let i = 0; i < 400 && !/my app"/.test(output); i++) await new Promise((r) => setTimeout(r, 25));
      expect(output).toContain(`No key is shown after the first start: the keys are in ${keysFile} (npm run keys -- list lists them). Issue one with:\n\n  npm run keys -- create --plan free --name "my app"\n`);
      expect(output).not.toMatch(/sk_[A-Za-z0-9]{32}/);
    } finally {
      server.kill('SIGKILL');
      await removeDir(own);
    }
  }, 30_000);

  it('refuses to start when a key is on a plan the plans file lacks, naming the plan, the file and the keys', async () => {
    const own = await tempDir();
    const keysFile = path.join(own, 'keys.json');
    const plansFile = path.join(own, 'plans.json');
    await writeFile(plansFile, '{"free": {"per_minute": 60}}');
    const gold = await newKeyRecord('gold', 'partner');
    await writeKeysFile(keysFile, [gold.record, (await newKeyRecord('free', 'ok')).record]);
    const env = { ...process.env, KEYS_FILE: keysFile, PLANS_FILE: plansFile, PORT: String(await freePort()) };
    const server = spawn(process.execPath, [path.join(ROOT, 'gateway/bundle/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stderr!.on('data', (d) => { output += d; });
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(`Keys in ${keysFile} are on plans that are not in the plans file ${plansFile}: 'gold' (${gold.record.id}). Add the plans to that file, or revoke the keys`);
    await removeDir(own);
  }, 30_000);

  it('picks up a rebuilt snapshot by itself: /healthz and the answers show the new one, and the log names both ids', async () => {
    const catalog = await fixtureCopy();
    const own = path.dirname(catalog);
    const dist = path.join(own, 'dist');
    expect((await buildSnapshot(catalog, dist)).ok).toBe(true);
    const port = await freePort();
    const env = { ...process.env, DIST_DIR: dist, KEYS_FILE: path.join(own, 'keys.json'), PORT: String(port) };
    const server = spawn(process.execPath, [path.join(ROOT, 'gateway/bundle/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout!.on('data', (d) => { output += d; });
    server.stderr!.on('data', (d) => { output += d; });
    const base = `http://127.0.0.1:${port}`;
    const health = async () => (await (await fetch(`${base}/healthz`)).json()).snapshot as string;
    try {
      for (let i = 0; i < 400 && !/curl -H/.test(output); i++) await new Promise((r) => setTimeout(r, 25));
      const key = /sk_[A-Za-z0-9]+/.exec(output)![0];
      const before = await health();
      await editJson(path.join(catalog, 'tools/elevenlabs.json'), (t) => { t.tagline = 'Lifelike AI voices, rebuilt while the server runs'; });
      expect((await buildSnapshot(catalog, dist)).ok).toBe(true);
      let after = before;
      for (let i = 0; i < 100 && after === before; i++) { await new Promise((r) => setTimeout(r, 50)); after = await health(); }
      expect(after).not.toBe(before);
      const tool = await (await fetch(`${base}/api/v1/tools/elevenlabs`, { headers: { 'X-API-Key': key } })).json();
      expect(tool.data.tagline).toBe('Lifelike AI voices, rebuilt while the server runs');
      expect(output).toContain(`snapshot ${before} -> ${after}`);
    } finally {
      server.kill('SIGKILL');
      await removeDir(own);
    }
  }, 60_000);
});
