// The build stage: validate the catalog, then write a new snapshot next to dist/ (and, when asked,
// the Vercel output made from it next to .vercel/output), and swap them in by rename together. A
// build that fails validation, throws (an edge bundle over its limit), or is killed leaves the last
// good dist/ and .vercel/output as they were, holding the same snapshot.
import { readFileSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
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
  const parent = path.dirname(path.resolve(distDir));
  const base = path.basename(distDir);
  await recoverInterruptedSwap(parent, base);
  const temp = path.join(parent, `.${base}-build-${process.pid}`);
  const vercelTemp = options.vercelDir && `${path.resolve(options.vercelDir)}.build-${process.pid}`;
  await rm(temp, { recursive: true, force: true });
  try {
    const summary = await writeSnapshot(data, temp);
    const edge = vercelTemp ? await writeVercelOutput(temp, vercelTemp, options.edgeLimit ?? EDGE_LIMIT_BYTES) : undefined;
    await swapIn(temp, distDir, path.join(parent, `.${base}-old-${process.pid}`));
    if (vercelTemp) await swapIn(vercelTemp, options.vercelDir!, `${vercelTemp}-old`);
    return { ok: true, summary, ...(edge && { edge }), ms: performance.now() - started };
  } finally {
    await rm(temp, { recursive: true, force: true });
    if (vercelTemp) await rm(vercelTemp, { recursive: true, force: true });
  }
}

/** Replaces `target` with `built` by rename (the previous one moved aside first, then removed). */
async function swapIn(built: string, target: string, old: string): Promise<void> {
  const hadPrevious = await exists(target);
  if (hadPrevious) await rename(target, old);
  await rename(built, target);
  if (hadPrevious) await rm(old, { recursive: true, force: true });
}

/**
 * Between the two renames of a swap there is a moment with no dist/. If a build was killed
 * exactly then, put the previous snapshot back; also clear temp folders of dead builds.
 */
async function recoverInterruptedSwap(parent: string, base: string): Promise<void> {
  const names = await readdir(parent);
  const dist = path.join(parent, base);
  for (const name of names) {
    const m = new RegExp(`^\\.${base}-(build|old)-(\\d+)$`).exec(name);
    if (!m || isAlive(Number(m[2]))) continue;
    const abs = path.join(parent, name);
    if (m[1] === 'old' && !(await exists(dist))) await rename(abs, dist);
    else await rm(abs, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try { process.kill(pid, 0); } catch { return false; }
  try {
    // A killed process nobody has reaped yet still answers kill(0); /proc says it is a zombie.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

async function exists(p: string): Promise<boolean> {
  try { await stat(p); return true; } catch { return false; }
}
