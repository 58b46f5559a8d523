// Clients that work the first time: types and an SDK generated from the live GET /openapi.json by
// openapi-typescript and @hey-api/openapi-ts, small clients over them compiled with tsc --strict
// (the project's typescript, one program for all), then run over HTTP against the Node adapter;
// and the README's "Use it from TypeScript" as written, its 429 retry included.
import { copyFile, readFile, symlink, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient as generateSdk } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from '../gateway/node/server.ts';
import { createHarness, FREE_KEY, PRO_KEY, type Harness } from './gateway-harness.ts';
import { removeDir, ROOT, tempDir } from './helpers.ts';

const FIXTURES = path.join(ROOT, 'test/fixtures/typed-client');
const README_BASE = 'http://127.0.0.1:8787';

let h: Harness;
let server: http.Server;
let base: string;
let dir: string;
let problems: string[];
/** The server's access log: when each answer went out, and its line. */
const answered: { at: number; line: string }[] = [];
const MINUTE = 60_000;

beforeAll(async () => {
  h = await createHarness();
  const accessLog = (line: string) => {
    answered.push({ at: performance.now(), line });
    // The rate limiter's clock is the harness's: a 429 over HTTP moves it to the next window, as time would.
    if (/ 429 /.test(line)) h.clock.now = Math.ceil(h.clock.now / MINUTE) * MINUTE;
  };
  server = createServer({ gateway: h.gateway, bodies: h.snapshot.bodies, accessLog, errorLog: () => {} });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await tempDir('typed-client-');
  await writeClients(dir, await (await fetch(`${base}/openapi.json`)).json());
  problems = compile(dir, ['tour.ts', 'hey-api.ts', 'readme.ts']);
}, 60_000);
afterAll(async () => {
  server?.close();
  if (dir) await removeDir(dir);
});

/** The generated types and SDK, the fixture clients and the README's code, as a consumer's project holds them. */
async function writeClients(at: string, doc: object): Promise<void> {
  await symlink(path.join(ROOT, 'node_modules'), path.join(at, 'node_modules'));
  await writeFile(path.join(at, 'package.json'), '{"type": "module"}\n');
  const { command, code } = readmeCode(await readFile(path.join(ROOT, 'README.md'), 'utf8'));
  expect(command[1]).toBe(`${README_BASE}/openapi.json`);
  await writeFile(path.join(at, command[2]!), astToString(await openapiTS(doc as never)));
  await generateSdk({ input: doc as never, output: { path: path.join(at, 'hey'), importFileExtension: '.js' }, logs: { level: 'silent', file: false } });
  for (const file of ['tour.ts', 'hey-api.ts']) await copyFile(path.join(FIXTURES, file), path.join(at, file));
  await writeFile(path.join(at, 'readme.ts'), `${code.replaceAll(README_BASE, base)}\nexport { api };\n`);
}

/** The README section's generating command and its TypeScript block. */
function readmeCode(readme: string): { command: RegExpExecArray; code: string } {
  const section = readme.split('### Use it from TypeScript\n')[1]?.split('\n#')[0] ?? '';
  const command = /npx openapi-typescript (\S+) -o (\S+)/.exec(section);
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!command || !code) throw new Error('README has no "Use it from TypeScript" section with a command and a ts block');
  return { command, code };
}

/** Compiles the files as one strict program (nodenext, as a Node project would) and says what it refused. */
function compile(at: string, files: string[]): string[] {
  const program = ts.createProgram(files.map((f) => path.join(at, f)), {
    strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: ['node'], skipLibCheck: true, rootDir: at, outDir: path.join(at, 'out'),
  });
  const emitted = program.emit();
  return [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((d) => {
    const where = d.file && d.start !== undefined ? `${path.relative(at, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** What the compiler refused in the files whose path starts with `prefix`, and anything it refused without a file. */
const problemsOf = (prefix: string) => problems.filter((p) => p.startsWith(prefix) || !/^\S+:\d+: /.test(p));
const load = async (file: string) => import(pathToFileURL(path.join(dir, 'out', file)).href);

/** The answer's items to a request with several pricings written the way the API always took them (commas). */
async function withCommas(pathAndQuery: string, item: (t: any) => string): Promise<string[]> {
  const r = await h.request(pathAndQuery, { headers: { 'X-API-Key': PRO_KEY } });
  expect(r.status).toBe(200);
  return r.json.data.map(item);
}
const freeAndFreemium = () => withCommas('/api/v1/tools?pricing=free,freemium&per_page=100', (t) => `${t.slug} ${t.pricing}`);

describe('openapi-typescript + openapi-fetch', () => {
  it('compiles a client with tsc --strict: answers typed as whole items, the real paths, lists as arrays', () => {
    expect(problemsOf('tour')).toEqual([]);
  });

  it('runs against the server: get, fields as SparseTool, search, a 404, /healthz, several pricings paged through Link', async () => {
    const { tour } = await load('tour.js');
    const createClient = (await import('openapi-fetch')).default;
    const result = await tour(createClient({ baseUrl: base, headers: { 'X-API-Key': PRO_KEY } }));
    expect(result.name).toBe('ElevenLabs');
    expect(result.categories).toContain('text-to-speech');
    expect(result.sparse).toEqual({ slug: 'elevenlabs', name: 'ElevenLabs', url: expect.any(String) });
    expect(result.searched).toEqual(await withCommas('/api/v1/search?q=voice&limit=3&pricing=free,freemium', (r) => `${r.slug} true`));
    expect(result.searched.length).toBeGreaterThan(0);
    expect(result.missing).toEqual({ status: 404, code: 'NOT_FOUND', didYouMean: ['elevenlabs'] });
    expect(result.health).toBe('ok');
    expect(result.pages.map((p: string[]) => p.length)).toEqual([2, 2, 1]);
    expect(result.pages.flat()).toEqual(await freeAndFreemium());
  });
});

describe('@hey-api/openapi-ts', () => {
  it('generates an SDK that compiles with tsc --strict and calls the real URLs', async () => {
    expect(problemsOf('hey')).toEqual([]);
    const { heyTour } = await load('hey-api.js');
    const result = await heyTour(base, PRO_KEY);
    expect(result).toEqual({ name: 'ElevenLabs', listed: await freeAndFreemium(), health: 200 });
  });
});

describe('README: Use it from TypeScript', () => {
  it('runs as written, and its client waits out a 429 for the seconds Retry-After gives, then succeeds', async () => {
    expect(problemsOf('readme')).toEqual([]);
    const printed: unknown[][] = [];
    vi.spyOn(console, 'log').mockImplementation((...args) => { printed.push(args); });
    vi.stubEnv('CATALOG_API_KEY', FREE_KEY);
    const { api } = await load('readme.js').finally(() => { vi.restoreAllMocks(); vi.unstubAllEnvs(); });
    expect(printed[0]).toEqual(['ElevenLabs', 'freemium']);
    expect(printed[1]![0]).toEqual(['elevenlabs', 'murf', 'otter-ai', 'remove-bg', 'stable-diffusion']);

    // One second before the minute ends, the free key spends what is left of its 60.
    h.clock.now = Date.UTC(2026, 10, 22, 12, 0, 59);
    while ((await h.request('/api/v1/categories', { headers: { 'X-API-Key': FREE_KEY } })).status !== 429);
    const from = answered.length;
    const { data } = await api.GET('/api/v1/categories/{slug}', { params: { path: { slug: 'text-to-speech' } } });
    expect(data.data.name).toBe('Text to Speech');
    const [first, retry] = answered.slice(from);
    expect(first!.line).toMatch(/ 429 /);
    expect(retry!.line).toMatch(/ 200 /);
    expect(retry!.at - first!.at).toBeGreaterThan(900);
  });
});
