// Highlights on /search (API.md, "Facets and highlights"): the fields that matched, HTML-escaped,
// matched words in <mark>, a long description cut to a snippet around its first match; words the
// engine matched through its vocabulary (a translation, a stem, an equivalent) marked where they
// stand in the text.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSearchIndex, exportSearchIndex, importSearchIndex } from '../snapshot/search-index.ts';
import { SNIPPET_LENGTH } from '../snapshot/search/highlight.ts';
import { createSearchEngine, type Highlights, type SearchEngine } from '../snapshot/search/index.ts';
import type { SnapshotData, Tool } from '../snapshot/types.ts';
import { createHarness, PRO_KEY, type Harness } from './gateway-harness.ts';
import { editJson, ROOT } from './helpers.ts';
import { loadData } from './relevance/engines.ts';

type Result = Tool & { score: number; highlights?: Highlights };

/** A highlight's plain text: marks removed, entities decoded, the snippet's ellipses dropped. */
function plain(html: string): string {
  return html.replace(/<\/?mark>/g, '').replace(/^…|…$/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}
const marked = (html: string | undefined) => [...(html ?? '').matchAll(/<mark>(.*?)<\/mark>/g)].map((m) => m[1]);

const LONG = 'remove.bg is a web service run by Canva for product photographers, marketplaces and designers who process many pictures a day, with a desktop app for Windows and macOS, plugins for design software, and a batch API; it detects the subject of a photo and gives it a transparent backdrop in about five seconds, then exports a PNG at full resolution. Previews are free, while full-resolution downloads use credits from a subscription or a pay-as-you-go pack that teams can share.';

describe('GET /api/v1/search?highlight=true (fixture catalog)', () => {
  let h: Harness;
  const search = async (query: string): Promise<Result[]> => {
    const r = await h.request(`/api/v1/search?${query}`, { headers: { 'X-API-Key': PRO_KEY } });
    expect(r.status, r.text).toBe(200);
    return r.json.data;
  };
  beforeAll(async () => {
    h = await createHarness(async (catalog) => {
      await editJson(path.join(catalog, 'tools/murf.json'), (d) => { d.tagline = 'Voice-overs & narration for clips < 5 min, "studio" grade'; });
      await editJson(path.join(catalog, 'tools/remove-bg.json'), (d) => { d.description = LONG; });
    });
  });
  beforeEach(() => { h.clock.now += 60_000; });

  it('marks the matched words of each field that matched, escaping the text around them', async () => {
    const [murf] = (await search('q=voice+overs&highlight=true')).filter((t) => t.slug === 'murf');
    expect(murf!.highlights!.tagline).toBe('<mark>Voice</mark>-<mark>overs</mark> &amp; narration for clips &lt; 5 min, &quot;studio&quot; grade');
    expect(murf!.highlights!.name).toBeUndefined();
  });

  it('cuts a long description to a snippet around its first match, with … where text was cut', async () => {
    const [bg] = await search('q=transparent&highlight=true');
    expect(bg!.slug).toBe('remove-bg');
    const snippet = bg!.highlights!.description!;
    expect(snippet).toMatch(/^…[^…]*<mark>transparent<\/mark>[^…]*…$/);
    expect(plain(snippet).length).toBeLessThanOrEqual(SNIPPET_LENGTH);
    expect(LONG).toContain(plain(snippet));
    expect(LONG.indexOf(plain(snippet))).toBeGreaterThan(0);
    // A match near the start: the snippet starts where the description does.
    const start = (await search('q=remove.bg&highlight=true'))[0]!.highlights!.description!;
    expect(start).toMatch(/^<mark>remove<\/mark>\.<mark>bg<\/mark> is a web service/);
    expect(start.endsWith('…')).toBe(true);
    expect(plain(start).length).toBeLessThanOrEqual(SNIPPET_LENGTH);
    // A match near the end: the snippet ends where the description does.
    const end = (await search('q=teams&highlight=true')).find((t) => t.slug === 'remove-bg')!.highlights!.description!;
    expect(end).toMatch(/^….*<mark>teams<\/mark> can share\.$/);
    expect(plain(end).length).toBeLessThanOrEqual(SNIPPET_LENGTH);
    // A short description is whole.
    const murf = (await search('q=voice&highlight=true')).find((t) => t.slug === 'murf')!;
    expect(plain(murf.highlights!.description ?? '')).toBe(murf.description);
  });

  it('leaves out the fields that did not match, and adds nothing without highlight=true', async () => {
    const results = await search('q=voice&highlight=true');
    for (const r of results) for (const [field, html] of Object.entries(r.highlights!)) {
      expect(marked(html).length, `${r.slug}.${field}`).toBeGreaterThan(0);
      expect(plain(html)).toBe(r[field as 'name' | 'tagline' | 'description']);
    }
    expect((await search('q=voice')).every((r) => !('highlights' in r))).toBe(true);
    expect((await search('q=voice&highlight=false')).every((r) => !('highlights' in r))).toBe(true);
    const sparse = await search('q=voice&highlight=true&fields=name');
    expect(Object.keys(sparse[0]!)).toEqual(['slug', 'name', 'score', 'highlights']);
  });
});

describe('highlights of words the engine read through its vocabulary (real catalog)', () => {
  let data: SnapshotData;
  let engine: SearchEngine;
  /** Each result's highlights for a query, as /search computes them. */
  const highlighted = (q: string, limit = 10) => {
    const page = engine.page(q, {}, 0, limit, { words: true });
    const docs = page.hits.map((hit) => hit.index);
    return { page, results: engine.highlights(page.words!, docs).map(({ value: highlights }, k) => ({ tool: data.tools[docs[k]!]!, highlights })) };
  };

  beforeAll(async () => {
    data = await loadData(ROOT); // validated (it throws on a problem), and shared by the files of this worker
    engine = createSearchEngine(data, await importSearchIndex(await exportSearchIndex(buildSearchIndex(data.tools))));
  }, 60_000);

  it('marks the English words a German query was read as, where they stand in the text', () => {
    const { page, results } = highlighted('bildgenerator');
    expect(page.interpreted).toMatchObject({ language: 'de' });
    expect(page.words).toEqual(['image', 'generator']);
    const withBoth = results.filter((r) => /<mark>image<\/mark> <mark>generator<\/mark>/i.test(r.highlights.tagline ?? ''));
    expect(withBoth.length).toBeGreaterThan(0);
    for (const r of results) expect(JSON.stringify(r.highlights)).not.toContain('bild');
  });

  it('marks a word found through a stem, an equivalent or a compound as the text writes it', () => {
    const stems = highlighted('generating images').results.flatMap((r) => Object.values(r.highlights).flatMap(marked)).map((w) => w!.toLowerCase());
    expect(stems).toContain('generation');
    expect(stems).toContain('image');
    const equivalents = highlighted('slides').results.flatMap((r) => Object.values(r.highlights).flatMap(marked)).map((w) => w!.toLowerCase());
    expect(equivalents).toContain('presentation');
    // A word the catalog writes as two: "voiceover" marks "voice-over" as two marked words.
    const compound = highlighted('voiceover', 20).results.map((r) => JSON.stringify(r.highlights));
    expect(compound.some((h) => /<mark>voice<\/mark>-<mark>overs?<\/mark>/i.test(h))).toBe(true);
  });

  it('marks a name found through a typo or written with other spacing', () => {
    expect(highlighted('midjorney', 1).results[0]!.highlights.name).toBe('<mark>Midjourney</mark>');
    // A word of the catalog, or an ordinary English word, is never read as a typo: "resume" marks no "Relume".
    const relume = highlighted('free resume builder', 20).results.find((r) => r.tool.slug === 'relume');
    expect(relume?.highlights.name).toBeUndefined();
    expect(highlighted('eleven labs', 1).results[0]!.highlights.name).toBe('<mark>ElevenLabs</mark>');
  });

  it('gives every highlight back as the field\'s own text (or a part of the description of at most 200 characters) over the relevance queries', async () => {
    const queries = (JSON.parse(await readFile(path.join(ROOT, 'test/fixtures/relevance.json'), 'utf8')) as { queries: { q: string }[] }).queries;
    for (const { q } of queries.slice(0, 120)) {
      for (const { tool, highlights } of highlighted(q, 5).results) {
        for (const [field, html] of Object.entries(highlights)) {
          expect(marked(html).length, `${q}: ${tool.slug}.${field}`).toBeGreaterThan(0);
          expect(html).not.toMatch(/<(?!\/?mark>)/);
          if (field === 'description' && tool.description.length > SNIPPET_LENGTH) {
            expect(tool.description).toContain(plain(html));
            expect(plain(html).length).toBeLessThanOrEqual(SNIPPET_LENGTH);
          } else {
            expect(plain(html), `${q}: ${tool.slug}.${field}`).toBe(tool[field as 'name' | 'tagline' | 'description']);
          }
        }
      }
    }
  });
});
