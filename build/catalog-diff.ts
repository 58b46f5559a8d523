// What a pull request changes in the catalog, for the job summary: tools, categories and retired
// records added, removed and changed (with the fields that changed), and the new totals.
import type { Catalog } from './catalog.ts';

type Kind = 'tools' | 'categories' | 'retired';
const TITLES: Record<Kind, string> = { tools: 'Tools', categories: 'Categories', retired: 'Retired tools' };

export interface KindDiff { added: string[]; removed: string[]; changed: { slug: string; fields: string[] }[]; total: number; before: number }
export type CatalogDiff = Record<Kind, KindDiff>;

export function diffCatalogs(base: Catalog, head: Catalog): CatalogDiff {
  const kinds: Kind[] = ['tools', 'categories', 'retired'];
  return Object.fromEntries(kinds.map((kind) => [kind, diffKind(records(base, kind), records(head, kind))])) as CatalogDiff;
}

function records(c: Catalog, kind: Kind): Map<string, Record<string, unknown>> {
  return new Map((c[kind] as { data: Record<string, unknown> }[]).map((f) => [f.data.slug as string, f.data]));
}

function diffKind(before: Map<string, Record<string, unknown>>, after: Map<string, Record<string, unknown>>): KindDiff {
  const added = [...after.keys()].filter((s) => !before.has(s)).sort();
  const removed = [...before.keys()].filter((s) => !after.has(s)).sort();
  const changed = [...after.keys()].filter((s) => before.has(s)).sort().flatMap((slug) => {
    const a = before.get(slug)!;
    const b = after.get(slug)!;
    const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])]
      .filter((f) => f !== '$schema' && JSON.stringify(a[f]) !== JSON.stringify(b[f]));
    return fields.length > 0 ? [{ slug, fields }] : [];
  });
  return { added, removed, changed, total: after.size, before: before.size };
}

const list = (slugs: string[]) => slugs.map((s) => `\`${s}\``).join(', ');
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `${n}` : '±0');

/** The diff as Markdown, for $GITHUB_STEP_SUMMARY. */
export function diffMarkdown(diff: CatalogDiff): string {
  const lines = ['## Catalog changes', ''];
  const kinds = Object.keys(TITLES) as Kind[];
  const empty = kinds.every((k) => diff[k].added.length + diff[k].removed.length + diff[k].changed.length === 0);
  if (empty) lines.push('No catalog files changed.', '');
  for (const kind of kinds) {
    const d = diff[kind];
    if (d.added.length + d.removed.length + d.changed.length === 0) continue;
    lines.push(`### ${TITLES[kind]}`, '');
    if (d.added.length > 0) lines.push(`- Added (${d.added.length}): ${list(d.added)}`);
    if (d.removed.length > 0) lines.push(`- Removed (${d.removed.length}): ${list(d.removed)}`);
    if (d.changed.length > 0) {
      lines.push(`- Changed (${d.changed.length}):`);
      for (const c of d.changed) lines.push(`  - \`${c.slug}\`: ${c.fields.join(', ')}`);
    }
    lines.push('');
  }
  const totals = kinds.map((k) => `${diff[k].total} ${TITLES[k].toLowerCase()} (${signed(diff[k].total - diff[k].before)})`);
  lines.push(`**Totals:** ${totals.join(', ')}.`, '');
  return lines.join('\n');
}
