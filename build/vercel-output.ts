// The Vercel deployment of a snapshot (Build Output API v3), written by `npm run build` into
// .vercel/output so that `vercel deploy --prebuilt` publishes it:
//   config.json                           every request goes through the middleware first
//   static/_snapshot/<id>/...             the prebuilt bodies, reached only by the middleware's rewrite
//   functions/_middleware.func/           the gateway as an edge function, bundled by esbuild
// The snapshot data and the search index are bundled while the bundle stays under the edge's
// 1 MB gzip limit; past it the index is left in static/ and fetched once per instance.
import { randomBytes } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import type { Manifest, RoutingManifest } from '../snapshot/types.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = path.join(ROOT, 'gateway/vercel/middleware.ts');
const PLANS = path.join(ROOT, 'gateway/plans.json');
/** Vercel's limit for an edge function (Hobby plan), gzipped. */
export const EDGE_LIMIT_BYTES = 1024 * 1024;
/** The environment variables the middleware reads (the Build Output API makes only these available). */
export const EDGE_ENV = ['UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'KEY_CACHE_SECONDS', 'PUBLIC_BASE_URL'];

/** The edge bundle cannot fit: the build stops before replacing anything. */
export class EdgeLimitError extends Error {}

export interface VercelOutputSummary { bundleBytes: number; bundleGzipBytes: number; indexBundled: boolean; staticFiles: number }

export async function writeVercelOutput(distDir: string, outDir: string, limit = EDGE_LIMIT_BYTES): Promise<VercelOutputSummary> {
  const manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8')) as Manifest;
  const internalPrefix = `/_snapshot/${manifest.snapshot}/`;
  const embedded = {
    manifest: routingManifest(manifest),
    data: JSON.parse(await readFile(path.join(distDir, manifest.files.data), 'utf8')),
    index: JSON.parse(await readFile(path.join(distDir, manifest.files.search_index), 'utf8')),
    plans: JSON.parse(await readFile(process.env.PLANS_FILE ?? PLANS, 'utf8')),
    internalPrefix,
    internalToken: randomBytes(24).toString('base64url'),
  };
  const { code, indexBundled, bundleGzipBytes } = await edgeBundle(embedded, limit);
  const temp = `${outDir}.tmp-${process.pid}`;
  await rm(temp, { recursive: true, force: true });
  const fn = path.join(temp, 'functions/_middleware.func');
  await mkdir(fn, { recursive: true });
  await writeFile(path.join(fn, 'index.js'), code);
  await writeFile(path.join(fn, '.vc-config.json'), `${JSON.stringify({ runtime: 'edge', entrypoint: 'index.js', envVarsInUse: EDGE_ENV }, null, 2)}\n`);
  const staticDir = path.join(temp, 'static', internalPrefix);
  const files = Object.values(manifest.bodies).map((b) => b.path);
  if (!indexBundled) files.push(manifest.files.search_index);
  for (const file of files) {
    await mkdir(path.dirname(path.join(staticDir, file)), { recursive: true });
    await cp(path.join(distDir, file), path.join(staticDir, file));
  }
  const config = {
    version: 3,
    routes: [
      { src: '/(.*)', middlewarePath: '_middleware', continue: true },
      { handle: 'filesystem' },
    ],
  };
  await writeFile(path.join(temp, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.dirname(outDir), { recursive: true });
  await rename(temp, outDir);
  return { bundleBytes: code.length, bundleGzipBytes, indexBundled, staticFiles: files.length };
}

/** The manifest without what only a server sending the bytes itself reads (sizes, compressed variants): the CDN sends them. */
function routingManifest(manifest: Manifest): RoutingManifest {
  const bodies: RoutingManifest['bodies'] = {};
  for (const [key, { path: file, etag, total, type }] of Object.entries(manifest.bodies)) bodies[key] = { path: file, etag, total, type };
  return { ...manifest, bodies };
}

/** The middleware bundle with the search index in it while that fits under `limit` gzipped, else without (the CDN serves it). */
async function edgeBundle(embedded: { index: unknown }, limit: number): Promise<{ code: Uint8Array; indexBundled: boolean; bundleGzipBytes: number }> {
  let code = await bundle(embedded);
  let indexBundled = true;
  if (gzipSync(code).length > limit) {
    code = await bundle({ ...embedded, index: null });
    indexBundled = false;
  }
  const bundleGzipBytes = gzipSync(code).length;
  if (bundleGzipBytes > limit) {
    throw new EdgeLimitError(`The edge bundle is ${bundleGzipBytes} bytes gzipped even with the search index left on the CDN: ${bundleGzipBytes - limit} bytes (${((bundleGzipBytes / limit - 1) * 100).toFixed(1)}%) over the ${limit}-byte edge limit. Nothing was replaced; shrink the catalog data or raise the limit (Vercel Pro allows more).`);
  }
  return { code, indexBundled, bundleGzipBytes };
}

async function bundle(embedded: object): Promise<Uint8Array> {
  const snapshotModule: Plugin = {
    name: 'snapshot',
    setup(b) {
      b.onResolve({ filter: /^virtual:snapshot$/ }, () => ({ path: 'snapshot', namespace: 'snapshot' }));
      b.onLoad({ filter: /.*/, namespace: 'snapshot' }, () => ({ contents: JSON.stringify(embedded), loader: 'json' }));
    },
  };
  const result = await build({
    entryPoints: [ENTRY], bundle: true, platform: 'browser', format: 'esm', target: 'es2022',
    minify: true, write: false, logLevel: 'silent', plugins: [snapshotModule],
  });
  return result.outputFiles[0]!.contents;
}
