// npm run bench:build: wall time of building the real catalog (median of 5 runs, each a fresh
// process as a curator runs it), then a synthetic 100,000-tool catalog: wall time and peak memory.
// Targets: real catalog under 2 s wall; 100k tools under 60 s with peak RSS under 2 GB.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSyntheticCatalog } from './synthetic.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const work = mkdtempSync(path.join(tmpdir(), 'bench-build-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function timedBuild(catalog: string, out: string): { wallMs: number; ms: number; maxRssMb: number; summary: { files: number; bytes: number; bodies: number } } {
  const started = performance.now();
  const run = spawnSync(TSX, [path.join(ROOT, 'bench/build-once.ts'), catalog, out], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const wallMs = performance.now() - started;
  if (run.status !== 0) throw new Error(`build failed: ${run.stderr}`);
  return { wallMs, ...JSON.parse(run.stdout.trim().split('\n').pop()!) };
}

try {
  const runs = Array.from({ length: 5 }, () => timedBuild(path.join(ROOT, 'catalog'), path.join(work, 'dist-real')));
  const r = runs[runs.length - 1]!;
  console.log(`real catalog: wall median ${median(runs.map((x) => x.wallMs)).toFixed(0)} ms over 5 runs (build itself ${median(runs.map((x) => x.ms)).toFixed(0)} ms, rest is process start), peak RSS ${median(runs.map((x) => x.maxRssMb)).toFixed(0)} MB, ${r.summary.bodies} bodies, ${r.summary.files} files, ${(r.summary.bytes / 1e6).toFixed(1)} MB`);

  const size = Number(process.env.BENCH_TOOLS ?? 100_000);
  const synthetic = path.join(work, 'synthetic');
  const genStarted = performance.now();
  await writeSyntheticCatalog(synthetic, size);
  console.log(`synthetic catalog: ${size} tools written in ${((performance.now() - genStarted) / 1000).toFixed(1)} s`);
  const big = timedBuild(synthetic, path.join(work, 'dist-synthetic'));
  console.log(`synthetic ${size}-tool catalog: wall ${(big.wallMs / 1000).toFixed(1)} s, peak RSS ${big.maxRssMb.toFixed(0)} MB, ${big.summary.bodies} bodies, ${big.summary.files} files, ${(big.summary.bytes / 1e6).toFixed(0)} MB`);
  console.log(`targets: real < 2000 ms wall: ${median(runs.map((x) => x.wallMs)) < 2000 ? 'met' : 'MISSED'}; ${size} tools < 60 s: ${big.wallMs < 60_000 ? 'met' : 'MISSED'}; peak < 2048 MB: ${big.maxRssMb < 2048 ? 'met' : 'MISSED'}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
