import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { validateCatalog } from '../build/build.ts';
import { SOURCES_REQUIRED_FROM } from '../build/record-date-checks.ts';
import { formatProblem } from '../build/report.ts';
import { editJson, fixtureCopy, removeDir, ROOT } from './helpers.ts';

const run = promisify(execFile);
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

let catalog: string;
afterEach(async () => { if (catalog) await removeDir(path.dirname(catalog)); });

async function problemsOf(dir: string): Promise<string[]> {
  const { problems } = await validateCatalog(dir, 'catalog');
  return problems.map(formatProblem);
}
const tool = (slug: string) => path.join(catalog, 'tools', `${slug}.json`);

describe('validator', () => {
  it('accepts the fixture catalog with no problems', async () => {
    catalog = await fixtureCopy();
    expect(await problemsOf(catalog)).toEqual([]);
  });

  it('gives the line and column of invalid JSON', async () => {
    catalog = await fixtureCopy();
    await writeFile(tool('murf'), '{\n  "slug": "murf",\n  "name": "Murf",\n}\n');
    const [problem] = await problemsOf(catalog);
    expect(problem).toMatch(/^catalog\/tools\/murf\.json: invalid JSON at line 4, column 1: remove the comma after "Murf" \(JSON allows no comma before "}"\)/);
  });

  it('shows every problem of a file in one run: an unknown category beside a schema error', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('murf'), (d) => { d.categories = ['text-to-speach']; d.pricing = 'cheap'; });
    const problems = (await problemsOf(catalog)).filter((p) => p.startsWith('catalog/tools/murf.json'));
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/^catalog\/tools\/murf\.json: pricing: /),
      expect.stringMatching(/^catalog\/tools\/murf\.json:\d*:? ?categories\[0\]: unknown category 'text-to-speach' \(did you mean 'text-to-speech'\?\)/),
    ]));
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
    const problems = await problemsOf(catalog);
    expect(problems).toContain('catalog/tools/murf.json: maker: is missing; this field is required (Company or project behind the tool)');
    expect(problems.some((p) => p.startsWith("catalog/tools/murf.json: unknown field 'website'"))).toBe(true);
    expect(problems).toContain('catalog/tools/murf.json: open_source: must be a boolean; got the string "yes"');
  });

  it('reports a slug used by two files, and the file whose name does not match', async () => {
    catalog = await fixtureCopy();
    await copyFile(tool('murf'), tool('murf-studio'));
    const problems = await problemsOf(catalog);
    expect(problems).toContain("catalog/tools/murf-studio.json: slug: slug 'murf' does not match the file name; rename the file to murf.json or fix the slug");
    expect(problems).toContain('catalog/tools/murf.json: slug: "murf" is already used by catalog/tools/murf-studio.json; every slug must be unique');
  });

  it('rejects names that differ only in case and URLs that differ only in www or a trailing slash', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('murf'), (d) => { d.name = 'ELEVENLABS'; d.url = 'https://www.elevenlabs.io'; });
    const problems = await problemsOf(catalog);
    expect(problems.some((p) => p.includes('murf.json: name: "ELEVENLABS" is already used by catalog/tools/elevenlabs.json'))).toBe(true);
    expect(problems.some((p) => p.includes('murf.json: url: "https://www.elevenlabs.io" is already used by catalog/tools/elevenlabs.json'))).toBe(true);
  });

  it('names an unknown category and suggests the closest one', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('midjourney'), (d) => { d.categories = ['image-generation', 'imag-gen']; });
    expect(await problemsOf(catalog)).toEqual([
      "catalog/tools/midjourney.json: categories[1]: unknown category 'imag-gen' (did you mean 'image-generation'?)",
    ]);
  });

  it('reports a category that no tool lists', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('remove-bg'), (d) => { d.categories = ['image-generation']; });
    expect(await problemsOf(catalog)).toEqual([
      "catalog/categories/background-removal.json: category 'background-removal' has no tools; list it in at least one tool's categories or delete the file",
    ]);
  });

  it('reports an empty catalog folder', async () => {
    catalog = await fixtureCopy();
    await rm(path.join(catalog, 'tools'), { recursive: true });
    await mkdir(path.join(catalog, 'tools'));
    const problems = await problemsOf(catalog);
    expect(problems).toContain('catalog/tools: no .json files; add at least one tool as catalog/tools/<slug>.json');
  });

  it('reports a file that is not .json, a 10 MB file and a file that is not UTF-8', async () => {
    catalog = await fixtureCopy();
    await writeFile(path.join(catalog, 'tools', 'notes.txt'), 'hello');
    await writeFile(tool('murf'), Buffer.alloc(10 * 1024 * 1024, 0x20));
    await writeFile(tool('otter-ai'), Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]));
    const problems = await problemsOf(catalog);
    expect(problems).toContain('catalog/tools/notes.txt: not a .json file; catalog/tools/ holds only <slug>.json files (move or delete it)');
    expect(problems).toContain('catalog/tools/murf.json: is 10.0 MB; a catalog file is a few KB (limit 64 KB): check that the right file was saved here');
    expect(problems).toContain('catalog/tools/otter-ai.json: is not valid UTF-8 text; save it with UTF-8 encoding');
  });

  it('rejects http URLs, tracking parameters, placeholder text, bad tags and bad dates', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('murf'), (d) => {
      d.url = 'https://murf.ai/?utm_source=newsletter&ref=abc';
      d.tagline = 'TODO write a tagline here';
    });
    await editJson(tool('elevenlabs'), (d) => { d.tags = ['Text To Speech']; d.added_at = '2026-02-30'; });
    await editJson(tool('otter-ai'), (d) => { d.url = 'http://otter.ai/'; d.added_at = '2026-05-01'; d.updated_at = '2026-04-01'; });
    const problems = await problemsOf(catalog);
    expect(problems).toContain("catalog/tools/murf.json: url: has tracking parameters 'utm_source', 'ref'; link to the plain official URL");
    expect(problems).toContain('catalog/tools/murf.json: tagline: contains a TODO/TBD/FIXME marker; write the real text');
    expect(problems).toContain('catalog/tools/elevenlabs.json: tags[0]: must be lowercase kebab-case, e.g. "voice-cloning"');
    expect(problems).toContain('catalog/tools/elevenlabs.json: added_at: is not a real calendar date');
    expect(problems).toContain('catalog/tools/otter-ai.json: url: must be an absolute https:// URL');
  });

  it('refuses markup and control characters in text fields, naming the field and the fix', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('murf'), (d) => { d.tagline = 'Studio voiceovers <script>alert(1)</script> for teams'; });
    await editJson(tool('elevenlabs'), (d) => { d.maker = 'Eleven\u0007Labs'; });
    await editJson(tool('otter-ai'), (d) => { d.tagline = 'Meeting notes that arrive in < 1 minute'; });
    const problems = await problemsOf(catalog);
    expect(problems).toContain('catalog/tools/murf.json: tagline: must be plain text, not markup: remove the HTML tags (write "<" and ">" only as plain comparisons, e.g. "< 1 s")');
    expect(problems).toContain('catalog/tools/elevenlabs.json: maker: must not contain control characters; remove them');
    expect(problems.filter((p) => p.includes('otter-ai.json: tagline'))).toEqual([]);
  });

  it('reports an updated_at before added_at', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('otter-ai'), (d) => { d.added_at = '2026-05-01'; d.updated_at = '2026-04-01'; });
    expect(await problemsOf(catalog)).toEqual([
      'catalog/tools/otter-ai.json: updated_at: 2026-04-01 is before added_at 2026-05-01; updated_at must be on or after added_at',
    ]);
  });

  it('insists on canonical formatting and says how to fix it', async () => {
    catalog = await fixtureCopy();
    const file = tool('murf');
    const data = JSON.parse(await (await import('node:fs/promises')).readFile(file, 'utf8'));
    const { slug, ...rest } = data;
    await writeFile(file, JSON.stringify({ ...rest, slug }));
    expect(await problemsOf(catalog)).toEqual([
      'catalog/tools/murf.json: is not in canonical format (2-space JSON, keys in schema order, newline at the end); run `npm run format` to fix it',
    ]);
    await run(TSX, ['build/cli/format.ts', '--catalog', catalog], { cwd: ROOT });
    expect(await problemsOf(catalog)).toEqual([]);
  });

  it('reports every problem of every file in one run', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('murf'), (d) => { d.pricing = 'cheap'; });
    await editJson(tool('otter-ai'), (d) => { d.platforms = ['web', 'mainframe']; });
    await editJson(tool('midjourney'), (d) => { d.categories = ['no-such-thing']; });
    const problems = await problemsOf(catalog);
    expect(problems).toContain('catalog/tools/murf.json: pricing: must be one of "free", "freemium", "paid"; got "cheap"');
    expect(problems.some((p) => p.startsWith('catalog/tools/otter-ai.json: platforms[1]: must be one of "web"'))).toBe(true);
    expect(problems.some((p) => p.startsWith("catalog/tools/midjourney.json: categories[0]: unknown category 'no-such-thing'"))).toBe(true);
  });

  it('exits non-zero, prints no stack trace, and adds GitHub annotations under Actions', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('midjourney'), (d) => { d.categories = ['image-generation', 'imag-gen']; });
    const err = await run(TSX, [path.join(ROOT, 'build/cli/validate.ts'), '--catalog', 'catalog'], { cwd: path.dirname(catalog), env: { ...process.env, GITHUB_ACTIONS: 'true' } })
      .then(() => { throw new Error('validate should have failed'); }, (e: { code: number; stderr: string }) => e);
    expect(err.code).toBe(1);
    expect(err.stderr).toContain("catalog/tools/midjourney.json: categories[1]: unknown category 'imag-gen' (did you mean 'image-generation'?)");
    expect(err.stderr).toMatch(/::error file=catalog\/tools\/midjourney\.json,line=\d+::categories\[1\]: unknown category 'imag-gen'/);
    expect(err.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('editor JSON Schemas', () => {
  it('are up to date with the zod schemas (run `npm run schema` when this fails)', async () => {
    const { editorSchemas } = await import('../build/editor-schema.ts');
    const { readFile } = await import('node:fs/promises');
    for (const [file, text] of Object.entries(editorSchemas())) {
      expect(await readFile(path.join(ROOT, 'catalog/schema', file), 'utf8'), file).toBe(text);
    }
    expect((await readdir(path.join(ROOT, 'catalog/schema'))).sort()).toEqual(Object.keys(editorSchemas()).sort());
  });
});

describe('validator: former slugs and retired tools', () => {
  const retired = (slug: string) => path.join(catalog, 'retired', `${slug}.json`);

  it('refuses a former slug that is another tool\'s slug, or a retired tool\'s', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('murf'), (d) => { d.former_slugs = ['midjourney', 'playht']; });
    const problems = await problemsOf(catalog);
    expect(problems).toContain("catalog/tools/murf.json: former_slugs[0]: slug 'midjourney' is already used by catalog/tools/midjourney.json; a slug names one tool or category forever, current, former or retired");
    expect(problems).toContain("catalog/tools/murf.json: former_slugs[1]: slug 'playht' is already used by catalog/retired/playht.json; a slug names one tool or category forever, current, former or retired");
  });

  it('asks a tool added since provenance became the rule for its sources and verified_at; an older one may lack them yet', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('murf'), (d) => { d.added_at = SOURCES_REQUIRED_FROM; d.updated_at = SOURCES_REQUIRED_FROM; delete d.sources; delete d.verified_at; });
    const problems = await problemsOf(catalog);
    expect(problems).toContain(`catalog/tools/murf.json: sources: is missing; a tool added from ${SOURCES_REQUIRED_FROM} on needs 1-5 https pages where its facts were checked, the maker's pricing and product pages first (see CONTRIBUTING.md, "Sources: where the facts come from")`);
    expect(problems.some((p) => p.startsWith('catalog/tools/murf.json: verified_at: is missing'))).toBe(true);
    await editJson(tool('murf'), (d) => { d.added_at = '2026-11-24'; });
    // A tool with no sources also has none of its maker's: the catalog's ceiling must allow one more.
    await editJson(path.join(catalog, 'sources.json'), (d) => { d.max_tools_without_maker_source = 2; });
    expect(await problemsOf(catalog)).toEqual([]);
  });

  it('refuses a check date after today, in a tool or a retired record', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('murf'), (d) => { d.verified_at = '2099-01-01'; });
    await editJson(path.join(catalog, 'retired', 'playht.json'), (d) => { d.verified_at = '2099-01-02'; });
    const problems = await problemsOf(catalog);
    const today = new Date().toISOString().slice(0, 10);
    expect(problems.some((p) => p.startsWith('catalog/tools/murf.json:') && p.endsWith(`verified_at: 2099-01-01 is after today (${today}); write the day you checked the sources`))).toBe(true);
    expect(problems.some((p) => p.startsWith('catalog/retired/playht.json:') && p.endsWith(`verified_at: 2099-01-02 is after today (${today}); write the day you checked the sources`))).toBe(true);
  });

  it('refuses a retired slug that a current tool still uses', async () => {
    catalog = await fixtureCopy();
    await rm(retired('playht'));
    await writeFile(retired('murf'), `${JSON.stringify({ $schema: '../schema/retired.schema.json', slug: 'murf', name: 'Murf', retired_at: '2025-01-01', reason: 'a test of a reused slug', successor: 'elevenlabs', alternatives: [], sources: ['https://murf.ai/blog'], verified_at: '2025-01-02' }, null, 2)}\n`);
    expect(await problemsOf(catalog)).toContain("catalog/retired/murf.json: slug: slug 'murf' is already used by catalog/tools/murf.json; a slug names one tool or category forever, current, former or retired");
  });

  it('names a successor or alternative that is no current tool, with a suggestion, and refuses chains of retired tools', async () => {
    catalog = await fixtureCopy();
    await editJson(retired('old-diffusion'), (d) => { d.successor = 'stabel-diffusion'; d.alternatives = ['playht']; });
    const problems = await problemsOf(catalog);
    expect(problems).toContain("catalog/retired/old-diffusion.json: successor: no current tool has the slug 'stabel-diffusion' (did you mean 'stable-diffusion'?)");
    expect(problems).toContain("catalog/retired/old-diffusion.json: alternatives[0]: 'playht' is retired too; name a current tool (no chains of retired tools)");
  });

  it('requires the sources that show the end of the service and the day they were checked, saying what to write', async () => {
    catalog = await fixtureCopy();
    await editJson(retired('playht'), (d) => { delete d.sources; delete d.verified_at; });
    const problems = await problemsOf(catalog);
    expect(problems).toContain("catalog/retired/playht.json: sources: is missing; this field is required (1-5 https URLs that show the end of the service and its day, the maker's own pages first)");
    expect(problems).toContain('catalog/retired/playht.json: verified_at: is missing; this field is required (YYYY-MM-DD, when the facts were last checked against the sources)');
  });

  it('requires a successor or an alternative, so that users are sent somewhere', async () => {
    catalog = await fixtureCopy();
    await editJson(retired('playht'), (d) => { d.alternatives = []; });
    expect(await problemsOf(catalog)).toContain('catalog/retired/playht.json: alternatives: a retired tool needs a successor or at least one alternative, so that its users are sent somewhere');
  });

  it('holds retired files to the canonical format too', async () => {
    catalog = await fixtureCopy();
    await writeFile(retired('playht'), JSON.stringify({ slug: 'playht', name: 'PlayHT', retired_at: '2025-07-13', reason: 'its team joined Meta and the voice platform was wound down', successor: null, alternatives: ['elevenlabs'], sources: ['https://inworld.ai/resources/migrate-from-playht'], verified_at: '2026-11-25' }));
    expect((await problemsOf(catalog)).some((p) => p.startsWith('catalog/retired/playht.json: is not in canonical format'))).toBe(true);
  });
});

describe('validator: search vocabulary', () => {
  const vocabulary = () => path.join(catalog, 'vocabulary.json');
  const write = (data: object) => writeFile(vocabulary(), `${JSON.stringify({ $schema: './schema/vocabulary.schema.json', ...data }, null, 2)}\n`);

  it('accepts phrasings of existing categories and reachable sets of equivalents', async () => {
    catalog = await fixtureCopy();
    await write({ phrasings: { 'text-to-speech': ['voiceover', 'read aloud'] }, equivalents: [['photo', 'image']] });
    expect(await problemsOf(catalog)).toEqual([]);
  });

  it('names the file and the term: an unknown category, a term leading to unrelated needs, a word in two sets, an unreachable set, a term not in lowercase', async () => {
    catalog = await fixtureCopy();
    await write({
      phrasings: { 'text-to-speach': ['narration'], 'text-to-speech': ['voiceover', 'Read Aloud'], 'image-generation': ['voiceover'] },
      equivalents: [['photo', 'image'], ['picture', 'photo'], ['zzyzx', 'qwxv']],
    });
    expect(await problemsOf(catalog)).toContain('catalog/vocabulary.json: phrasings.text-to-speech[1]: must be lowercase words of a-z and 0-9 separated by single spaces, e.g. "voice over"');
    await write({
      phrasings: { 'text-to-speach': ['narration'], 'text-to-speech': ['voiceover'], 'image-generation': ['voiceover'] },
      equivalents: [['photo', 'image'], ['picture', 'photo'], ['zzyzx', 'qwxv']],
    });
    const next = await problemsOf(catalog);
    expect(next).toContain("catalog/vocabulary.json: phrasings.text-to-speach: unknown category 'text-to-speach' (did you mean 'text-to-speech'?)");
    expect(next).toContain("catalog/vocabulary.json: phrasings.image-generation[0]: 'voiceover' already leads to 'text-to-speech' (group audio); a term may not lead to unrelated needs");
    expect(next).toContain("catalog/vocabulary.json: equivalents[1][1]: 'photo' is already in equivalents[0]; a word belongs to one set (merge the two sets)");
    expect(next).toContain("catalog/vocabulary.json: equivalents[2]: none of 'zzyzx', 'qwxv' occurs in any tool, so the set finds nothing; add a word the catalog uses");
  });
});

describe('validator: sources', () => {
  const sources = (slug: string, list: string[]) => editJson(tool(slug), (d) => { d.sources = list; });

  it('refuses tracking parameters in a source and gives the address without them', async () => {
    catalog = await fixtureCopy();
    await sources('murf', ['https://murf.ai/pricing?utm_source=newsletter&plan=pro&ref=abc']);
    expect(await problemsOf(catalog)).toEqual([
      "catalog/tools/murf.json: sources[0]: has tracking parameters 'utm_source', 'ref'; cite the page without them: https://murf.ai/pricing?plan=pro",
    ]);
  });

  it('refuses a staging or preview host, but not a maker whose name contains the word', async () => {
    catalog = await fixtureCopy();
    await sources('murf', ['https://uat4.www.murf.ai/pricing', 'https://4815-staging.murf.ai/terms', 'https://deploy-preview-42--murf.netlify.app/pricing', 'https://murf.ai/pricing']);
    await editJson(tool('otter-ai'), (d) => { d.url = 'https://virtualstagingai.app/'; d.sources = ['https://virtualstagingai.app/pricing', 'https://preview.virtualstagingai.app/pricing']; });
    expect(await problemsOf(catalog)).toEqual([
      "catalog/tools/murf.json: sources[0]: 'uat4.www.murf.ai' is a staging or preview host ('uat4'), not the published site; cite the public page",
      "catalog/tools/murf.json: sources[1]: '4815-staging.murf.ai' is a staging or preview host ('4815-staging'), not the published site; cite the public page",
      "catalog/tools/murf.json: sources[2]: 'deploy-preview-42--murf.netlify.app' is a staging or preview host ('deploy-preview-42--murf'), not the published site; cite the public page",
      "catalog/tools/otter-ai.json: sources[1]: 'preview.virtualstagingai.app' is a staging or preview host ('preview'), not the published site; cite the public page",
    ]);
  });

  it('refuses a host listed as not evidence, with the reason from catalog/sources.json, except on the tool\'s own domain', async () => {
    catalog = await fixtureCopy();
    await sources('murf', ['https://murf.ai/pricing', 'https://raw.githubusercontent.com/api-evangelist/murf/refs/heads/main/plans/murf-plans-pricing.yml', 'https://www.postclic.com/en/letters/cancel-murf']);
    await editJson(tool('otter-ai'), (d) => { d.url = 'https://deepwiki.com/'; d.sources = ['https://deepwiki.com/', 'https://docs.deepwiki.com/overview']; });
    const problems = await problemsOf(catalog);
    expect(problems).toEqual([
      'catalog/tools/murf.json: sources[1]: pages under raw.githubusercontent.com/api-evangelist are not evidence (machine-generated API directory stubs (files that call themselves generated or scaffolds), not the maker\'s page); cite the maker\'s own page (see CONTRIBUTING.md, "Sources")',
      'catalog/tools/murf.json: sources[2]: pages under postclic.com are not evidence (a service that sends cancellation letters: its \'cancel X\' pages are not evidence of a product\'s plans or prices); cite the maker\'s own page (see CONTRIBUTING.md, "Sources")',
    ]);
  });

  it('refuses the same page twice, however it is written', async () => {
    catalog = await fixtureCopy();
    await sources('murf', ['https://murf.ai/pricing', 'https://www.murf.ai/pricing/?utm_medium=x#plans', 'https://murf.ai/pricing?plan=pro']);
    expect(await problemsOf(catalog)).toEqual([
      "catalog/tools/murf.json: sources[1]: has tracking parameter 'utm_medium'; cite the page without it: https://www.murf.ai/pricing/#plans",
      'catalog/tools/murf.json: sources[1]: is the same page as sources[0]; list each page once',
    ]);
  });

  it('refuses a rule without its reason in catalog/sources.json', async () => {
    catalog = await fixtureCopy();
    await editJson(path.join(catalog, 'sources.json'), (d) => { (d.not_evidence as object[]).push({ match: 'https://example.org/x' }); });
    const problems = await problemsOf(catalog);
    expect(problems).toContain('catalog/sources.json: not_evidence[3].match: must be a lowercase host, optionally with a path, e.g. "raw.githubusercontent.com/api-evangelist" (no https://, no query)');
    expect(problems).toContain('catalog/sources.json: not_evidence[3].reason: is missing; this field is required');
  });

  it('fails when more tools lack a page of their maker than the ceiling allows, and not at the ceiling', async () => {
    catalog = await fixtureCopy();
    expect(await problemsOf(catalog)).toEqual([]); // midjourney cites no page of its maker: 1, the fixture's ceiling
    await sources('murf', ['https://www.g2.com/products/murf/reviews']);
    expect(await problemsOf(catalog)).toEqual([
      "catalog/sources.json: max_tools_without_maker_source: 2 tools have no source on their maker's own web presence, more than the ceiling of 1: give the tools you added or changed a page of their maker (site, docs, repository, store listing) first; `npm run validate` lists the tools without one",
    ]);
  });
});

describe("a maker's own page", () => {
  const tool = { url: 'https://www.acme.ai/', repository: 'https://github.com/acme-labs/acme' };
  it('is on the registrable domain of the url, under the repository owner, a store listing, or a known other domain of the maker', async () => {
    const { isMakerSource } = await import('../build/checks/sources.ts');
    const rules = {
      max_tools_without_maker_source: 0, not_evidence: [],
      stores: [{ match: 'apps.apple.com', reason: 'a store' }],
      maker_domains: [{ maker: 'Acme', match: ['acme.ai', 'acme-blog.com'], reason: 'a second domain' }],
    };
    const own = (source: string, t: { url: string; repository: string | null } = tool) => isMakerSource(t, source, rules);
    expect(own('https://docs.acme.ai/pricing')).toBe(true);
    expect(own('https://github.com/acme-labs/other-repo')).toBe(true);
    expect(own('https://raw.githubusercontent.com/acme-labs/acme/main/README.md')).toBe(true);
    expect(own('https://apps.apple.com/us/app/acme/id1')).toBe(true);
    expect(own('https://acme-blog.com/launch')).toBe(true);
    expect(own('https://github.com/someone-else/acme')).toBe(false);
    expect(own('https://acme.ai.example-reviews.com/acme')).toBe(false);
    expect(own('https://www.g2.com/products/acme')).toBe(false);
    // A page host shared by many owners: the owner decides, not the host.
    expect(own('https://other.github.io/acme', { url: 'https://acme-labs.github.io/acme/', repository: null })).toBe(false);
    expect(own('https://github.com/acme-labs/acme/wiki', { url: 'https://acme-labs.github.io/acme/', repository: null })).toBe(true);
    expect(own('https://shop.acme.co.uk/plans', { url: 'https://acme.co.uk/', repository: null })).toBe(true);
    expect(own('https://other.co.uk/acme', { url: 'https://acme.co.uk/', repository: null })).toBe(false);
  });
});

describe('CONTRIBUTING.md', () => {
  it('quotes the validator\'s real message for each refused source', async () => {
    catalog = await fixtureCopy();
    await editJson(tool('murf'), (d) => { d.sources = ['http://murf.ai/pricing']; });
    const http = await problemsOf(catalog);
    await editJson(tool('murf'), (d) => { d.sources = ['https://murf.ai/pricing?utm_source=newsletter&plan=pro&ref=abc']; });
    const tracking = await problemsOf(catalog);
    await editJson(tool('murf'), (d) => { d.sources = ['https://uat4.www.murf.ai/pricing', 'https://murf.ai/pricing']; });
    const staging = await problemsOf(catalog);
    await editJson(tool('murf'), (d) => { d.sources = ['https://murf.ai/pricing', 'https://raw.githubusercontent.com/api-evangelist/murf/refs/heads/main/plans/murf-plans-pricing.yml']; });
    const stub = await problemsOf(catalog);
    await editJson(tool('murf'), (d) => { d.sources = ['https://murf.ai/pricing', 'https://www.murf.ai/pricing/']; });
    const twice = await problemsOf(catalog);
    const real = [...http, ...tracking, ...staging, ...stub, ...twice];
    const doc = await readFile(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
    const table = doc.slice(doc.indexOf('### Refused as a source'), doc.indexOf('### What `catalog/sources.json` holds'));
    const quoted = [...table.matchAll(/\| `(catalog\/[^`]+)` \|/g)].map((m) => m[1]);
    expect(quoted).toHaveLength(5);
    for (const message of quoted) expect(real).toContain(message);
  });
});
