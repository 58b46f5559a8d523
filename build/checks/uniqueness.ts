// Two records never share a slug, a name (ignoring case) or, for tools, a URL (ignoring `www.` and
// a trailing slash). The record blamed is the one changed last: a new or edited file is the one
// that brought the clash, not the untouched file that had the value first.
import type { Check, Finding, SourceFile } from '../catalog.ts';
import { lineOf } from '../field-line.ts';

export const uniqueness: Check = {
  name: 'uniqueness',
  description: 'No two tools share a slug, a name or a URL, and no two categories a slug or a name.',
  check(c) {
    return [
      ...duplicates(c.tools, 'slug', (t) => t.slug),
      ...duplicates(c.tools, 'name', (t) => t.name.toLocaleLowerCase('en')),
      ...duplicates(c.tools, 'url', (t) => normalizeUrl(t.url)),
      ...duplicates(c.categories, 'slug', (x) => x.slug),
      ...duplicates(c.categories, 'name', (x) => x.name.toLocaleLowerCase('en')),
    ];
  },
};

export function normalizeUrl(raw: string): string {
  try {
    const u = new URL(raw);
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    return `${host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return raw;
  }
}

type Dated = { updated_at?: string; added_at?: string };

/**
 * Oldest change first: by updated_at, then added_at (a new tool carries today in both; an edit
 * raises updated_at, which the pull-request check insists on), then by file name. Records without
 * dates (categories) keep the file order.
 */
function byLastChange<T>(a: SourceFile<T>, b: SourceFile<T>): number {
  const [x, y] = [a.data as Dated, b.data as Dated];
  return (x.updated_at ?? '').localeCompare(y.updated_at ?? '') || (x.added_at ?? '').localeCompare(y.added_at ?? '') || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
}

function duplicates<T>(files: SourceFile<T>[], field: string, key: (d: T) => string): Finding[] {
  const seen = new Map<string, string>();
  const out: Finding[] = [];
  for (const f of [...files].sort(byLastChange)) {
    const k = key(f.data);
    const first = seen.get(k);
    if (first === undefined) {
      seen.set(k, f.file);
    } else {
      const value = (f.data as Record<string, unknown>)[field];
      out.push({ file: f.file, field, line: lineOf(f.text, [field]), message: `${JSON.stringify(value)} is already used by ${first}; every ${field} must be unique` });
    }
  }
  return out;
}
