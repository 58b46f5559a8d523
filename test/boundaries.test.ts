// The house rules of DESIGN.md, checked: which folder may import which (its table), no import
// circle anywhere, and a neutral core that runs on any Web platform (no Node API, no Node types).
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';

const run = promisify(execFile);

/** DESIGN.md's table: the project folders and packages each folder may import (its own always). */
const ALLOWED: Record<string, { folders: string[]; packages: RegExp }> = {
  'gateway/core': { folders: ['snapshot'], packages: /^(zod|flexsearch|@modelcontextprotocol\/sdk\/(server|types)\b)/ },
  'gateway/node': { folders: ['gateway/core', 'gateway/upstash', 'snapshot'], packages: /^(node:|zod$|@modelcontextprotocol\/sdk\/server\b)/ },
  'gateway/vercel': { folders: ['gateway/core', 'gateway/upstash', 'snapshot'], packages: /^(@vercel\/functions|virtual:snapshot$)/ },
  'gateway/upstash': { folders: ['gateway/core'], packages: /^@upstash\// },
  'gateway/cli': { folders: ['gateway/core', 'gateway/node', 'gateway/upstash'], packages: /^node:/ },
  build: { folders: ['snapshot'], packages: /^(node:|zod|flexsearch|esbuild|tldts$|@scalar\/|stopwords-iso\/|an-array-of-english-words$)/ },
  snapshot: { folders: [], packages: /^(zod|flexsearch|@orama\/stemmers\/)/ },
};
const FOLDERS = Object.keys(ALLOWED);

const folderOf = (file: string) => FOLDERS.find((f) => file.startsWith(`${f}/`));

/** Every project file (relative to the root) and what it imports: project files resolved, packages as named. */
async function importGraph(): Promise<Map<string, { files: string[]; packages: string[] }>> {
  const graph = new Map<string, { files: string[]; packages: string[] }>();
  for (const folder of ['gateway', 'build', 'snapshot']) {
    for (const entry of await readdir(path.join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) continue;
      const file = path.relative(ROOT, path.join(entry.parentPath, entry.name));
      const text = await readFile(path.join(ROOT, file), 'utf8');
      const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"\n;]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
      const files = specifiers.filter((s) => s.startsWith('.')).map((s) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), s)));
      graph.set(file, { files, packages: specifiers.filter((s) => !s.startsWith('.')) });
    }
  }
  return graph;
}

describe('module boundaries', () => {
  it('imports across folders only as DESIGN.md\'s table allows (never core -> node/upstash/build, vercel -> node, build -> gateway)', async () => {
    const offenders: string[] = [];
    for (const [file, { files, packages }] of await importGraph()) {
      const from = folderOf(file);
      if (from === undefined) continue;
      for (const target of files) {
        const to = folderOf(target);
        if (to !== from && !ALLOWED[from]!.folders.includes(to ?? target)) offenders.push(`${file} -> ${target}`);
      }
      for (const name of packages) if (!ALLOWED[from]!.packages.test(name)) offenders.push(`${file} -> ${name}`);
    }
    expect(offenders).toEqual([]);
  });

  it('has no import circle', async () => {
    const graph = await importGraph();
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') { circles.push([...trail.slice(trail.indexOf(file)), file].join(' -> ')); return; }
      state.set(file, 'open');
      for (const next of graph.get(file)?.files ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(circles).toEqual([]);
  });

  it('bundles the core for the browser platform with no externals', async () => {
    const result = await build({
      entryPoints: [path.join(ROOT, 'gateway/core/gateway.ts')],
      bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]!.text).not.toMatch(/from\s*["']node:/);
  });

  it('typechecks the core without Node types', async () => {
    await expect(run(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.core.json'], { cwd: ROOT })).resolves.toBeDefined();
  }, 60_000);
});
