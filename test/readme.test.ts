// The README stands alone and tells the truth: its sample responses are checked against a gateway
// over the real catalog, its error table against the contract, its figures against the build, its
// first deploy against the variables the edge reads, and it links nowhere outside.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from '../build/build.ts';
import type { SnapshotSummary } from '../build/snapshot.ts';
import { EDGE_ENV } from '../build/vercel-output.ts';
import { createGateway, type Gateway } from '../gateway/core/gateway.ts';
import { memoryRateLimiter } from '../gateway/core/memory-rate-limiter.ts';
import { toResponse } from '../gateway/core/responses.ts';
import { loadSnapshot, type LoadedSnapshot } from '../gateway/node/load.ts';
import { ERROR_CODES } from '../snapshot/contract.ts';
import { PRO_KEY, TestKeyStore } from './gateway-harness.ts';
import { removeDir, ROOT, tempDir } from './helpers.ts';

let readme: string;
/** The README with every run of whitespace as one space, for sentences that wrap. */
let prose: string;
let gateway: Gateway;
let snapshot: LoadedSnapshot;
let summary: SnapshotSummary;
let searchIndex: Buffer;
beforeAll(async () => {
  readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  prose = readme.replace(/\s+/g, ' ');
  const dir = await tempDir('readme-test-');
  const built = await buildSnapshot(path.join(ROOT, 'catalog'), path.join(dir, 'dist'));
  if (!built.ok) throw new Error('the real catalog does not build');
  summary = built.summary;
  snapshot = await loadSnapshot(path.join(dir, 'dist'));
  searchIndex = await readFile(path.join(dir, 'dist', snapshot.view.manifest.files.search_index));
  const keys = new TestKeyStore();
  await keys.add(PRO_KEY, { status: 'active', id: 'key_readme', plan: 'pro' });
  const limiter = memoryRateLimiter(1_000_000);
  gateway = createGateway({ snapshot: snapshot.view, keys, limiterFor: () => limiter, log: () => {} });
  return () => removeDir(dir);
}, 60_000);

describe('README', () => {
  it('shows sample responses that the server returns (fields as shown, lists in order)', async () => {
    const samples = [...readme.matchAll(/```sh\n(?:.*\n)*?curl [^\n]*"http:\/\/127\.0\.0\.1:8787([^"]+)"\n```\n```json\n(.*)\n```/g)];
    expect(samples.length).toBeGreaterThanOrEqual(7);
    for (const [, target, shown] of samples) {
      const result = await gateway.handle({ method: 'GET', url: `http://127.0.0.1:8787${target}`, headers: new Headers({ 'X-API-Key': PRO_KEY }) });
      const body = await toResponse(result, 'GET', (key) => new Uint8Array(snapshot.bodies.get(key)!.identity)).json();
      expect(mismatch(body, JSON.parse(shown!)), target).toBeUndefined();
    }
  });

  it('lists every error code of the contract in its error table', () => {
    const rows = readme.split('\n').filter((line) => line.startsWith('| '));
    for (const code of ERROR_CODES) expect(rows.some((row) => row.includes(`\`${code}\``)), code).toBe(true);
  });

  it('stands alone: no links to files outside the repository', () => {
    expect(readme).not.toMatch(/\.\.\/shared|\]\(\.\.\//);
    expect(readme.split('\n').slice(0, 10).join('\n')).toContain('npm install && npm start');
    expect(readme.split('\n').slice(0, 10).join('\n')).toContain('npm test');
  });
});

describe('README figures, as the build makes them', () => {
  it('counts the tools, categories and groups the build makes, in the first paragraph and under The catalog', () => {
    const made = [summary.tools, summary.categories, snapshot.view.data.groups.length].map(String);
    expect(figures(/catalog of (\d+) real AI tools in (\d+) categories \((\d+) groups\)/), 'the first paragraph').toEqual(made);
    expect(figures(/## The catalog (\d+) tools in (\d+) categories under (\d+) groups/), 'The catalog').toEqual(made);
  });

  it('names the retired tools, the announced sunsets and the renamed tools the catalog holds', () => {
    const { tools, retired, moved } = snapshot.view.data;
    const nameOf = new Map(tools.map((t) => [t.slug, t.name]));
    const [retiredCount, retiredNames] = figures(/, (\d+) retired tools \(([^)]+)\)/);
    expect([Number(retiredCount), names(retiredNames!)], 'retired tools').toEqual([retired.length, retired.map((r) => r.name).sort()]);
    const sunsets = tools.filter((t) => t.sunset_at).map((t) => [t.name, t.sunset_at, ...(t.successor ? [`successor ${nameOf.get(t.successor)}`] : [])].join(', '));
    const [sunsetCount, sunsetText] = figures(/(\d+) announced sunsets \(([^)]+)\)/);
    expect([Number(sunsetCount), sunsetText!.split('; ').sort()], 'announced sunsets').toEqual([sunsets.length, sunsets.sort()]);
    const renamed = [...new Set(Object.values(moved.tools))].map((slug) => nameOf.get(slug)!);
    expect(names(figures(/the renames of (.+?)\. /)[0]!), 'renamed tools').toEqual(renamed.sort());
  });

  it('counts the tools whose sources were verified as the catalog has them', () => {
    const { tools } = snapshot.view.data;
    expect(figures(/`verified_at`: (\d+) of the (\d+) tools/)).toEqual([tools.filter((t) => t.verified_at).length, tools.length].map(String));
  });

  it('gives the size of the search index the build writes: megabytes to a tenth, gzipped kilobytes within 10%', () => {
    const [mb, kb] = figures(/exported search index \(([\d.]+) MB raw, (\d+) KB gzipped\)/).map(Number);
    expect(mb, 'MB raw').toBe(Number((searchIndex.byteLength / 1024 / 1024).toFixed(1)));
    const gzipKb = gzipSync(searchIndex).byteLength / 1024;
    expect(Math.abs(kb! - gzipKb) / gzipKb, `README says ${kb} KB gzipped; the build writes ${gzipKb.toFixed(0)} KB`).toBeLessThan(0.1);
  });
});

describe('README: Deploying', () => {
  it('walks a first deploy on Vercel in numbered steps: link, environment, build and deploy, first key, check', () => {
    const steps = numberedSteps(section('### A first deploy on Vercel'));
    const commands = [/npx vercel link/, /vercel env add/, /npm run build\n[\s\S]*vercel deploy --prebuilt --prod/, /npm run keys -- create/, /curl \S+\/healthz[\s\S]*curl \S+\/readyz[\s\S]*curl -i -H "X-API-Key: /];
    expect(steps).toHaveLength(commands.length);
    commands.forEach((command, i) => expect(steps[i], `step ${i + 1}`).toMatch(command));
  });

  it('names every variable the edge middleware reads and no other, each with what it does and its default', () => {
    const rows = section('### A first deploy on Vercel').split('\n').map((line) => line.trim()).filter((line) => /^\| `[A-Z_]+` \|/.test(line));
    expect(rows.map((row) => /`([A-Z_]+)`/.exec(row)![1]).sort()).toEqual([...EDGE_ENV].sort());
    for (const row of rows) expect(row.split('|').slice(2, 4).every((cell) => /\w{3}/.test(cell)), row).toBe(true);
  });

  it('shows the probes answering as the gateway answers them', async () => {
    for (const probe of ['/healthz', '/readyz']) {
      const shown = new RegExp(`curl \\S+${probe} +# 200 (\\{.*?\\})`).exec(section('### A first deploy on Vercel'))![1]!;
      const result = await gateway.handle({ method: 'GET', url: `https://api.example.test${probe}`, headers: new Headers() });
      expect(await toResponse(result, 'GET', () => new Uint8Array()).json(), probe).toEqual(JSON.parse(shown.replace('<id>', snapshot.view.id)));
    }
  });

  it('hands vercel deploy the plain folder that the publish workflow hands it', async () => {
    const workflow = await readFile(path.join(ROOT, '.github/workflows/publish.yml'), 'utf8');
    const copy = /^\s*(cp -RL \.vercel\/output .*)$/m.exec(workflow)![1]!;
    expect(section('### A first deploy on Vercel')).toContain(copy);
  });

  it('starts several Node instances on one Redis in numbered steps, naming what each needs', () => {
    const steps = numberedSteps(section('### Several Node instances with Redis'));
    expect(steps).toHaveLength(5);
    for (const needed of ['npm ci', 'UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'HOST=0.0.0.0', 'PUBLIC_BASE_URL', 'npm start', '/readyz', 'first key', 'curl']) {
      expect(steps.join('\n'), needed).toContain(needed);
    }
  });
});

/** What `pattern` captures in the README's prose; fails naming the pattern when no sentence matches it any more. */
function figures(pattern: RegExp): string[] {
  const match = pattern.exec(prose);
  if (!match) throw new Error(`README.md has no sentence matching ${pattern}: keep the sentence, or change this test with it`);
  return match.slice(1);
}

/** "A, B and C" as its names, sorted. */
function names(list: string): string[] {
  return list.split(/, | and /).sort();
}

/** The README from `heading` to the next heading of its level or above. */
function section(heading: string): string {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README.md has no section "${heading}"`);
  const level = heading.indexOf(' ');
  const rest = readme.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`^#{1,${level}} `, 'm'));
  return end < 0 ? rest : rest.slice(0, end);
}

/** The items of the first numbered list in `text`, numbered 1, 2, 3... in order. */
function numberedSteps(text: string): string[] {
  const items = text.split(/^(?=\d+\. )/m).filter((item) => /^\d+\. /.test(item));
  items.forEach((item, i) => expect(item.startsWith(`${i + 1}. `), item.slice(0, 40)).toBe(true));
  return items;
}

/** Where `shown` is not a part of `actual`: objects by their shown fields, arrays by their first elements, in order. */
function mismatch(actual: unknown, shown: unknown, at = '$'): string | undefined {
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual) || actual.length < shown.length) return `${at}: expected at least ${shown.length} items`;
    for (let i = 0; i < shown.length; i++) {
      const m = mismatch(actual[i], shown[i], `${at}[${i}]`);
      if (m) return m;
    }
    return undefined;
  }
  if (shown !== null && typeof shown === 'object') {
    if (actual === null || typeof actual !== 'object') return `${at}: expected an object`;
    for (const [k, v] of Object.entries(shown)) {
      const m = mismatch((actual as Record<string, unknown>)[k], v, `${at}.${k}`);
      if (m) return m;
    }
    return undefined;
  }
  return Object.is(actual, shown) ? undefined : `${at}: README shows ${JSON.stringify(shown)}, the server returns ${JSON.stringify(actual)}`;
}
