// Which records to re-check next: the tools whose facts were checked longest ago (verified_at;
// never checked comes first), and, from the link checker, the tools one of whose sources is dead
// or has moved, since the page their facts rest on is no longer what was read.
import type { Catalog } from './catalog.ts';
import type { LinkResult } from './link-check.ts';

export interface Recheck { slug: string; file: string; verified_at: string | null; why: string }

/** The `n` tools checked longest ago, oldest first (ties by slug). */
export function oldestVerified(c: Catalog, n = 10): Recheck[] {
  return c.tools
    .map(({ file, data: t }) => ({ slug: t.slug, file, verified_at: t.verified_at ?? null, why: t.verified_at ? `checked ${t.verified_at}` : 'never checked' }))
    .sort((a, b) => (a.verified_at ?? '').localeCompare(b.verified_at ?? '') || a.slug.localeCompare(b.slug))
    .slice(0, n);
}

/** Tools and retired records with a source that is dead or moved: the facts must be read again from a live page. */
export function recheckFromLinks(c: Catalog, results: readonly LinkResult[]): Recheck[] {
  const verified = new Map([...c.tools, ...c.retired].map((r) => [r.file, r.data.verified_at ?? null]));
  const byFile = new Map<string, string[]>();
  for (const r of results) {
    if (!r.field.startsWith('sources[') || (r.status !== 'dead' && r.status !== 'moved')) continue;
    byFile.set(r.file, [...(byFile.get(r.file) ?? []), `${r.field} ${r.status} (${r.detail})`]);
  }
  return [...byFile].map(([file, why]) => ({ slug: file.replace(/^.*\/|\.json$/g, ''), file, verified_at: verified.get(file) ?? null, why: why.join('; ') }));
}

/** The re-checks as Markdown, for a job summary: from the link check first, then the oldest. */
export function recheckMarkdown(fromLinks: readonly Recheck[], oldest: readonly Recheck[]): string {
  const lines = ['## Re-checks to do', ''];
  if (fromLinks.length > 0) {
    lines.push(`Sources that are dead or moved (${fromLinks.length} records): read the facts again from a live page of the maker, then raise verified_at.`, '', '| Record | Verified | Why |', '|---|---|---|');
    for (const r of fromLinks) lines.push(`| ${r.file} | ${r.verified_at ?? 'never'} | ${r.why} |`);
    lines.push('');
  }
  lines.push(`The ${oldest.length} tools checked longest ago: ${oldest.map((r) => `\`${r.slug}\` (${r.verified_at ?? 'never'})`).join(', ')}.`, '');
  return lines.join('\n');
}
