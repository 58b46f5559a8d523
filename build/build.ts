// The build stage: validate the catalog, then write a new snapshot, and, when asked, the Vercel
// output made from it, into one generation folder beside dist/ (`.dist.snapshots/<generation>/`
// holds `dist/` and `vercel/`), and make it current with one rename: `.dist.snapshots/current` is
// a symbolic link to the generation, `dist` links to `current/dist` and `.vercel/output` to
// `current/vercel`. Both outputs therefore change in one step: a build that fails validation,
// throws (an edge bundle over its limit), or is killed at any moment leaves the previous pair as
// it was. The next build removes every leftover: other generations, temporary links, and the
// folders of the earlier layout (`.dist-build-*`, `.vercel/output.build-*`, ...).
import { readFileSync } from 'node:fs';
import { lstat, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { readCatalog, type Problem } from './catalog.ts';
import { checkCatalog } from './checks.ts';
import { assembleData, writeSnapshot, type SnapshotSummary } from './snapshot.ts';
import { EDGE_LIMIT_BYTES, writeVercelOutput, type VercelOutputSummary } from './vercel-output.ts';

export type BuildResult =
  | { ok: true; summary: SnapshotSummary; edge?: VercelOutputSummary; ms: number }
  | { ok: false; problems: Problem[] };

/** `today` (YYYY-MM-DD): what a sunset date is compared with. */
export async function validateCatalog(catalogDir: string, shown?: string, today?: string) {
  const read = await readCatalog(catalogDir, shown);
  return { catalog: read, problems: [...read.problems, ...checkCatalog(read, today)] };
}

export interface BuildOptions {
  /** Also write the Vercel deployment of the snapshot here (swapped in with dist/). */
  vercelDir?: string;
  /** The edge bundle's limit, gzipped (default Vercel's). */
  edgeLimit?: number;
}

export async function buildSnapshot(catalogDir: string, distDir: string, options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const validated = await validateCatalog(catalogDir);
  if (validated.problems.length > 0) return { ok: false, problems: validated.problems };
  // From here on only the assembled data is kept: the files' texts are garbage for a big catalog.
  const data = assembleData(validated.catalog);
  validated.catalog.tools = [];
  validated.catalog.categories = [];
  const dist = path.resolve(distDir);
  const vercel = options.vercelDir && path.resolve(options.vercelDir);
  const generations = generationsOf(dist);
  await removeLeftovers(dist, vercel);
  const generation = path.join(generations, `${process.pid}-${Date.now().toString(36)}`);
  try {
    const summary = await writeSnapshot(data, path.join(generation, 'dist'));
    const edge = vercel ? await writeVercelOutput(path.join(generation, 'dist'), path.join(generation, 'vercel'), options.edgeLimit ?? EDGE_LIMIT_BYTES) : undefined;
    await makeCurrent(generations, path.basename(generation));
    await linkTo(dist, path.join(generations, 'current', 'dist'));
    if (vercel) await linkTo(vercel, path.join(generations, 'current', 'vercel'));
    await removeLeftovers(dist, vercel);
    return { ok: true, summary, ...(edge && { edge }), ms: performance.now() - started };
  } catch (e) {
    await rm(generation, { recursive: true, force: true });
    throw e;
  }
}

/** The folder of a dist folder's generations: `.dist.snapshots` beside `dist`. */
function generationsOf(dist: string): string {
  return path.join(path.dirname(dist), `.${path.basename(dist)}.snapshots`);
}

/** Points `<generations>/current` at `generation` by renaming a new link over it (one atomic step). */
async function makeCurrent(generations: string, generation: string): Promise<void> {
  const temp = path.join(generations, `current-${process.pid}`);
  await rm(temp, { force: true });
  await symlink(generation, temp);
  await rename(temp, path.join(generations, 'current'));
}

/**
 * Makes `at` a relative link to `target`, once: it then follows `current` by itself. A folder of
 * the earlier layout at `at` is moved aside first (put back by the next build if a kill comes
 * between the two steps).
 */
async function linkTo(at: string, target: string): Promise<void> {
  const relative = path.relative(path.dirname(at), target);
  const found = await lstat(at).catch(() => undefined);
  if (found?.isSymbolicLink() && await readlink(at) === relative) return;
  await mkdir(path.dirname(at), { recursive: true });
  const aside = `${at}.old-${process.pid}`;
  if (found) await rename(at, aside);
  const temp = `${at}.link-${process.pid}`;
  await rm(temp, { force: true });
  await symlink(relative, temp);
  await rename(temp, at);
  if (found) await rm(aside, { recursive: true, force: true });
}

/**
 * Removes what builds left behind: generations that are not current (nor a live build's),
 * temporary links, and the earlier layout's folders of dead builds. A folder moved aside by a
 * build killed before its link was made is put back first.
 */
async function removeLeftovers(dist: string, vercel: string | undefined): Promise<void> {
  const generations = generationsOf(dist);
  const current = await readlink(path.join(generations, 'current')).catch(() => undefined);
  for (const name of await readdir(generations).catch(() => [] as string[])) {
    const pid = Number(/^(?:current-)?(\d+)/.exec(name)?.[1]);
    if (name === 'current' || name === current || isAlive(pid)) continue;
    await rm(path.join(generations, name), { recursive: true, force: true });
  }
  for (const at of vercel ? [dist, vercel] : [dist]) {
    const parent = path.dirname(at);
    const base = path.basename(at);
    // This layout's `<at>.old-<pid>` and `<at>.link-<pid>`; the earlier one's `.dist-build-<pid>`,
    // `.dist-old-<pid>`, `output.build-<pid>`, `output.build-<pid>-old`, `output.tmp-<pid>`.
    const leftover = new RegExp(`^(?:\\.${base}-(?:build|old)-(\\d+)|${base}\\.(?:old|link|build|tmp)-(\\d+)(?:-old)?)$`);
    for (const name of await readdir(parent).catch(() => [] as string[])) {
      const m = leftover.exec(name);
      if (!m || isAlive(Number(m[1] ?? m[2]))) continue;
      const abs = path.join(parent, name);
      const missing = !(await lstat(at).catch(() => undefined));
      if (missing && (name.startsWith(`.${base}-old-`) || name.startsWith(`${base}.old-`))) await rename(abs, at);
      else await rm(abs, { recursive: true, force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try { process.kill(pid, 0); } catch { return false; }
  try {
    // A killed process nobody has reaped yet still answers kill(0); /proc says it is a zombie.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}
