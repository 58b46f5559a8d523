// Which item a slug names: one answer for every reader of a slug (the item paths, similar_to,
// slugs= batches, the MCP tools), over lookups made once per snapshot.
import { nearest } from './edit-distance.ts';
import type { RetiredTool, SnapshotData } from './types.ts';

/** The slugs of one kind of item. */
export interface SlugTable {
  /** Slug -> index of a current item. */
  current: ReadonlyMap<string, number>;
  /** Former slug -> the current slug it became. */
  moved: ReadonlyMap<string, string>;
  /** Retired tools by slug (no category retires). */
  retired: ReadonlyMap<string, RetiredTool>;
}

export type SlugAnswer =
  | { kind: 'current'; index: number }
  | { kind: 'moved'; index: number; to: string }
  | { kind: 'retired'; tool: RetiredTool }
  | { kind: 'unknown' };

export interface SlugTables { tools: SlugTable; categories: SlugTable }

const tables = new WeakMap<SnapshotData, SlugTables>();

/** The lookups of a snapshot's tools and categories, made on first use and kept with the snapshot. */
export function slugTables(data: SnapshotData): SlugTables {
  let made = tables.get(data);
  if (made === undefined) {
    made = {
      tools: { current: new Map(data.tools.map((t, i) => [t.slug, i])), moved: new Map(Object.entries(data.moved.tools)), retired: new Map(data.retired.map((r) => [r.slug, r])) },
      categories: { current: new Map(data.categories.map((c, i) => [c.slug, i])), moved: new Map(Object.entries(data.moved.categories)), retired: new Map() },
    };
    tables.set(data, made);
  }
  return made;
}

/** What `slug`, exactly as written, names: a current item, one it was renamed to, a retired tool, or nothing. */
export function resolveSlug(table: SlugTable, slug: string): SlugAnswer {
  const index = table.current.get(slug);
  if (index !== undefined) return { kind: 'current', index };
  const to = table.moved.get(slug);
  const renamed = to === undefined ? undefined : table.current.get(to);
  if (renamed !== undefined) return { kind: 'moved', index: renamed, to: to! };
  const tool = table.retired.get(slug);
  return tool === undefined ? { kind: 'unknown' } : { kind: 'retired', tool };
}

/** The slugs closest to one that names nothing, closest first (current and retired ones; former slugs are not offered). */
export function nearestSlugs(table: SlugTable, slug: string): string[] {
  // Past 200 characters a slug is no typo of a real one, and measuring it would cost for nothing.
  return slug.length <= 200 ? nearest(slug.toLowerCase(), [...table.current.keys(), ...table.retired.keys()]) : [];
}
