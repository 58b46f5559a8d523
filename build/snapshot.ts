// From a validated catalog to the files of a snapshot: the data the gateway computes from, every
// prebuilt body (with ETag and compressed variants), the search index and the manifest.
import { createHash } from 'node:crypto';
import type { Catalog } from './catalog.ts';
import { GROUP_SLUGS, PLATFORMS, PRICING, type ToolFile } from '../snapshot/schema.ts';
import {
  categoriesKey, categoryKey, DEFAULT_PER_PAGE, encodeItems, renderItem, renderListPage, type EncodedItems,
  selectCategories, selectTools, toolKey, toolsKey, type CategoryQuery, type ToolQuery,
} from '../snapshot/lists.ts';
import { buildSearchIndex, exportSearchIndex } from '../snapshot/search-index.ts';
import type { Category, Manifest, SnapshotData, Tool } from '../snapshot/types.ts';
import { buildOpenApi } from './openapi.ts';
import { compileSearchVocabulary } from './search-vocabulary.ts';
import { DOCS_PATH, DOCS_SCRIPT_PATH, docsHtml, scalarScript } from './docs-page.ts';
import { SnapshotFiles } from './snapshot-files.ts';

const collator = new Intl.Collator('en', { sensitivity: 'base' });

export const byName = (a: { name: string; slug: string }, b: { name: string; slug: string }) =>
  collator.compare(a.name, b.name) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
const bySlug = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The API's view of the catalog, sorted and cross-referenced. */
export function assembleData(catalog: Catalog): SnapshotData {
  const categoryFiles = catalog.categories.map((f) => f.data);
  const names = new Map(categoryFiles.map((c) => [c.slug, c.name]));
  const tools: Tool[] = catalog.tools.map(({ data: t }) => apiTool(t, names)).sort(byName);
  const counts = new Map<string, number>();
  for (const t of tools) for (const c of t.categories) counts.set(c.slug, (counts.get(c.slug) ?? 0) + 1);
  const categories: Category[] = categoryFiles.map((c) => ({
    slug: c.slug, name: c.name, description: c.description, group: c.group, tool_count: counts.get(c.slug) ?? 0,
  })).sort(byName);
  const tools_by_newest = tools.map((_, i) => i).sort((a, b) =>
    tools[b]!.added_at.localeCompare(tools[a]!.added_at) || bySlug(tools[a]!.slug, tools[b]!.slug));
  const categories_by_tool_count = categories.map((_, i) => i).sort((a, b) =>
    categories[b]!.tool_count - categories[a]!.tool_count || byName(categories[a]!, categories[b]!));
  return {
    tools, categories, tools_by_newest, categories_by_tool_count,
    moved: { tools: formerSlugs(catalog.tools.map((f) => f.data)), categories: formerSlugs(categoryFiles) },
    vocabulary: compileSearchVocabulary(catalog.vocabulary?.data, tools, categories),
    aliases: Object.fromEntries(catalog.tools.flatMap(({ data: t }) => (t.aliases ? [[t.slug, t.aliases]] : [])).sort((a, b) => bySlug(a[0] as string, b[0] as string))),
    prominence: Object.fromEntries(catalog.tools.flatMap(({ data: t }) => (t.prominence ? [[t.slug, t.prominence]] : [])).sort((a, b) => bySlug(a[0] as string, b[0] as string))),
    retired: catalog.retired.map(({ data: r }) => ({
      slug: r.slug, name: r.name, retired_at: r.retired_at, reason: r.reason, successor: r.successor, alternatives: r.alternatives,
    })).sort((a, b) => bySlug(a.slug, b.slug)),
    groups: [...GROUP_SLUGS], pricing: [...PRICING], platforms: [...PLATFORMS],
  };
}

/** A tool as the API shows it: its categories with their names, and no curation-only fields. */
function apiTool(t: ToolFile, categoryNames: Map<string, string>): Tool {
  return {
    slug: t.slug,
    name: t.name,
    tagline: t.tagline,
    description: t.description,
    url: t.url,
    maker: t.maker,
    categories: t.categories.map((slug) => ({ slug, name: categoryNames.get(slug) ?? slug })),
    tags: t.tags,
    pricing: t.pricing,
    open_source: t.open_source,
    repository: t.repository,
    platforms: t.platforms,
    launched: t.launched,
    added_at: t.added_at,
    updated_at: t.updated_at,
    ...(t.sources && { sources: t.sources }),
    ...(t.verified_at && { verified_at: t.verified_at }),
    sunset_at: t.sunset_at ?? null,
    successor: t.successor ?? null,
  };
}

/** Former slug -> current slug, in slug order. */
function formerSlugs(records: readonly { slug: string; former_slugs?: string[] | undefined }[]): Record<string, string> {
  const pairs = records.flatMap((r) => (r.former_slugs ?? []).map((former) => [former, r.slug] as const));
  return Object.fromEntries(pairs.sort((a, b) => bySlug(a[0], b[0])));
}

/** Every list page the build prebuilds: default sort and page size, no filter or one filter. */
export function* prebuiltListQueries(data: SnapshotData): Generator<{ kind: 'tools'; query: Omit<ToolQuery, 'page' | 'per_page'> } | { kind: 'categories'; query: Omit<CategoryQuery, 'page' | 'per_page'> }> {
  const sort = 'name' as const;
  yield { kind: 'tools', query: { sort } };
  for (const c of data.categories) yield { kind: 'tools', query: { sort, category: [c.slug] } };
  for (const pricing of data.pricing) yield { kind: 'tools', query: { sort, pricing: [pricing] } };
  for (const platform of data.platforms) yield { kind: 'tools', query: { sort, platform: [platform] } };
  for (const open_source of [true, false]) yield { kind: 'tools', query: { sort, open_source } };
  yield { kind: 'categories', query: { sort } };
  for (const group of data.groups) yield { kind: 'categories', query: { sort, group } };
}

/** Every prebuilt body as [canonical key, body, total for list pages], in a fixed order. */
export function* prebuiltBodies(data: SnapshotData, tools: EncodedItems, categories: EncodedItems): Generator<[string, Uint8Array, number?]> {
  for (const spec of prebuiltListQueries(data)) {
    const selected = spec.kind === 'tools' ? selectTools(data, spec.query) : selectCategories(data, spec.query);
    const items = spec.kind === 'tools' ? tools : categories;
    const pages = Math.max(1, Math.ceil(selected.length / DEFAULT_PER_PAGE));
    for (let page = 1; page <= pages; page++) {
      const q = { ...spec.query, page, per_page: DEFAULT_PER_PAGE };
      const key = spec.kind === 'tools' ? toolsKey(q as ToolQuery) : categoriesKey(q as CategoryQuery);
      yield [key, renderListPage(items, selected, page, DEFAULT_PER_PAGE), selected.length];
    }
  }
  for (let i = 0; i < data.tools.length; i++) yield [toolKey(data.tools[i]!.slug), renderItem(tools, i)];
  for (let i = 0; i < data.categories.length; i++) yield [categoryKey(data.categories[i]!.slug), renderItem(categories, i)];
}

export interface SnapshotSummary {
  snapshot: string;
  tools: number;
  categories: number;
  bodies: number;
  files: number;
  bytes: number;
}

/** Compression effort: levels measured to keep the real catalog build under 2 s wall; faster brotli for huge catalogs. */
function compressionLevels(tools: number) {
  return tools > 2_000 ? { gzip: 6, brotli: 4 } : { gzip: 6, brotli: 6 };
}

export async function writeSnapshot(data: SnapshotData, dir: string): Promise<SnapshotSummary> {
  const out = new SnapshotFiles(dir, compressionLevels(data.tools.length));
  await writePages(data, out);
  // The public documents are prebuilt bodies too, so their ETags follow their bytes.
  const openapi = JSON.parse(JSON.stringify(buildOpenApi(data))) as { info: { title: string } };
  await out.writeBody('/openapi.json', JSON.stringify(openapi, null, 2), undefined, { path: 'openapi.json' });
  await out.writeBody(DOCS_PATH, docsHtml(openapi.info.title), undefined, { path: 'docs/index.html', type: 'text/html; charset=utf-8' });
  await out.writeBody(DOCS_SCRIPT_PATH, await scalarScript(), undefined, { path: 'docs/scalar.js', type: 'text/javascript; charset=utf-8' });

  const dataText = JSON.stringify(data);
  const indexText = JSON.stringify(await exportSearchIndex(buildSearchIndex(data.tools)));
  const hash = createHash('sha256').update(dataText).update('\0').update(indexText);
  for (const [key, b] of Object.entries(out.bodies)) hash.update(`\0${key}\0${b.etag}`);
  const snapshot = hash.digest('hex').slice(0, 16);
  await out.put('data.json', dataText);
  await out.put('search-index.json', indexText);

  const manifest: Manifest = {
    snapshot,
    counts: { tools: data.tools.length, categories: data.categories.length, groups: data.groups.length, bodies: Object.keys(out.bodies).length },
    files: { data: 'data.json', search_index: 'search-index.json', openapi: 'openapi.json' },
    bodies: out.bodies,
  };
  await out.put('manifest.json', `${JSON.stringify(manifest)}\n`);
  return { snapshot, tools: data.tools.length, categories: data.categories.length, bodies: manifest.counts.bodies, files: out.files, bytes: out.bytes };
}

/** Every list page and item, compressed on libuv's pool while the next bodies are rendered (at most 16 at once). */
async function writePages(data: SnapshotData, out: SnapshotFiles): Promise<void> {
  // The serialized items live only as long as this call, so they are let go before the index is built.
  const tools = encodeItems(data.tools);
  const categories = encodeItems(data.categories);
  const inFlight = new Set<Promise<void>>();
  for (const [key, body, total] of prebuiltBodies(data, tools, categories)) {
    out.reserve(key);
    const task = out.writeBody(key, body, total).finally(() => inFlight.delete(task));
    inFlight.add(task);
    if (inFlight.size >= 16) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
}
