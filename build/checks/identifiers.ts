// A slug names one thing forever: within tools, a current slug, a former slug and a retired slug
// are never the same; within categories, a current slug and a former one. Former slugs sit on the
// current record, so a redirect never leads to another redirect.
import type { Check, Finding, SourceFile } from '../catalog.ts';
import { lineOf } from '../field-line.ts';

export const identifiers: Check = {
  name: 'identifiers',
  description: 'A slug names one tool or category forever: no former or retired slug is reused by another record.',
  check(c) {
    const out: Finding[] = [];
    const claim = (seen: Map<string, string>, slug: string, owner: string, file: SourceFile<unknown>, field: string, line: number | undefined) => {
      const first = seen.get(slug);
      if (first === undefined) seen.set(slug, owner);
      else out.push({ file: file.file, field, line, message: `slug '${slug}' is already used by ${first}; a slug names one tool or category forever, current, former or retired` });
    };
    for (const [records, what] of [[c.tools, 'tools'], [c.categories, 'categories']] as const) {
      // Two current records with one slug are reported by `uniqueness`; here, every other reuse.
      const seen = new Map<string, string>();
      for (const f of records) if (!seen.has(f.data.slug)) seen.set(f.data.slug, f.file);
      if (what === 'tools') for (const f of c.retired) claim(seen, f.data.slug, f.file, f, 'slug', lineOf(f.text, ['slug']));
      for (const f of records) {
        (f.data.former_slugs ?? []).forEach((slug, i) => claim(seen, slug, `${f.file} (former_slugs)`, f, `former_slugs[${i}]`, lineOf(f.text, ['former_slugs', i])));
      }
    }
    return out;
  },
};
