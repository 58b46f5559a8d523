import { spawn } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticCatalog } from '../bench/synthetic.ts';
import { buildSnapshot } from '../build/build.ts';
import { prebuiltListQueries } from '../build/snapshot.ts';
import { etagOf } from '../snapshot/etag.ts';
import {
  categoriesKey, encodeItems, renderListPage, selectCategories, selectTools, toolsKey, type CategoryQuery, type ToolQuery,
} from '../snapshot/lists.ts';
import { buildSearchIndex, exportSearchIndex, importSearchIndex, SEARCH_FIELDS } from '../snapshot/search-index.ts';
import type { Manifest, SnapshotData } from '../snapshot/types.ts';
import { loadSnapshot } from '../gateway/node/load.ts';
import { editJson, fixtureCopy, removeDir, ROOT, tempDir, waitForGroupExit } from './helpers.ts';

async function treeHash(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) await walk(abs);
      else out.set(path.relative(dir, abs), await etagOf(await readFile(abs)));
    }
  };
  await walk(dir);
  return out;
}

describe('snapshot build', () => {
  let catalog: string;
  let dist: string;
  let manifest: Manifest;
  let data: SnapshotData;

  beforeAll(async () => {
    catalog = await fixtureCopy();
    dist = path.join(path.dirname(catalog), 'dist');
    const result = await buildSnapshot(catalog, dist);
    expect(result.ok).toBe(true);
    manifest = JSON.parse(await readFile(path.join(dist, 'manifest.json'), 'utf8'));
    data = JSON.parse(await readFile(path.join(dist, 'data.json'), 'utf8'));
  });
  afterAll(async () => { await removeDir(path.dirname(catalog)); });

  it('writes a manifest with the snapshot id, the counts and every prebuilt body', async () => {
    expect(manifest.snapshot).toMatch(/^[0-9a-f]{16}$/);
    expect(manifest.counts).toEqual({ tools: 6, categories: 5, groups: data.groups.length, bodies: Object.keys(manifest.bodies).length });
    for (const [key, body] of Object.entries(manifest.bodies)) {
      const bytes = await readFile(path.join(dist, body.path));
      expect(bytes.byteLength, key).toBe(body.bytes);
      expect(await etagOf(bytes), key).toBe(body.etag);
    }
  });

  it('prebuilds every page of every single-value filter, and every item', () => {
    const keys = Object.keys(manifest.bodies);
    expect(keys).toContain('/api/v1/tools');
    expect(keys).toContain('/api/v1/tools?category=text-to-speech');
    expect(keys).toContain('/api/v1/tools?pricing=freemium');
    expect(keys).toContain('/api/v1/tools?platform=api');
    expect(keys).toContain('/api/v1/tools?open_source=true');
    expect(keys).toContain('/api/v1/categories?group=audio');
    expect(keys).toContain('/api/v1/tools/elevenlabs');
    expect(keys).toContain('/api/v1/categories/voice-cloning');
    expect(keys.filter((k) => k.startsWith('/api/v1/tools/'))).toHaveLength(6);
  });

  it('writes list bodies exactly as the API returns them, sorted by name', async () => {
    const body = JSON.parse(await readFile(path.join(dist, manifest.bodies['/api/v1/tools']!.path), 'utf8'));
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 6, total_pages: 1 });
    expect(body.data.map((t: { name: string }) => t.name)).toEqual(['ElevenLabs', 'Midjourney', 'Murf', 'Otter.ai', 'remove.bg', 'Stable Diffusion']);
    expect(body.data[0].categories).toEqual([{ slug: 'text-to-speech', name: 'Text to Speech' }, { slug: 'voice-cloning', name: 'Voice Cloning' }]);
    const cats = JSON.parse(await readFile(path.join(dist, manifest.bodies['/api/v1/categories?group=audio']!.path), 'utf8'));
    expect(cats.data.map((c: { slug: string; tool_count: number }) => [c.slug, c.tool_count])).toEqual([['text-to-speech', 2], ['voice-cloning', 1]]);
  });

  it('writes gzip and brotli variants that decompress to the body, only where they are smaller', async () => {
    const zlib = await import('node:zlib');
    let variants = 0;
    for (const body of Object.values(manifest.bodies)) {
      const raw = await readFile(path.join(dist, body.path));
      if (body.gzip) { variants++; expect(zlib.gunzipSync(await readFile(path.join(dist, body.gzip.path))).equals(raw), body.path).toBe(true); expect(body.gzip.bytes).toBeLessThan(body.bytes); }
      if (body.br) { variants++; expect(zlib.brotliDecompressSync(await readFile(path.join(dist, body.br.path))).equals(raw), body.path).toBe(true); expect(body.br.bytes).toBeLessThan(body.bytes); }
    }
    expect(variants).toBeGreaterThan(0);
  });

  it('changes the OpenAPI document\'s ETag and the snapshot id when the document\'s bytes change', async () => {
    const openapi = await readFile(path.join(dist, 'openapi.json'));
    expect(manifest.bodies['/openapi.json']!.etag).toBe(await etagOf(openapi));
    const { buildOpenApi } = await import('../build/openapi.ts');
    const doc = buildOpenApi(data) as { info: { title: string } };
    expect(JSON.stringify(doc, null, 2)).toBe(openapi.toString('utf8'));
  });

  it('computes every prebuilt list page byte-for-byte the same from data.json', async () => {
    const tools = encodeItems(data.tools);
    const categories = encodeItems(data.categories);
    let checked = 0;
    for (const spec of prebuiltListQueries(data)) {
      for (let page = 1; ; page++) {
        const key = spec.kind === 'tools' ? toolsKey({ ...spec.query, page, per_page: 20 } as ToolQuery) : categoriesKey({ ...spec.query, page, per_page: 20 } as CategoryQuery);
        const prebuilt = manifest.bodies[key];
        if (!prebuilt) break;
        const selected = spec.kind === 'tools' ? selectTools(data, spec.query) : selectCategories(data, spec.query);
        const computed = renderListPage(spec.kind === 'tools' ? tools : categories, selected, page, 20);
        expect(Buffer.from(computed).equals(await readFile(path.join(dist, prebuilt.path))), key).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(Object.keys(manifest.bodies).filter((k) => k.startsWith('/api/v1/') && !/\/(tools|categories)\/[^?]+$/.test(k)).length);
  });

  it('exports a search index that answers exactly like the one built in memory', async () => {
    const built = buildSearchIndex(data.tools);
    const serialized = JSON.parse(await readFile(path.join(dist, 'search-index.json'), 'utf8'));
    expect(serialized).toEqual(await exportSearchIndex(built));
    const imported = await importSearchIndex(serialized);
    for (const q of ['voice', 'elevenl', 'midjorney', 'stable difusion', 'meeting', 'background', 'open source', 'zzzz']) {
      for (const field of SEARCH_FIELDS) {
        expect(imported.search(q, { index: field, limit: 100 }), `${q} in ${field}`).toEqual(built.search(q, { index: field, limit: 100 }));
      }
    }
  });

  it('is deterministic: building the same catalog twice gives byte-identical files', async () => {
    const again = path.join(path.dirname(catalog), 'dist-again');
    expect((await buildSnapshot(catalog, again)).ok).toBe(true);
    expect(await treeHash(again)).toEqual(await treeHash(dist));
  });

  it('leaves the previous snapshot untouched when the catalog fails validation', async () => {
    const before = await treeHash(dist);
    await editJson(path.join(catalog, 'tools', 'murf.json'), (d) => { d.categories = ['nope']; });
    const result = await buildSnapshot(catalog, dist);
    expect(result.ok).toBe(false);
    expect(await treeHash(dist)).toEqual(before);
    expect((await readdir(path.dirname(dist))).filter((n) => n.startsWith('.dist-') && !n.endsWith('.snapshots'))).toEqual([]);
    expect(await readdir(path.join(path.dirname(dist), '.dist.snapshots'))).toHaveLength(2); // current, and the generation it names
  });
});


describe('snapshot build, killed half-way', () => {
  let dir: string;
  beforeAll(async () => { dir = await tempDir('kill-test-'); });
  afterAll(async () => { await removeDir(dir); });

  /** Resolves once a generation other than the current one appears: the build is writing its snapshot. */
  async function generationStarted(generations: string, current: string): Promise<string> {
    for (let i = 0; i < 3000; i++) {
      const started = (await readdir(generations).catch(() => [] as string[])).find((n) => n !== 'current' && n !== current && !n.startsWith('current-'));
      if (started) return started;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the build never started writing a generation');
  }

  it('leaves the previous snapshot current, whole and loadable, and the next build succeeds and removes the killed one', async () => {
    const small = await fixtureCopy();
    const dist = path.join(dir, 'dist');
    const generations = path.join(dir, '.dist.snapshots');
    expect((await buildSnapshot(small, dist)).ok).toBe(true);
    const before = await treeHash(dist);
    const current = await readlink(path.join(generations, 'current'));
    const id = (JSON.parse(await readFile(path.join(dist, 'manifest.json'), 'utf8')) as Manifest).snapshot;
    const big = path.join(dir, 'big');
    await writeSyntheticCatalog(big, 3000);
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'build/cli/build.ts'), '--catalog', big, '--out', dist, '--vercel', path.join(dir, 'vercel')], { stdio: 'ignore', detached: true });
    const killed = await generationStarted(generations, current);
    process.kill(-child.pid!, 'SIGKILL'); // the whole group: tsx runs the build in a child process
    await waitForGroupExit(child.pid!);
    expect(await readlink(path.join(generations, 'current'))).toBe(current);
    expect(await treeHash(dist)).toEqual(before);
    const loaded = await loadSnapshot(dist);
    expect(loaded.view.id).toBe(id);
    expect(loaded.view.data.tools).toHaveLength(6);
    expect(loaded.bodies.get('/api/v1/tools/elevenlabs')?.identity.toString()).toContain('"slug":"elevenlabs"');
    await editJson(path.join(small, 'tools', 'murf.json'), (d) => { d.tagline = 'Studio voiceovers, built after a killed build'; });
    expect((await buildSnapshot(small, dist)).ok).toBe(true);
    expect(await treeHash(dist)).not.toEqual(before);
    expect(await readdir(generations)).not.toContain(killed);
    expect(await readdir(generations)).toHaveLength(2); // current, and the generation it names
    await removeDir(path.dirname(small));
  }, 60_000);
});

describe('build: the snapshot and its Vercel deployment, swapped in together', () => {
  it('writes dist/ and .vercel/output from one snapshot, and replaces neither when the edge bundle is over its limit, saying by how much', async () => {
    const catalog = await fixtureCopy();
    const root = path.dirname(catalog);
    const dist = path.join(root, 'dist');
    const vercel = path.join(root, '.vercel/output');
    const first = await buildSnapshot(catalog, dist, { vercelDir: vercel });
    expect(first.ok).toBe(true);
    const snapshotOf = async () => {
      const id = (JSON.parse(await readFile(path.join(dist, 'manifest.json'), 'utf8')) as Manifest).snapshot;
      const deployed = await readdir(path.join(vercel, 'static/_snapshot'));
      return { id, deployed };
    };
    const before = await snapshotOf();
    expect(before.deployed).toEqual([before.id]);
    const config = JSON.parse(await readFile(path.join(vercel, 'functions/_middleware.func/.vc-config.json'), 'utf8'));
    expect(config.envVarsInUse).toEqual(expect.arrayContaining(['UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'PUBLIC_BASE_URL']));
    await editJson(path.join(catalog, 'tools/elevenlabs.json'), (t) => { t.tagline = `${String(t.tagline)} (changed)`; });
    await expect(buildSnapshot(catalog, dist, { vercelDir: vercel, edgeLimit: 10_000 })).rejects.toThrow(/bytes \([\d.]+%\) over the 10000-byte edge limit\. Nothing was replaced/);
    expect(await snapshotOf()).toEqual(before);
    expect([...await readdir(root), ...await readdir(path.join(root, '.vercel'))].filter((n) => n.includes('-build-') || n.includes('-old-') || n.includes('.build-'))).toEqual([]);
    const second = await buildSnapshot(catalog, dist, { vercelDir: vercel });
    const after = await snapshotOf();
    expect(second.ok && after.id).not.toBe(before.id);
    expect(after.deployed).toEqual([after.id]);
    await removeDir(root);
  }, 60_000);
});
