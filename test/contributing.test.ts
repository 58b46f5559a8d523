// CONTRIBUTING.md runs as written: each command it shows is run here as written, on a scratch copy
// of the catalog (the real one where the example names its tools), and every output and validator
// message it quotes is compared with the real one. The commands run in this process, so the
// whole file takes a few seconds.
import { readFileSync } from 'node:fs';
import { cp, mkdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateCatalog } from '../build/build.ts';
import { catalogDiff } from '../build/cli/catalog-diff.ts';
import { format } from '../build/cli/format.ts';
import type { Command } from '../build/cli/io.ts';
import { newTool } from '../build/cli/new-tool.ts';
import { renameToolCommand } from '../build/cli/rename-tool.ts';
import { validate } from '../build/cli/validate.ts';
import { formatProblem } from '../build/report.ts';
import { runCommand, type CommandOutput } from './curator-command.ts';
import { editCatalog, editJson, fixtureCopy, FIXTURE_CATALOG, removeDir, ROOT, tempDir, type Edits } from './helpers.ts';

const COMMANDS: Record<string, Command> = { 'new-tool': newTool, validate, format, 'rename-tool': renameToolCommand, 'catalog-diff': catalogDiff };
/** The day the quoted date checks ran on. */
const TODAY = '2026-11-25';

let doc: string;
let cwd: string;
let scratch: string[] = [];
const ran = new Set<string>();
beforeAll(async () => { doc = await readFile(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8'); cwd = process.cwd(); });
afterEach(async () => { process.chdir(cwd); await Promise.all(scratch.map(removeDir)); scratch = []; });

/** The `npm run` lines of the doc's ```sh blocks, without their comments. */
function shownCommands(): string[] {
  return [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n')).map((l) => l.replace(/\s+#.*$/, '').trim()).filter((l) => l.startsWith('npm run '));
}

/** Runs a command the doc shows, as written: its output, or a rejection carrying it. */
async function runShown(line: string): Promise<CommandOutput> {
  expect(shownCommands(), 'CONTRIBUTING.md shows it').toContain(line);
  ran.add(line);
  const [, , script, ...rest] = [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
  return runCommand(COMMANDS[script!]!, ...rest.slice(rest[0] === '--' ? 1 : 0));
}

/** The text of the ```text block that follows the line showing `command`. */
function outputAfter(command: string): string {
  const at = doc.indexOf(`\n${command}`);
  const start = doc.indexOf('```text\n', at) + '```text\n'.length;
  return doc.slice(start, doc.indexOf('```', start));
}

/** A scratch folder with a copy of `catalog` as work/catalog, and main/ beside it naming this checkout; work/ becomes the working directory. */
async function workIn(catalog: string): Promise<void> {
  const root = await tempDir('contributing-');
  scratch.push(root);
  await mkdir(path.join(root, 'work'));
  await cp(catalog, path.join(root, 'work/catalog'), { recursive: true });
  await symlink(ROOT, path.join(root, 'main'));
  process.chdir(path.join(root, 'work'));
}

describe('CONTRIBUTING.md: the commands it shows', () => {
  it('adds a tool as "Add a tool" shows: the scaffold, the problems validate prints until it says "Catalog OK", then format', async () => {
    await workIn(FIXTURE_CATALOG);
    expect((await runShown('npm run new-tool -- "Acme Voice"')).stdout).toMatch(/^Wrote catalog\/tools\/acme-voice\.json\. Fill in/);
    const refused = await runShown('npm run validate').then(() => ({ stderr: 'no problems' }), (e: CommandOutput) => e);
    expect(refused.stderr).toBe(outputAfter('npm run validate'));
    await editJson('catalog/tools/acme-voice.json', (d) => Object.assign(d, {
      tagline: 'Reads text aloud in voices made for teaching', description: 'Acme Voice turns lesson notes into spoken audio in a choice of calm synthetic voices, for teachers who record lessons.',
      url: 'https://acme-voice.test/', maker: 'Acme Voice Ltd', categories: ['text-to-speech'], tags: ['read-aloud'], pricing: 'paid', open_source: false, platforms: ['web'],
      sources: ['https://acme-voice.test/pricing'], verified_at: d.added_at,
    }));
    expect((await runShown('npm run validate')).stdout).toMatch(/^Catalog OK/);
    await runShown('npm run format');
    expect((await runShown('npm run validate')).stdout).toMatch(/^Catalog OK/);
  });

  it('renames a tool as "Rename a tool" shows, the catalog validates right after, and catalog-diff shows the rename', async () => {
    await workIn(path.join(ROOT, 'catalog'));
    expect((await runShown('npm run rename-tool -- kiro kiro-ide')).stdout).toBe(outputAfter('npm run rename-tool -- kiro kiro-ide'));
    expect((await runShown('npm run validate')).stdout).toMatch(/^Catalog OK/);
    const diff = 'npm run catalog-diff -- ../main/catalog catalog';
    expect((await runShown(diff)).stdout.startsWith(outputAfter(diff))).toBe(true);
  });

  it('runs every command the page shows', () => {
    expect(shownCommands().filter((line) => !ran.has(line))).toEqual([]);
  });
});

const murf = (edit: (d: Record<string, unknown>) => void): Edits => ({ 'tools/murf.json': edit });

/** Edits of the test catalog, each making the validator print a message the page quotes. */
const MISTAKES: Edits[] = [
  { 'tools/murf.json': '{\n  "slug": "murf",\n  "name": "Murf",\n}\n' },
  { 'tools/otter-ai.json': Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  murf((d) => { delete d.maker; }),
  murf((d) => { d.open_source = 'yes'; }),
  murf((d) => { d.pricing = 'cheap'; }),
  murf((d) => { d.website = 'x'; }),
  { 'tools/otter-ai.json': (d) => { d.url = 'http://otter.ai/'; } },
  { 'tools/elevenlabs.json': (d) => { d.tags = ['Text To Speech']; } },
  { 'tools/elevenlabs.json': (d) => { d.added_at = '2026-02-30'; } },
  { 'retired/playht.json': (d) => { d.alternatives = []; } },
  { 'tools/murf-studio.json': readFileSync(path.join(FIXTURE_CATALOG, 'tools/murf.json'), 'utf8') },
  murf((d) => { d.former_slugs = ['midjourney']; }),
  { 'retired/old-diffusion.json': (d) => { d.successor = 'stabel-diffusion'; d.alternatives = ['playht']; } },
  { 'retired/playht.json': (d) => { d.alternatives = ['eleven-labs']; } },
  { 'tools/midjourney.json': (d) => { d.categories = ['image-generation', 'imag-gen']; } },
  { 'tools/remove-bg.json': (d) => { d.categories = ['image-generation']; } },
  murf((d) => { d.url = 'https://murf.ai/?utm_source=newsletter&ref=abc'; }),
  murf((d) => { d.tagline = 'TODO write a tagline here'; }),
  { 'tools/otter-ai.json': (d) => { d.added_at = '2026-05-01'; d.updated_at = '2026-04-01'; } },
  murf((d) => { d.verified_at = '2099-01-01'; }),
  murf((d) => { d.added_at = TODAY; d.updated_at = TODAY; delete d.sources; delete d.verified_at; }),
  murf((d) => { d.sources = ['https://www.g2.com/products/murf/reviews']; }),
  murf((d) => { d.sources = ['http://murf.ai/pricing']; }),
  murf((d) => { d.sources = ['https://murf.ai/pricing?utm_source=newsletter&plan=pro&ref=abc']; }),
  murf((d) => { d.sources = ['https://uat4.www.murf.ai/pricing', 'https://murf.ai/pricing']; }),
  murf((d) => { d.sources = ['https://murf.ai/pricing', 'https://raw.githubusercontent.com/api-evangelist/murf/refs/heads/main/plans/murf-plans-pricing.yml']; }),
  murf((d) => { d.sources = ['https://murf.ai/pricing', 'https://www.murf.ai/pricing/']; }),
];
describe('CONTRIBUTING.md: the validator messages it quotes', () => {
  it('quotes for each rule and each refused source a message the validator prints', async () => {
    const real = new Set<string>();
    for (const edits of MISTAKES) {
      const catalog = await fixtureCopy();
      scratch.push(path.dirname(catalog));
      await editCatalog(catalog, edits);
      for (const p of (await validateCatalog(catalog, 'catalog', TODAY)).problems) real.add(formatProblem(p));
    }
    // A table cell quoting a message: `...`, or ``...`` when the message holds a backtick.
    const quoted = [...doc.matchAll(/\| (``?)(catalog\/.+?)\1 \|/g)].map((m) => m[2]!).filter((q) => q.includes(' ')); // a message, not a folder of the table of folders
    expect(quoted.length).toBeGreaterThanOrEqual(28);
    const printed = (q: string) => (q.endsWith('...') ? [...real].some((r) => r.startsWith(q.slice(0, -3))) : real.has(q));
    expect(quoted.filter((q) => !printed(q)), [...real].join('\n')).toEqual([]);
  });
});
