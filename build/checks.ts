// Whole-catalog checks, one function per concern (like mdn/browser-compat-data's linters). Each
// returns problems; none stops the others, so a curator sees everything in one run.
import path from 'node:path';
import { lineOf, type Catalog, type Check, type Problem, type SourceFile } from './catalog.ts';
import { formatCategory, formatRetired, formatSourceRules, formatTool, formatVocabulary } from './format.ts';
import { recordDateChecks } from './record-date-checks.ts';
import { sourceChecks, TRACKING_PARAMS } from './checks/sources.ts';
import { closest } from '../snapshot/edit-distance.ts';
import type { RetiredFile } from '../snapshot/schema.ts';

const PLACEHOLDERS: [RegExp, string][] = [
  [/lorem ipsum/i, "placeholder text 'lorem ipsum'"],
  [/\b(TODO|TBD|FIXME|XXX)\b/, 'a TODO/TBD/FIXME marker'],
  [/\bexample\.(com|org|net)\b/i, 'a placeholder domain (example.com)'],
  [/\breplace-me\b/, "the placeholder 'replace-me'"],
];

export const checks: Record<string, Check> = {
  fileNames(c) {
    const out: Problem[] = [];
    for (const f of [...c.tools, ...c.categories, ...c.retired]) {
      const expected = `${f.data.slug}.json`;
      if (path.basename(f.file) !== expected) {
        out.push({ file: f.file, field: 'slug', line: lineOf(f.text, ['slug']), message: `slug '${f.data.slug}' does not match the file name; rename the file to ${expected} or fix the slug` });
      }
    }
    return out;
  },

  uniqueness(c) {
    return [
      ...duplicates(c.tools, 'slug', (t) => t.slug),
      ...duplicates(c.tools, 'name', (t) => t.name.toLocaleLowerCase('en')),
      ...duplicates(c.tools, 'url', (t) => normalizeUrl(t.url)),
      ...duplicates(c.categories, 'slug', (x) => x.slug),
      ...duplicates(c.categories, 'name', (x) => x.name.toLocaleLowerCase('en')),
    ];
  },

  /**
   * A slug names one thing forever: within tools, a current slug, a former slug and a retired
   * slug are never the same; within categories, a current slug and a former one. Former slugs
   * sit on the current record, so a redirect never leads to another redirect.
   */
  identifiers(c) {
    const out: Problem[] = [];
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

  /** A retired tool sends its users to current tools only. */
  retiredReferences(c) {
    const current = c.tools.map((t) => t.data.slug);
    const set = new Set(current);
    const out: Problem[] = [];
    const check = (f: SourceFile<RetiredFile>, slug: string, field: string, path: (string | number)[]) => {
      if (set.has(slug)) return;
      const retired = c.retired.some((r) => r.data.slug === slug);
      const hint = closest(slug, current);
      out.push({
        file: f.file, field, line: lineOf(f.text, path),
        message: retired ? `'${slug}' is retired too; name a current tool (no chains of retired tools)` : `no current tool has the slug '${slug}'${hint ? ` (did you mean '${hint}'?)` : ''}`,
      });
    };
    for (const f of c.retired) {
      if (f.data.successor !== null) check(f, f.data.successor, 'successor', ['successor']);
      f.data.alternatives.forEach((slug, i) => check(f, slug, `alternatives[${i}]`, ['alternatives', i]));
    }
    return out;
  },

  /**
   * The search vocabulary: each phrasing names an existing category; a term belongs to one
   * category, or to several of one group (never to unrelated needs); a word is in one set of
   * equivalents; and each set is reachable: at least one of its words occurs in the catalog.
   */
  vocabulary(c) {
    const v = c.vocabulary;
    if (v === null) return [];
    const out: Problem[] = [];
    const groups = new Map(c.categories.map((x) => [x.data.slug, x.data.group]));
    const known = [...groups.keys()];
    const owner = new Map<string, string>();
    for (const [category, terms] of Object.entries(v.data.phrasings)) {
      if (!groups.has(category)) {
        const hint = closest(category, known);
        out.push({ file: v.file, field: `phrasings.${category}`, line: lineOf(v.text, ['phrasings', category]), message: `unknown category '${category}'${hint ? ` (did you mean '${hint}'?)` : ''}` });
        continue;
      }
      terms.forEach((term, i) => {
        const first = owner.get(term);
        if (first !== undefined && groups.get(first) !== groups.get(category)) {
          out.push({ file: v.file, field: `phrasings.${category}[${i}]`, line: lineOf(v.text, ['phrasings', category, i]), message: `'${term}' already leads to '${first}' (group ${groups.get(first)}); a term may not lead to unrelated needs` });
        }
        owner.set(term, first ?? category);
      });
    }
    const words = catalogWords(c);
    const setOf = new Map<string, number>();
    v.data.equivalents.forEach((set, i) => {
      set.forEach((word, j) => {
        const first = setOf.get(word);
        if (first !== undefined) out.push({ file: v.file, field: `equivalents[${i}][${j}]`, line: lineOf(v.text, ['equivalents', i, j]), message: `'${word}' is already in equivalents[${first}]; a word belongs to one set (merge the two sets)` });
        else setOf.set(word, i);
      });
      if (!set.some((w) => words.has(w))) {
        out.push({ file: v.file, field: `equivalents[${i}]`, line: lineOf(v.text, ['equivalents', i]), message: `none of ${set.map((w) => `'${w}'`).join(', ')} occurs in any tool, so the set finds nothing; add a word the catalog uses` });
      }
    });
    return out;
  },

  categoryReferences(c) {
    const known = c.categories.map((x) => x.data.slug);
    const set = new Set(known);
    const out: Problem[] = [];
    const referring = [...c.tools.map((t) => ({ file: t.file, text: t.text, categories: t.data.categories })), ...(c.unchecked ?? [])];
    for (const t of referring) {
      t.categories.forEach((slug, i) => {
        if (set.has(slug)) return;
        const hint = closest(slug, known);
        out.push({ file: t.file, field: `categories[${i}]`, line: lineOf(t.text, ['categories', i]), message: `unknown category '${slug}'${hint ? ` (did you mean '${hint}'?)` : '; add catalog/categories/' + slug + '.json or use an existing category'}` });
      });
    }
    return out;
  },

  categoriesInUse(c) {
    const used = new Set(c.tools.flatMap((t) => t.data.categories));
    return c.categories
      .filter((x) => !used.has(x.data.slug))
      .map((x) => ({ file: x.file, message: `category '${x.data.slug}' has no tools; list it in at least one tool's categories or delete the file` }));
  },

  urls(c) {
    const out: Problem[] = [];
    for (const t of c.tools) {
      for (const field of ['url', 'repository'] as const) {
        const value = t.data[field];
        if (value === null) continue;
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          out.push({ file: t.file, field, line: lineOf(t.text, [field]), message: `'${value}' is not a valid URL` });
          continue;
        }
        const tracking = [...url.searchParams.keys()].filter((k) => TRACKING_PARAMS.test(k));
        if (tracking.length > 0) {
          out.push({ file: t.file, field, line: lineOf(t.text, [field]), message: `has tracking parameter${tracking.length > 1 ? 's' : ''} ${tracking.map((k) => `'${k}'`).join(', ')}; link to the plain official URL` });
        }
      }
      if (t.data.repository !== null && !t.data.open_source) {
        out.push({ file: t.file, field: 'repository', line: lineOf(t.text, ['repository']), message: 'is set but open_source is false; set repository to null, or open_source to true if the code is published' });
      }
    }
    return out;
  },

  placeholderText(c) {
    const out: Problem[] = [];
    for (const f of [...c.tools, ...c.categories, ...c.retired] as SourceFile<Record<string, unknown>>[]) {
      for (const [field, value] of Object.entries(f.data)) {
        const strings = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];
        for (const s of strings) {
          const hit = PLACEHOLDERS.find(([re]) => re.test(s));
          if (hit) out.push({ file: f.file, field, line: lineOf(f.text, [field]), message: `contains ${hit[1]}; write the real text` });
        }
      }
    }
    return out;
  },

  ...recordDateChecks,

  ...Object.fromEntries(sourceChecks.map((c) => [c.name, c.check])),

  canonicalFormat(c) {
    return [
      ...c.tools.map((f) => [f, formatTool(f.data)] as const),
      ...c.categories.map((f) => [f, formatCategory(f.data)] as const),
      ...c.retired.map((f) => [f, formatRetired(f.data)] as const),
      ...(c.vocabulary ? [[c.vocabulary, formatVocabulary(c.vocabulary.data)] as const] : []),
      ...(c.sourceRules ? [[c.sourceRules, formatSourceRules(c.sourceRules.data)] as const] : []),
    ]
      .filter(([f, canonical]) => f.text !== canonical)
      .map(([f]) => ({ file: f.file, fix: 'format' as const, message: 'is not in canonical format (2-space JSON, keys in schema order, newline at the end); run `npm run format` to fix it' }));
  },
};

/** Runs every check and returns all problems, sorted by file then line. */
export function checkCatalog(catalog: Catalog, today = new Date().toISOString().slice(0, 10)): Problem[] {
  return Object.values(checks).flatMap((check) => check(catalog, today));
}

/** Every lowercase word of the tools' searchable text. */
function catalogWords(c: Catalog): Set<string> {
  const out = new Set<string>();
  for (const { data: t } of c.tools) {
    for (const text of [t.name, t.tagline, t.description, t.maker, ...t.tags]) {
      for (const w of text.toLowerCase().split(/[^a-z0-9]+/)) if (w) out.add(w);
    }
  }
  return out;
}

export function normalizeUrl(raw: string): string {
  try {
    const u = new URL(raw);
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    return `${host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return raw;
  }
}

function duplicates<T>(files: SourceFile<T>[], field: string, key: (d: T) => string): Problem[] {
  const seen = new Map<string, string>();
  const out: Problem[] = [];
  for (const f of files) {
    const k = key(f.data);
    const first = seen.get(k);
    if (first === undefined) {
      seen.set(k, f.file);
    } else {
      const value = (f.data as Record<string, unknown>)[field];
      out.push({ file: f.file, field, line: lineOf((f as SourceFile<unknown>).text, [field]), message: `${JSON.stringify(value)} is already used by ${first}; every ${field} must be unique` });
    }
  }
  return out;
}
