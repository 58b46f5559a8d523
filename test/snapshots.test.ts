// Snapshots are never mixed: a server loads one whole (its data and its search index together),
// and a build replaces dist/ and .vercel/output together in one step, whenever it is killed.
import { spawn } from 'node:child_process';
import { lstat, mkdir, readFile, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from '../build/build.ts';
import { createGateway } from '../gateway/core/gateway.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';
import { bodyText } from '../gateway/core/responses.ts';
import { loadSnapshot } from '../gateway/node/load.ts';
import type { Manifest } from '../snapshot/types.ts';
import { FREE_KEY, TestKeyStore } from './gateway-harness.ts';
import { editJson, fixtureCopy, removeDir, ROOT, waitForGroupExit } from './helpers.ts';

describe('hot reload: a snapshot is loaded whole', () => {
  let root: string;
  afterAll(async () => { await removeDir(root); });

  it('searches a loaded snapshot with its own index after dist/ was rebuilt under it', async () => {
    const catalog = await fixtureCopy();
    root = path.dirname(catalog);
    const dist = path.join(root, 'dist');
    expect((await buildSnapshot(catalog, dist)).ok).toBe(true);
    const loaded = await loadSnapshot(dist);
    await editJson(path.join(catalog, 'tools/elevenlabs.json'), (t) => { t.name = 'Quokkaphone'; });
    expect((await buildSnapshot(catalog, dist)).ok).toBe(true);
    const keys = new TestKeyStore();
    await keys.add(FREE_KEY, { status: 'active', id: 'key_free', plan: 'free' });
    const limiter = memoryRateLimiter(60);
    const gateway = createGateway({ snapshot: loaded.view, keys, limiterFor: () => limiter, log: () => {} });
    const search = async (q: string) => {
      const r = await gateway.handle({ method: 'GET', url: `/api/v1/search?q=${q}`, headers: new Headers({ 'X-API-Key': FREE_KEY }) });
      expect(r.status).toBe(200);
      return (JSON.parse(bodyText(r.body)).data as { slug: string; name: string }[]);
    };
    expect((await search('elevenlabs'))[0]).toMatchObject({ slug: 'elevenlabs', name: 'ElevenLabs' });
    expect(await search('quokkaphone')).toEqual([]);
  });
});

/** The snapshot id dist/ holds, and the ids .vercel/output deploys. */
async function pair(dist: string, vercel: string): Promise<{ dist: string; vercel: string[] }> {
  const id = (JSON.parse(await readFile(path.join(dist, 'manifest.json'), 'utf8')) as Manifest).snapshot;
  return { dist: id, vercel: await readdir(path.join(vercel, 'static/_snapshot')) };
}


describe('build: dist/ and .vercel/output swapped in one step', () => {
  let root: string;
  let catalog: string;
  let dist: string;
  let vercel: string;
  beforeAll(async () => {
    catalog = await fixtureCopy();
    root = path.dirname(catalog);
    dist = path.join(root, 'dist');
    vercel = path.join(root, '.vercel/output');
  });
  afterAll(async () => { await removeDir(root); });

  it('links both to one generation folder, which one rename makes current', async () => {
    expect((await buildSnapshot(catalog, dist, { vercelDir: vercel })).ok).toBe(true);
    expect((await lstat(dist)).isSymbolicLink()).toBe(true);
    expect((await lstat(vercel)).isSymbolicLink()).toBe(true);
    expect(path.dirname(await realpath(dist))).toBe(path.dirname(await realpath(vercel)));
    const ids = await pair(dist, vercel);
    expect(ids.vercel).toEqual([ids.dist]);
  });

  it('leaves both on one snapshot whenever a build is killed, and the next build removes every leftover', async () => {
    expect((await buildSnapshot(catalog, dist, { vercelDir: vercel })).ok).toBe(true);
    for (const [n, delay] of [800, 1600, 2400].entries()) {
      await editJson(path.join(catalog, 'tools/elevenlabs.json'), (t) => { t.tagline = `Voices, take ${n}.`; });
      const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'build/cli/build.ts'), '--catalog', catalog, '--out', dist, '--vercel', vercel], { stdio: 'ignore', detached: true });
      await new Promise((r) => setTimeout(r, delay));
      try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* it had finished */ }
      await waitForGroupExit(child.pid!);
      const ids = await pair(dist, vercel);
      expect(ids.vercel, `killed after ${delay} ms`).toEqual([ids.dist]);
    }
    // What builds of the earlier layout left behind (their process is gone) goes too.
    for (const old of ['.dist-build-999999', '.vercel/output.build-999999', '.vercel/output.build-999999-old', '.vercel/output.tmp-999999']) await mkdir(path.join(root, old, 'x'), { recursive: true });
    expect((await buildSnapshot(catalog, dist, { vercelDir: vercel })).ok).toBe(true);
    expect((await readdir(root)).filter((n) => n !== 'catalog').sort()).toEqual(['.dist.snapshots', '.vercel', 'dist']);
    expect(await readdir(path.join(root, '.vercel'))).toEqual(['output']);
    expect(await readdir(path.join(root, '.dist.snapshots'))).toHaveLength(2);
    const ids = await pair(dist, vercel);
    expect(ids.vercel).toEqual([ids.dist]);
  }, 60_000);
});
