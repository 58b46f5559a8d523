// The Node entries as plain JavaScript: `npm start` and `npm run mcp` run these bundles with node
// itself, so production serves no TypeScript loader. Dependencies stay in node_modules (external);
// the bundles sit in gateway/bundle/, at the depth of gateway/node/, so that files found relative
// to a module (gateway/plans.json) are found from either.
import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUNDLE_DIR = path.join(ROOT, 'gateway/bundle');
const ENTRIES = { start: 'gateway/node/start.ts', 'mcp-stdio': 'gateway/node/mcp-stdio.ts' };
/** The folders whose sources the bundles are made of. */
const SOURCES = ['gateway', 'snapshot'];

/** Each file is written beside its place and renamed into it: a server starting meanwhile reads a whole bundle. */
export async function bundleNodeEntries(): Promise<void> {
  const { outputFiles } = await build({
    write: false,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(ROOT, file)])),
    outdir: BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  await mkdir(BUNDLE_DIR, { recursive: true });
  for (const file of outputFiles) {
    const temp = `${file.path}.${process.pid}.tmp`;
    await writeFile(temp, file.contents);
    await rename(temp, file.path);
  }
}

/** True when a bundle is missing or older than a source it is made of. */
export async function nodeBundlesStale(): Promise<boolean> {
  const built = await Promise.all(Object.keys(ENTRIES).map((name) => stat(path.join(BUNDLE_DIR, `${name}.mjs`)).then((s) => s.mtimeMs, () => 0)));
  const oldest = Math.min(...built);
  if (oldest === 0) return true;
  for (const folder of SOURCES) {
    for (const entry of await readdir(path.join(ROOT, folder), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !/\.(ts|json)$/.test(entry.name) || entry.parentPath.startsWith(BUNDLE_DIR)) continue;
      if ((await stat(path.join(entry.parentPath, entry.name))).mtimeMs > oldest) return true;
    }
  }
  return false;
}
