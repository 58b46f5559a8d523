// The validator as a whole: reading every file (JSON, encoding, size, schema) with messages a
// curator can act on, running every check in one go, and printing the problems grouped by the
// check that found them. What each check refuses is in test/checks/.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { validateCatalog } from '../build/build.ts';
import { CHECKS } from '../build/checks.ts';
import { format } from '../build/cli/format.ts';
import { formatProblem } from '../build/report.ts';
import { runCommand } from './curator-command.ts';
import { editJson, fixtureCopy, removeDir, ROOT } from './helpers.ts';

const run = promisify(execFile);
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

let catalog: string;
afterEach(async () => { if (catalog) await removeDir(path.dirname(catalog)); });

async function problemsOf(dir: string): Promise<string[]> {
  const { problems } = await validateCatalog(dir, 'catalog');
  return problems.map(formatProblem);
}
/** The problems of reading the files alone (a refused file also fails the checks that look for it, e.g. as a retired tool's alternative). */
async function readingProblemsOf(dir: string): Promise<string[]> {
  const { problems } = await validateCatalog(dir, 'catalog');
  return problems.filter((p) => p.check === 'files' || p.check === 'schema').map(formatProblem);
}
const tool = (slug: string) => path.join(catalog, 'tools', `${slug}.json`);

describe('validator: reading the files', () => {
  it('accepts the fixture catalog with no problems', async () => {
    catalog = await fixtureCopy();
    expect(await readingProblemsOf(catalog)).toEqual([]);
  });

  it('gives the line and column of invalid JSON', async () => {
    catalog = await fixtureCopy();
    await writeFile(tool('murf'), '{\n  "slug": "murf",\n  "name": "Murf",\n}\n');
    const [problem] = await readingProblemsOf(catalog);
    expect(problem).toMatch(/^catalog\/tools\/murf\.json:4:1 - invalid JSON at line 4, column 1: remove the comma after "Murf" \(JSON allows no comma before "}"\)/);
  });

  it('says what to write instead for the mistakes people make in JSON by hand', async () => {
    const { explainJsonError } = await import('../snapshot/json-error.ts');
    expect(explainJsonError('{"tags": ["a", "b",]}').message).toBe('line 1, column 20: remove the comma after "b" (JSON allows no comma before "]")');
    expect(explainJsonError("{'name': 'x'}").message).toBe('line 1, column 2: use double quotes (") for names and strings; JSON has no single quotes');
    expect(explainJsonError('{"a": 1 "b": 2}').message).toBe('line 1, column 9: a comma is missing before this \'"\'');
    expect(explainJsonError('{"a": [1, 2').message).toMatch(/^line 1, column 12: the text ends before the JSON does/);
    expect(explainJsonError('{name: 1}').message).toBe('line 1, column 2: put the name in double quotes, e.g. "name": ...');
  });

  it('names a missing field, an extra field and a wrong type', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('murf'), (d) => { delete d.maker; d.website = 'x'; d.open_source = 'yes'; });
    expect(await readingProblemsOf(catalog)).toEqual([
      'catalog/tools/murf.json maker - is missing; this field is required (Company or project behind the tool)',
      'catalog/tools/murf.json:16 open_source - must be a boolean; got the string "yes"',
      "catalog/tools/murf.json:30 - unknown field 'website'; remove it (see the JSON Schema in catalog/schema/ for the allowed fields)",
    ]);
  });

  it('says a length or a count in plain words: "must not be empty", "at least 2 characters"', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('murf'), (d) => { d.name = ''; d.aliases = ['m']; d.tags = [...Array(13).keys()].map((n) => `tag-${n}`); });
    await editJson(path.join(catalog, 'sources.json'), (d) => { (d.maker_domains as object[]).push({ maker: '', match: ['a.com', 'b.com'], reason: 'one maker, two domains' }); });
    await writeFile(path.join(catalog, 'vocabulary.json'), `${JSON.stringify({ phrasings: { 'text-to-speech': [] }, equivalents: [] }, null, 2)}\n`);
    expect(await readingProblemsOf(catalog)).toEqual([
      'catalog/tools/murf.json:4 name - must not be empty',
      'catalog/tools/murf.json:43 aliases[0] - must be at least 2 characters',
      'catalog/tools/murf.json:12 tags - must list at most 12 tags',
      'catalog/vocabulary.json:3 phrasings.text-to-speech - must not be empty; list at least one',
      'catalog/sources.json:42 maker_domains[1].maker - must not be empty',
    ]);
  });

  it('refuses markup and control characters in text fields, naming the field and the fix', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('murf'), (d) => { d.tagline = 'Studio voiceovers <script>alert(1)</script> for teams'; });
    await editJson(tool('elevenlabs'), (d) => { d.maker = 'Eleven\u0007Labs'; });
    await editJson(tool('otter-ai'), (d) => { d.tagline = 'Meeting notes that arrive in < 1 minute'; });
    expect(await readingProblemsOf(catalog)).toEqual([
      'catalog/tools/elevenlabs.json:11 maker - must not contain control characters; remove them',
      'catalog/tools/murf.json:5 tagline - must be plain text, not markup: remove the HTML tags (write "<" and ">" only as plain comparisons, e.g. "< 1 s")',
    ]);
  });

  it('refuses http URLs, bad tags, impossible dates and values outside a list', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('elevenlabs'), (d) => { d.tags = ['Text To Speech']; d.added_at = '2026-02-30'; });
    await editJson(tool('otter-ai'), (d) => { d.url = 'http://otter.ai/'; d.platforms = ['web', 'mainframe']; });
    await editJson(tool('murf'), (d) => { d.pricing = 'cheap'; });
    const problems = await readingProblemsOf(catalog);
    expect(problems).toContain('catalog/tools/elevenlabs.json:17 tags[0] - must be lowercase kebab-case, e.g. "voice-cloning"');
    expect(problems).toContain('catalog/tools/elevenlabs.json:29 added_at - is not a real calendar date');
    expect(problems).toContain('catalog/tools/otter-ai.json:7 url - must be an absolute https:// URL');
    expect(problems).toContain('catalog/tools/murf.json:16 pricing - must be one of "free", "freemium", "paid"; got "cheap"');
    expect(problems.some((p) => p.startsWith('catalog/tools/otter-ai.json:21 platforms[1] - must be one of "web"'))).toBe(true);
  });

  it('requires a retired record\'s sources and verified_at, and a successor or an alternative, saying what to write', async () => {
    catalog = await fixtureCopy();
    await editJson(path.join(catalog, 'retired/playht.json'), (d) => { delete d.sources; delete d.verified_at; });
    expect(await readingProblemsOf(catalog)).toEqual([
      "catalog/retired/playht.json sources - is missing; this field is required (1-5 https URLs that show the end of the service and its day, the maker's own pages first)",
      'catalog/retired/playht.json verified_at - is missing; this field is required (YYYY-MM-DD, when the facts were last checked against the sources)',
    ]);
    await editJson(path.join(catalog, 'retired/playht.json'), (d) => { d.sources = ['https://playht.test/end']; d.verified_at = '2026-03-01'; d.alternatives = []; });
    expect(await readingProblemsOf(catalog)).toEqual([
      'catalog/retired/playht.json:8 alternatives - a retired tool needs a successor or at least one alternative, so that its users are sent somewhere',
    ]);
  });

  it('refuses a rule without its reason in catalog/sources.json, and a vocabulary term not in lowercase', async () => {
    catalog = await fixtureCopy();
    await editJson(path.join(catalog, 'sources.json'), (d) => { (d.not_evidence as object[]).push({ match: 'https://example.org/x' }); });
    await writeFile(path.join(catalog, 'vocabulary.json'), `${JSON.stringify({ phrasings: { 'text-to-speech': ['Read Aloud'] }, equivalents: [] }, null, 2)}\n`);
    const problems = await readingProblemsOf(catalog);
    expect(problems).toContain('catalog/sources.json:18 not_evidence[3].match - must be a lowercase host, optionally with a path, e.g. "raw.githubusercontent.com/api-evangelist" (no https://, no query)');
    expect(problems).toContain('catalog/sources.json not_evidence[3].reason - is missing; this field is required');
    expect(problems).toContain('catalog/vocabulary.json:4 phrasings.text-to-speech[0] - must be lowercase words of a-z and 0-9 separated by single spaces, e.g. "voice over"');
  });

  it('reports an empty catalog folder', async () => {
    catalog = await fixtureCopy();
    await rm(path.join(catalog, 'tools'), { recursive: true });
    await mkdir(path.join(catalog, 'tools'));
    expect(await readingProblemsOf(catalog)).toContain('catalog/tools - no .json files; add at least one tool as catalog/tools/<slug>.json');
  });

  it('reports a file that is not .json, a 10 MB file and a file that is not UTF-8', async () => {
    catalog = await fixtureCopy();
    await writeFile(path.join(catalog, 'tools', 'notes.txt'), 'hello');
    await writeFile(tool('murf'), Buffer.alloc(10 * 1024 * 1024, 0x20));
    await writeFile(tool('otter-ai'), Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    const problems = await readingProblemsOf(catalog);
    expect(problems).toContain('catalog/tools/notes.txt - not a .json file; catalog/tools/ holds only <slug>.json files (move or delete it)');
    expect(problems).toContain('catalog/tools/murf.json - is 10.0 MB; a catalog file is a few KB (limit 64 KB): check that the right file was saved here');
    expect(problems).toContain('catalog/tools/otter-ai.json - is not valid UTF-8 text; save it with UTF-8 encoding');
  });

  it('reformats a file that `npm run format` can repair', async () => {
    catalog = await fixtureCopy();
    const { slug, ...rest } = JSON.parse(await readFile(tool('murf'), 'utf8'));
    await writeFile(tool('murf'), JSON.stringify({ ...rest, slug }));
    expect(await problemsOf(catalog)).toEqual(['catalog/tools/murf.json - is not in canonical format (2-space JSON, keys in schema order, newline at the end); run `npm run format` to fix it']);
    await runCommand(format, '--catalog', catalog);
    expect(await problemsOf(catalog)).toEqual([]);
  });
});

describe('validator: every check, every problem, grouped by check', () => {
  it('labels each problem with the check that found it, the reading stages first and then every check in order', async () => {
    catalog = await fixtureCopy();
    await copyFile(tool('murf'), tool('murf-studio'));
    await editJson(tool('murf'), (d) => { d.pricing = 'cheap'; });
    await editJson(tool('midjourney'), (d) => { d.categories = ['no-such-thing']; d.tagline = 'TODO: a tagline'; });
    const { problems } = await validateCatalog(catalog, 'catalog');
    expect([...new Set(problems.map((p) => p.check))]).toEqual(['schema', 'file-names', 'categories', 'placeholders']);
    expect(CHECKS.map((c) => c.name)).toEqual(['file-names', 'uniqueness', 'identifiers', 'references', 'categories', 'lifecycle', 'vocabulary', 'urls', 'placeholders', 'dates', 'sources', 'maker-sources', 'canonical-format']);
    for (const c of CHECKS) expect(c.description, c.name).toMatch(/^[A-Za-z`'].{20,}\.$/);
  });

  it('prints the problems under their check\'s name, exits non-zero with no stack trace, and adds GitHub annotations under Actions', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('midjourney'), (d) => { d.categories = ['image-generation', 'imag-gen']; d.pricing = 'cheap'; });
    await editJson(tool('murf'), (d) => { d.tagline = 'TODO write a tagline here'; });
    const err = await run(TSX, [path.join(ROOT, 'build/cli/validate.ts'), '--catalog', 'catalog'], { cwd: path.dirname(catalog), env: { ...process.env, GITHUB_ACTIONS: 'true' } })
      .then(() => { throw new Error('validate should have failed'); }, (e: { code: number; stderr: string }) => e);
    expect(err.code).toBe(1);
    expect(err.stderr.split('\n').filter((l) => !l.startsWith('::'))).toEqual([
      'schema (1 problem):',
      '  catalog/tools/midjourney.json:17 pricing - must be one of "free", "freemium", "paid"; got "cheap"',
      'categories (1 problem):',
      "  catalog/tools/midjourney.json:11 categories[1] - unknown category 'imag-gen'. Did you mean 'image-generation'?",
      'placeholders (1 problem):',
      '  catalog/tools/murf.json:5 tagline - contains a TODO/TBD/FIXME marker; write the real text',
      '',
      '3 problems in 2 files.',
      '',
    ]);
    expect(err.stderr).toContain("::error file=catalog/tools/midjourney.json,line=11::categories[1]: unknown category 'imag-gen'. Did you mean 'image-generation'?");
    expect(err.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('editor JSON Schemas', () => {
  it('are up to date with the zod schemas (run `npm run schema` when this fails)', async () => {
    const { editorSchemas } = await import('../build/editor-schema.ts');
    for (const [file, text] of Object.entries(editorSchemas())) {
      expect(await readFile(path.join(ROOT, 'catalog/schema', file), 'utf8'), file).toBe(text);
    }
    expect((await readdir(path.join(ROOT, 'catalog/schema'))).sort()).toEqual(Object.keys(editorSchemas()).sort());
  });
});
