// The engines `npm run relevance` compares on the same catalog: ours as the API answers (through
// export and import, as the gateway loads it), MiniSearch and Orama with their default settings.
import path from 'node:path';
import { create, insert, search as oramaSearch } from '@orama/orama';
import MiniSearch from 'minisearch';
import { validateCatalog } from '../../build/build.ts';
import { assembleData } from '../../build/snapshot.ts';
import { buildSearchIndex, exportSearchIndex, importSearchIndex } from '../../snapshot/search-index.ts';
import { createSearchEngine } from '../../snapshot/search/index.ts';
import type { SnapshotData, Tool } from '../../snapshot/types.ts';
import type { PeopleQuery } from '../fixtures/people-split.ts';

/** The top slugs an engine answers for a query (at most 10), best first. */
export type Engine = (q: string) => string[];

/** The catalog's data, read once per process (test files that share their worker's modules share it too; nobody changes it). */
const loaded = new Map<string, Promise<SnapshotData>>();
export function loadData(root: string): Promise<SnapshotData> {
  let data = loaded.get(root);
  if (data === undefined) loaded.set(root, data = readData(root));
  return data;
}

async function readData(root: string): Promise<SnapshotData> {
  const { catalog, problems } = await validateCatalog(path.join(root, 'catalog'), 'catalog');
  if (problems.length > 0) throw new Error(`the catalog has ${problems.length} problems; run npm run validate`);
  return assembleData(catalog);
}

export async function ourEngine(data: SnapshotData): Promise<Engine> {
  const engine = createSearchEngine(data, await importSearchIndex(await exportSearchIndex(buildSearchIndex(data.tools))));
  return (q) => engine.page(q, {}, 0, 10).hits.map((h) => data.tools[h.index]!.slug);
}

const text = (t: Tool) => ({
  slug: t.slug, name: t.name, tagline: t.tagline, description: t.description, maker: t.maker,
  tags: t.tags.join(' ').replace(/-/g, ' '), categories: t.categories.map((c) => c.name).join(' '),
});
const FIELDS = ['name', 'tagline', 'description', 'maker', 'tags', 'categories'];

export function miniSearchEngine(data: SnapshotData): Engine {
  const index = new MiniSearch({ idField: 'slug', fields: FIELDS, storeFields: ['slug'] });
  index.addAll(data.tools.map(text));
  return (q) => index.search(q).slice(0, 10).map((r) => r.id as string);
}

export async function oramaEngine(data: SnapshotData): Promise<Engine> {
  const db = create({ schema: { slug: 'string', name: 'string', tagline: 'string', description: 'string', maker: 'string', tags: 'string', categories: 'string' } as const });
  for (const t of data.tools) await insert(db, text(t));
  return (q) => {
    const res = oramaSearch(db, { term: q, limit: 10 }) as { hits: { document: { slug: string } }[] };
    return res.hits.map((h) => h.document.slug);
  };
}

export interface Score { n: number; success: number; rr: number }
export interface Scored { all: Score; byKind: Map<string, Score>; misses: string[] }

/** success@3: an accepted tool in the top 3 (or, for a query that accepts nothing, no result at all); MRR over the top 10. */
export function score(engine: Engine, queries: readonly PeopleQuery[]): Scored {
  const all: Score = { n: 0, success: 0, rr: 0 };
  const byKind = new Map<string, Score>();
  const misses: string[] = [];
  for (const query of queries) {
    const got = engine(query.q);
    const rank = query.accept.length === 0 ? (got.length === 0 ? 0 : -1) : got.findIndex((s) => query.accept.includes(s));
    const ok = rank >= 0 && rank < 3;
    const rr = rank >= 0 ? 1 / (rank + 1) : 0;
    // An off-topic query in another language counts as off-topic: language/xx measures what it finds.
    for (const key of [query.kind, ...(query.lang && query.kind === 'language' ? [`language/${query.lang}`] : [])]) {
      const s = byKind.get(key) ?? { n: 0, success: 0, rr: 0 };
      byKind.set(key, { n: s.n + 1, success: s.success + (ok ? 1 : 0), rr: s.rr + rr });
    }
    all.n++;
    all.success += ok ? 1 : 0;
    all.rr += rr;
    if (!ok) misses.push(`${query.kind}${query.lang ? `/${query.lang}` : ''} "${query.q}": got ${got.slice(0, 3).join(', ') || '(nothing)'}; accepts ${query.accept.slice(0, 6).join(', ') || '(nothing)'}`);
  }
  return { all, byKind, misses };
}

export const ratio = (s: Score, of: 'success' | 'rr') => (s.n === 0 ? 0 : s[of] / s.n);
