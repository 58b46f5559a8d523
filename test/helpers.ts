// Shared by the tests: temporary copies of the fixture catalog to break in specific ways.
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURE_CATALOG = path.join(ROOT, 'test/fixtures/catalog');

/** The temporary folders made for the running test file, removed after it (test/temp-cleanup.ts). */
const made: string[] = [];

export async function tempDir(prefix = 'catalog-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder tempDir made so far (a built snapshot makes each about 6 MB). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map(removeDir));
}

/** A fresh copy of the fixture catalog in a temp folder; returns the catalog folder. */
export async function fixtureCopy(): Promise<string> {
  const dir = await tempDir();
  const catalog = path.join(dir, 'catalog');
  await cp(FIXTURE_CATALOG, catalog, { recursive: true });
  return catalog;
}

export async function editJson(file: string, edit: (data: Record<string, unknown>) => void): Promise<void> {
  const data = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  edit(data);
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
}

/** A file of a catalog (e.g. `tools/murf.json`) and its edit: a change to its JSON, or its whole new text. */
export type Edits = Record<string, ((data: Record<string, unknown>) => void) | string | Buffer>;

export async function editCatalog(catalog: string, edits: Edits): Promise<void> {
  for (const [file, edit] of Object.entries(edits)) {
    const at = path.join(catalog, file);
    if (typeof edit === 'function') await editJson(at, edit);
    else await writeFile(at, edit);
  }
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Waits until every process of the group is gone or a zombie (the builder runs under tsx's child). */
export async function waitForGroupExit(pgid: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const live = (await readdir('/proc')).filter((n) => /^\d+$/.test(n)).some((pid) => {
      try {
        const m = /\) (\S) \d+ (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        return m !== null && Number(m[2]) === pgid && m[1] !== 'Z';
      } catch { return false; }
    });
    if (!live) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}
