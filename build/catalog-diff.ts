// What a pull request changes in the catalog, for the job summary a reviewer reads: tools,
// categories and retired records added, removed, renamed (a new slug listing the old one in
// former_slugs), retired (a tool moved to retired/) and changed, with the fields that changed and,
// for pricing and lifecycle dates, their old and new values, and the sources added and removed;
// then the new totals.
import type { Catalog } from './catalog.ts';

type Kind = 'tools' | 'categories' | 'retired';
const TITLES: Record<Kind, string> = { tools: 'Tools', categories: 'Categories', retired: 'Retired tools' };

export interface KindDiff {
  added: string[];
  removed: string[];
  renamed: { from: string; to: string }[];
  /** Tools moved to retired/ (only on tools). */
  retired: { slug: string; on: string }[];
  changed: { slug: string; fields: string[]; sources?: SourceChange }[];
  total: number;
  before: number;
}

/** Fields whose old and new values a reviewer wants to see, not only that they changed. */
const SHOWN = new Set(['pricing', 'retired_at', 'sunset_at', 'successor', 'launched']);
export type CatalogDiff = Record<Kind, KindDiff>;
/** Pages a record's facts now rest on, and pages it no longer cites. */
export interface SourceChange { added: string[]; removed: string[] }

export function diffCatalogs(base: Catalog, head: Catalog): CatalogDiff {
  const kinds: Kind[] = ['tools', 'categories', 'retired'];
  const diff = Object.fromEntries(kinds.map((kind) => [kind, diffKind(records(base, kind), records(head, kind))])) as CatalogDiff;
  // A tool removed here and added as a retired record was retired, not deleted.
  const retiredNow = records(head, 'retired');
  diff.tools.retired = diff.tools.removed.filter((s) => retiredNow.has(s)).map((slug) => ({ slug, on: String(retiredNow.get(slug)!.retired_at) }));
  diff.tools.removed = diff.tools.removed.filter((s) => !retiredNow.has(s));
  diff.retired.added = diff.retired.added.filter((s) => !diff.tools.retired.some((r) => r.slug === s));
  return diff;
}

function records(c: Catalog, kind: Kind): Map<string, Record<string, unknown>> {
  return new Map((c[kind] as { data: Record<string, unknown> }[]).map((f) => [f.data.slug as string, f.data]));
}

function diffKind(before: Map<string, Record<string, unknown>>, after: Map<string, Record<string, unknown>>): KindDiff {
  let added = [...after.keys()].filter((s) => !before.has(s)).sort();
  let removed = [...before.keys()].filter((s) => !after.has(s)).sort();
  // A new slug that lists a removed one among its former slugs is that record, renamed.
  const renamed = added.flatMap((to) => ((after.get(to)!.former_slugs as string[] | undefined) ?? []).filter((from) => removed.includes(from)).map((from) => ({ from, to })));
  added = added.filter((s) => !renamed.some((r) => r.to === s));
  removed = removed.filter((s) => !renamed.some((r) => r.from === s));
  const pairs: [string, string][] = [...[...after.keys()].filter((s) => before.has(s)).map((s): [string, string] => [s, s]), ...renamed.map((r): [string, string] => [r.from, r.to])];
  const changed = pairs.sort((x, y) => x[1].localeCompare(y[1])).flatMap(([old, slug]) => {
    const a = before.get(old)!;
    const b = after.get(slug)!;
    const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])]
      .filter((f) => !['$schema', 'slug', 'former_slugs'].includes(f) && JSON.stringify(a[f]) !== JSON.stringify(b[f]))
      .map((f) => (SHOWN.has(f) ? `${f} (${JSON.stringify(a[f] ?? null)} → ${JSON.stringify(b[f] ?? null)})` : f));
    if (fields.length === 0) return [];
    const was = (a.sources as string[] | undefined) ?? [];
    const now = (b.sources as string[] | undefined) ?? [];
    const sources = { added: now.filter((u) => !was.includes(u)), removed: was.filter((u) => !now.includes(u)) };
    return [{ slug, fields, ...(sources.added.length + sources.removed.length > 0 && { sources }) }];
  });
  return { added, removed, renamed, retired: [], changed, total: after.size, before: before.size };
}

const list = (slugs: string[]) => slugs.map((s) => `\`${s}\``).join(', ');
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `${n}` : '±0');

/** The diff as Markdown, for $GITHUB_STEP_SUMMARY. */
export function diffMarkdown(diff: CatalogDiff): string {
  const lines = ['## Catalog changes', ''];
  const kinds = Object.keys(TITLES) as Kind[];
  const count = (d: KindDiff) => d.added.length + d.removed.length + d.renamed.length + d.retired.length + d.changed.length;
  const empty = kinds.every((k) => count(diff[k]) === 0);
  if (empty) lines.push('No catalog files changed.', '');
  for (const kind of kinds) {
    const d = diff[kind];
    if (count(d) === 0) continue;
    lines.push(`### ${TITLES[kind]}`, '');
    if (d.added.length > 0) lines.push(`- Added (${d.added.length}): ${list(d.added)}`);
    if (d.removed.length > 0) lines.push(`- Removed (${d.removed.length}): ${list(d.removed)}`);
    if (d.renamed.length > 0) lines.push(`- Renamed (${d.renamed.length}): ${d.renamed.map((r) => `\`${r.from}\` → \`${r.to}\``).join(', ')}`);
    if (d.retired.length > 0) lines.push(`- Retired (${d.retired.length}): ${d.retired.map((r) => `\`${r.slug}\` (on ${r.on})`).join(', ')}`);
    if (d.changed.length > 0) {
      lines.push(`- Changed (${d.changed.length}):`);
      for (const c of d.changed) {
        lines.push(`  - \`${c.slug}\`: ${c.fields.join(', ')}`);
        for (const url of c.sources?.added ?? []) lines.push(`    - source added: ${url}`);
        for (const url of c.sources?.removed ?? []) lines.push(`    - source removed: ${url}`);
      }
    }
    lines.push('');
  }
  const totals = kinds.map((k) => `${diff[k].total} ${TITLES[k].toLowerCase()} (${signed(diff[k].total - diff[k].before)})`);
  lines.push(`**Totals:** ${totals.join(', ')}.`, '');
  return lines.join('\n');
}
