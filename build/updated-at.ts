// updated_at means something: a pull request that changes a tool's record must raise its
// updated_at. The pull-request check compares the catalog with its base branch and names each file
// whose facts changed while its date did not, with the line to write.
import { toolFileSchema, toolSchema } from '../snapshot/schema.ts';
import type { Catalog, Problem } from './catalog.ts';

/**
 * Fields whose change is no change of what API consumers sync (`updated_since`): the date itself,
 * and what the API never shows (where the file sits, aliases, prominence, former slugs).
 */
const NOT_A_CHANGE = new Set(['updated_at', ...Object.keys(toolFileSchema.shape).filter((k) => !(k in toolSchema.shape))]);

export function staleUpdatedAt(base: Catalog, head: Catalog, today: string): Problem[] {
  const before = new Map(base.tools.map((t) => [t.data.slug, t.data as Record<string, unknown>]));
  const problems: Problem[] = [];
  for (const { file, data } of head.tools) {
    const old = before.get(data.slug);
    if (old === undefined) continue;
    const now = data as Record<string, unknown>;
    const changed = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((k) => !NOT_A_CHANGE.has(k) && JSON.stringify(old[k]) !== JSON.stringify(now[k]));
    // A second change on the day of the last one already carries today's date: no later day can be written.
    if (changed.length === 0 || data.updated_at > String(old.updated_at) || data.updated_at >= today) continue;
    problems.push({ check: 'updated-at', file, field: 'updated_at', message: `this pull request changes ${changed.join(', ')}, so updated_at must be raised: write "updated_at": "${today}"` });
  }
  return problems;
}
