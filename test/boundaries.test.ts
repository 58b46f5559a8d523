// The house rules of DESIGN.md, checked: the neutral core runs on any Web platform (no Node API,
// no Node types), and the gateway never imports the builder.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';

const run = promisify(execFile);

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, dir), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => path.join(e.parentPath, e.name));
}

describe('module boundaries', () => {
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

  it('never imports Node code into the core, nor the builder into the gateway', async () => {
    const offenders: string[] = [];
    for (const file of await sources('gateway/core')) {
      if (/from ['"](node:|\.\.\/node\/|\.\.\/\.\.\/build\/)/.test(await readFile(file, 'utf8'))) offenders.push(file);
    }
    for (const file of await sources('gateway')) {
      if (/from ['"](\.\.\/)+build\//.test(await readFile(file, 'utf8'))) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
