// What curators and the publish flow rely on: the pull-request summary of catalog changes, the
// workflows (every npm script they call exists, actions pinned), the new-tool scaffold, and the
// hint when formatting is the only problem.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { catalogDiff } from '../build/cli/catalog-diff.ts';
import { checkUpdated } from '../build/cli/check-updated.ts';
import { format } from '../build/cli/format.ts';
import type { Command } from '../build/cli/io.ts';
import { newTool } from '../build/cli/new-tool.ts';
import { renameToolCommand } from '../build/cli/rename-tool.ts';
import { validate } from '../build/cli/validate.ts';
import { runCommand } from './curator-command.ts';
import { editJson, fixtureCopy, removeDir, ROOT } from './helpers.ts';

const COMMANDS: Record<string, Command> = {
  'catalog-diff.ts': catalogDiff, 'check-updated.ts': checkUpdated, 'format.ts': format, 'new-tool.ts': newTool, 'rename-tool.ts': renameToolCommand, 'validate.ts': validate,
};
const cli = (script: string, ...args: string[]) => runCommand(COMMANDS[script]!, ...args);

let dirs: string[] = [];
afterEach(async () => { await Promise.all(dirs.map(removeDir)); dirs = []; });
async function catalogCopy(): Promise<string> {
  const catalog = await fixtureCopy();
  dirs.push(path.dirname(catalog));
  return catalog;
}

describe('catalog diff (pull-request summary)', () => {
  it('lists tools, categories and retired records added, removed and changed, with the fields, and the totals', async () => {
    const base = await catalogCopy();
    const head = await catalogCopy();
    await rm(path.join(head, 'tools/otter-ai.json'));
    await editJson(path.join(head, 'tools/murf.json'), (d) => { d.pricing = 'paid'; d.tags = ['voiceover']; });
    await editJson(path.join(head, 'categories/meeting-notes.json'), (d) => { d.description = 'Assistants that record, transcribe and summarize meetings, with action items.'; });
    const sd = JSON.parse(await readFile(path.join(head, 'tools/stable-diffusion.json'), 'utf8'));
    await writeFile(path.join(head, 'tools/sdxl.json'), JSON.stringify({ ...sd, slug: 'sdxl', name: 'SDXL', url: 'https://sdxl.test/' }));
    const { stdout } = await cli('catalog-diff.ts', base, head);
    expect(stdout).toBe([
      '## Catalog changes', '',
      '### Tools', '',
      '- Added (1): `sdxl`',
      '- Removed (1): `otter-ai`',
      '- Changed (1):',
      '  - `murf`: tags, pricing ("freemium" → "paid")',
      '',
      '### Categories', '',
      '- Changed (1):',
      '  - `meeting-notes`: description',
      '',
      '**Totals:** 6 tools (±0), 5 categories (±0), 2 retired tools (±0).', '',
    ].join('\n'));
  });

  it('shows a rename as a rename and a retirement as a retirement, not as an add and a remove', async () => {
    const base = await catalogCopy();
    const head = await catalogCopy();
    const murf = JSON.parse(await readFile(path.join(head, 'tools/murf.json'), 'utf8'));
    await rm(path.join(head, 'tools/murf.json'));
    await writeFile(path.join(head, 'tools/murf-ai.json'), JSON.stringify({ ...murf, slug: 'murf-ai', former_slugs: ['murf'], name: 'Murf AI' }));
    const otter = JSON.parse(await readFile(path.join(head, 'tools/otter-ai.json'), 'utf8'));
    await rm(path.join(head, 'tools/otter-ai.json'));
    await writeFile(path.join(head, 'retired/otter-ai.json'), JSON.stringify({ slug: 'otter-ai', name: otter.name, retired_at: '2026-11-01', reason: 'Its maker shut it down', successor: null, alternatives: ['elevenlabs'], sources: ['https://otter.ai/blog'], verified_at: '2026-11-01' }));
    const { stdout } = await cli('catalog-diff.ts', base, head);
    expect(stdout).toContain('- Renamed (1): `murf` → `murf-ai`');
    expect(stdout).toContain('  - `murf-ai`: name');
    expect(stdout).toContain('- Retired (1): `otter-ai` (on 2026-11-01)');
    expect(stdout).not.toMatch(/Added|Removed/);
  });

  it('lists the sources a changed tool added and removed', async () => {
    const base = await catalogCopy();
    const head = await catalogCopy();
    await editJson(path.join(head, 'tools/midjourney.json'), (d) => { d.sources = ['https://docs.midjourney.com/hc/en-us/articles/27870484040333-Comparing-Midjourney-Plans', 'https://livingwithai.org/midjourney']; });
    const { stdout } = await cli('catalog-diff.ts', base, head);
    expect(stdout).toContain([
      '  - `midjourney`: sources',
      '    - source added: https://docs.midjourney.com/hc/en-us/articles/27870484040333-Comparing-Midjourney-Plans',
      '    - source removed: https://docs.dodopayments.com/developer-resources/billing-deconstructions/midjourney',
    ].join('\n'));
  });

  it('says so when no catalog file changed', async () => {
    const base = await catalogCopy();
    const { stdout } = await cli('catalog-diff.ts', base, base);
    expect(stdout).toContain('No catalog files changed.');
  });
});

describe('GitHub workflows', () => {
  it('call only npm scripts that exist, pin every action to an exact version, and publish with the Vercel secrets', async () => {
    const scripts = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    const dir = path.join(ROOT, '.github/workflows');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.yml'));
    expect(files.sort()).toEqual(['links.yml', 'publish.yml', 'pull-request.yml']);
    let publish = '';
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      const workflow = parse(text) as { permissions?: unknown; jobs: Record<string, { permissions?: Record<string, string>; steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }> };
      expect(workflow.permissions, `${file}: permissions are set per job`).toBeUndefined();
      for (const [name, job] of Object.entries(workflow.jobs)) {
        expect(job.permissions, `${file}: ${name}`).toEqual({ contents: 'read' });
        for (const step of job.steps) {
          if (step.uses) expect(step.uses, file).toMatch(/@[0-9a-f]{40}$/);
          if (step.with?.['node-version'] !== undefined) expect(step.with['node-version'], file).toBe(24);
          for (const m of (step.run ?? '').matchAll(/npm run (?:-s )?([\w:-]+)/g)) expect(scripts, `${file}: npm run ${m[1]}`).toHaveProperty(m[1]!);
          if (/npm test\b/.test(step.run ?? '')) expect(scripts).toHaveProperty('test');
        }
      }
      if (file === 'publish.yml') publish = text;
    }
    expect(publish).toMatch(/vercel@\d+\.\d+\.\d+ deploy --prebuilt --prod/);
    // Each pinned action says which release its commit is, for the reader and for updates.
    for (const file of files) expect(await readFile(path.join(dir, file), 'utf8'), file).not.toMatch(/uses: [^\n#]+@[0-9a-f]{40}\s*\n/);
    for (const secret of ['VERCEL_TOKEN', 'VERCEL_ORG_ID', 'VERCEL_PROJECT_ID']) expect(publish).toContain(`secrets.${secret}`);
    expect(publish).toContain('Publish skipped');
  });
});

describe('new-tool scaffold', () => {
  it('writes a file the validator refuses until its placeholders are filled in, then accepts', async () => {
    const catalog = await catalogCopy();
    const { stdout } = await cli('new-tool.ts', '--catalog', catalog, 'Café Voice 2');
    expect(stdout).toContain(`Wrote ${path.join(catalog, 'tools/cafe-voice-2.json')}`);
    const file = path.join(catalog, 'tools/cafe-voice-2.json');
    const scaffold = JSON.parse(await readFile(file, 'utf8'));
    expect(scaffold).toMatchObject({ $schema: '../schema/tool.schema.json', slug: 'cafe-voice-2', name: 'Café Voice 2', added_at: new Date().toISOString().slice(0, 10) });
    const refused = await cli('validate.ts', '--catalog', catalog).then(() => '', (e: { stderr: string }) => e.stderr);
    for (const field of ['tagline', 'description', 'url', 'maker', 'tags', 'categories', 'pricing', 'open_source', 'platforms', 'sources', 'verified_at']) expect(refused, field).toMatch(new RegExp(`cafe-voice-2\\.json(:\\d+)? ${field} - `));
    expect(scaffold).toMatchObject({ pricing: '', open_source: null, platforms: [], url: '' });
    await editJson(file, (d) => {
      Object.assign(d, {
        tagline: 'Reads café menus aloud in a warm synthetic voice',
        description: 'Café Voice 2 turns a photo of a printed menu into spoken audio, so that people who cannot read the small print hear the dishes and prices.',
        url: 'https://cafe-voice.test/', maker: 'Café Voice Ltd', categories: ['text-to-speech'], tags: ['read-aloud'],
        pricing: 'paid', open_source: false, platforms: ['web'],
        sources: ['https://cafe-voice.test/pricing'], verified_at: new Date().toISOString().slice(0, 10),
      });
    });
    const { stdout: ok } = await cli('validate.ts', '--catalog', catalog);
    expect(ok).toContain('Catalog OK: 7 tools');
    await expect(cli('new-tool.ts', '--catalog', catalog, 'Cafe Voice 2')).rejects.toMatchObject({ stderr: expect.stringContaining('already exists') });
  });

  it('refuses a retired slug and a former slug, saying why', async () => {
    const catalog = await catalogCopy();
    await expect(cli('new-tool.ts', '--catalog', catalog, 'PlayHT')).rejects.toMatchObject({ stderr: expect.stringMatching(/The slug 'playht' belongs to PlayHT, retired on \d{4}-\d{2}-\d{2} .*slugs are never reused/) });
    await expect(cli('new-tool.ts', '--catalog', catalog, 'Eleven Labs')).rejects.toMatchObject({ stderr: expect.stringContaining("The slug 'eleven-labs' is a former slug of 'elevenlabs' (it answers 301 to that tool)") });
  });
});

describe('check-updated (pull-request check)', () => {
  it('names each changed tool whose updated_at was not raised, with the line to write, and passes once it is', async () => {
    const base = await catalogCopy();
    const head = await catalogCopy();
    await editJson(path.join(head, 'tools/murf.json'), (d) => { d.pricing = 'paid'; });
    await editJson(path.join(head, 'tools/otter-ai.json'), (d) => { d.tagline = 'Meeting notes and transcripts, written while you talk'; d.updated_at = '2026-06-01'; });
    const failed = await cli('check-updated.ts', base, head).then(() => '', (e: { stderr: string }) => e.stderr);
    const today = new Date().toISOString().slice(0, 10);
    expect(failed).toContain(`murf.json updated_at - this pull request changes pricing, so updated_at must be raised: write "updated_at": "${today}"`);
    expect(failed).not.toContain('otter-ai.json');
    await editJson(path.join(head, 'tools/murf.json'), (d) => { d.updated_at = today; });
    expect((await cli('check-updated.ts', base, head)).stdout).toContain('Every changed tool has a raised updated_at.');
  });

  it('asks for no new updated_at when only what the API never shows changed (aliases, prominence)', async () => {
    const base = await catalogCopy();
    const head = await catalogCopy();
    await editJson(path.join(head, 'tools/murf.json'), (d) => { d.aliases = ['murf studio']; d.prominence = 1; });
    expect((await cli('check-updated.ts', base, head)).stdout).toContain('Every changed tool has a raised updated_at.');
  });

  it('accepts a second change on the day of the last one, whose updated_at is already today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const base = await catalogCopy();
    await editJson(path.join(base, 'tools/murf.json'), (d) => { d.updated_at = today; });
    const head = await catalogCopy();
    await editJson(path.join(head, 'tools/murf.json'), (d) => { d.updated_at = today; d.launched = 2019; });
    expect((await cli('check-updated.ts', base, head)).stdout).toContain('Every changed tool has a raised updated_at.');
  });
});

describe('rename-tool', () => {
  it('moves the file, keeps the old slug answering, and updates every record that names the tool', async () => {
    const catalog = await catalogCopy();
    const { stdout } = await cli('rename-tool.ts', '--catalog', catalog, 'murf', 'murf-ai');
    expect(stdout).toContain("Renamed 'murf' to 'murf-ai'");
    const renamed = JSON.parse(await readFile(path.join(catalog, 'tools/murf-ai.json'), 'utf8'));
    expect(renamed).toMatchObject({ slug: 'murf-ai', former_slugs: ['murf'], updated_at: new Date().toISOString().slice(0, 10) });
    await expect(readFile(path.join(catalog, 'tools/murf.json'))).rejects.toThrow();
    expect(JSON.parse(await readFile(path.join(catalog, 'retired/playht.json'), 'utf8')).alternatives).toEqual(['elevenlabs', 'murf-ai']);
    expect((await cli('validate.ts', '--catalog', catalog)).stdout).toContain('Catalog OK');
  });

  it('renames a live tool\'s successor too, so the catalog validates right after', async () => {
    const catalog = await catalogCopy();
    await editJson(path.join(catalog, 'tools/otter-ai.json'), (d) => { d.sunset_at = '2099-01-31'; d.successor = 'murf'; });
    await cli('format.ts', '--catalog', catalog);
    const { stdout } = await cli('rename-tool.ts', '--catalog', catalog, 'murf', 'murf-ai');
    expect(stdout).toContain(path.join(catalog, 'tools/otter-ai.json'));
    expect(JSON.parse(await readFile(path.join(catalog, 'tools/otter-ai.json'), 'utf8'))).toMatchObject({ successor: 'murf-ai', updated_at: new Date().toISOString().slice(0, 10) });
    expect((await cli('validate.ts', '--catalog', catalog)).stdout).toContain('Catalog OK');
  });

  it('refuses a slug that is taken, retired or another tool\'s former slug, and an unknown tool, saying why', async () => {
    const catalog = await catalogCopy();
    const refused = (from: string, to: string) => cli('rename-tool.ts', '--catalog', catalog, from, to).then(() => '', (e: { stderr: string }) => e.stderr);
    expect(await refused('murf', 'elevenlabs')).toContain("'elevenlabs' is already a tool");
    expect(await refused('murf', 'playht')).toContain("'playht' belongs to a retired tool");
    expect(await refused('murf', 'eleven-labs')).toContain("'eleven-labs' is a former slug of 'elevenlabs'");
    expect(await refused('nope', 'nope-2')).toContain("No tool 'nope'");
    expect(await refused('murf', 'Murf AI')).toContain("'Murf AI' is not a slug");
  });
});

describe('validator summary', () => {
  it('says to run npm run format when formatting is the only problem', async () => {
    const catalog = await catalogCopy();
    const file = path.join(catalog, 'tools/murf.json');
    await writeFile(file, JSON.stringify(JSON.parse(await readFile(file, 'utf8'))));
    const stderr = await cli('validate.ts', '--catalog', catalog).then(() => '', (e: { stderr: string }) => e.stderr);
    expect(stderr).toContain('Formatting is the only problem: run `npm run format`');
    await editJson(file, (d) => { d.pricing = 'cheap'; });
    const both = await cli('validate.ts', '--catalog', catalog).then(() => '', (e: { stderr: string }) => e.stderr);
    expect(both).not.toContain('Formatting is the only problem');
  });

  it('ends an accepted run with how many tools carry sources, naming those that do not, and how many have a launch year', async () => {
    const catalog = await catalogCopy();
    const files = (await readdir(path.join(catalog, 'tools'))).map((f) => path.join(catalog, 'tools', f));
    const years = (await Promise.all(files.map(async (f) => JSON.parse(await readFile(f, 'utf8')).launched))).filter((y) => y !== null).length;
    const n = files.length;
    expect((await cli('validate.ts', '--catalog', catalog)).stdout).toContain(`Sources: ${n} of ${n} tools. Launch year: ${years} of ${n}.`);
    await editJson(path.join(catalog, 'tools/murf.json'), (d) => { delete d.sources; delete d.verified_at; d.launched = null; });
    await editJson(path.join(catalog, 'sources.json'), (d) => { d.max_tools_without_maker_source = 2; });
    expect((await cli('validate.ts', '--catalog', catalog)).stdout).toContain(`Sources: ${n - 1} of ${n} tools (not yet: murf). Launch year: ${years - 1} of ${n}.`);
  });

  it('warns with the count and names of tools with no page of their maker, asks to lower the ceiling when it fell, and names the oldest checks', async () => {
    const catalog = await catalogCopy();
    const first = (await cli('validate.ts', '--catalog', catalog)).stdout;
    expect(first).toContain("Warning: 1 of 6 tools have no source on their maker's own web presence (site, docs, repository, store listing): midjourney.");
    expect(first).not.toContain('lower max_tools_without_maker_source');
    await editJson(path.join(catalog, 'tools/midjourney.json'), (d) => { d.sources = ['https://docs.midjourney.com/hc/en-us/articles/27870484040333-Comparing-Midjourney-Plans']; d.verified_at = '2026-01-05'; });
    const after = (await cli('validate.ts', '--catalog', catalog)).stdout;
    expect(after).not.toContain('Warning:');
    expect(after).toContain(`The count went down: lower max_tools_without_maker_source in ${path.relative(ROOT, path.join(catalog, 'sources.json'))} from 1 to 0, so it cannot rise again.`);
    expect(after).toMatch(/Re-check next \(oldest verified_at\): midjourney \(2026-01-05\), /);
  });
});
