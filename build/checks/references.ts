// Records that send users to other tools (a retired record's successor and alternatives, a live
// tool's successor) name current tools, by their current slug: a 410 or a successor-version link
// must lead to a page that answers 200.
import type { Catalog, Check, SourceFile } from '../catalog.ts';
import { lineOf } from '../field-line.ts';
import { closest, didYouMean } from '../../snapshot/edit-distance.ts';

/** One slug a record names: where it is written, and whether the record is retired or live. */
interface Reference { record: SourceFile<unknown>; path: [string] | [string, number]; slug: string; from: 'retired' | 'tool' }

export const references: Check = {
  name: 'references',
  description: 'Every successor and alternative is a current tool, named by its current slug (no former slug, no chain of retired tools).',
  check(c) {
    const why = whyNotCurrent(c);
    return referencesOf(c).flatMap((ref) => {
      const message = why(ref);
      return message ? [{ file: ref.record.file, field: ref.path.length > 1 ? `${ref.path[0]}[${ref.path[1]}]` : ref.path[0], line: lineOf(ref.record.text, ref.path), message }] : [];
    });
  },
};

function referencesOf(c: Catalog): Reference[] {
  return [
    ...c.retired.flatMap((record) => [
      ...(record.data.successor === null ? [] : [{ record, path: ['successor'], slug: record.data.successor, from: 'retired' } as Reference]),
      ...record.data.alternatives.map((slug, i): Reference => ({ record, path: ['alternatives', i], slug, from: 'retired' })),
    ]),
    ...c.tools.flatMap((record) => (record.data.successor === undefined ? [] : [{ record, path: ['successor'], slug: record.data.successor, from: 'tool' } as Reference])),
  ];
}

/** Why a reference does not lead to a current tool, in a sentence (undefined when it does). */
function whyNotCurrent(c: Catalog): (ref: Reference) => string | undefined {
  const current = c.tools.map((t) => t.data.slug);
  const live = new Set(current);
  const renamed = new Map(c.tools.flatMap((t) => (t.data.former_slugs ?? []).map((old) => [old, t.data.slug] as const)));
  const retired = new Set(c.retired.map((r) => r.data.slug));
  return ({ slug, from }) => {
    if (live.has(slug)) return undefined;
    const moved = renamed.get(slug);
    if (moved !== undefined) return `'${slug}' is a former slug of '${moved}'; write '${moved}' (npm run rename-tool updates every reference)`;
    if (retired.has(slug)) return from === 'retired' ? `'${slug}' is retired too; name a current tool (no chains of retired tools)` : `'${slug}' is retired; the successor must be a current tool`;
    const hint = closest(slug, current);
    return from === 'retired'
      ? `no current tool has the slug '${slug}'.${hint ? ` ${didYouMean([hint])}` : ''}`
      : `unknown tool '${slug}'; the successor must be a current tool.${hint ? ` ${didYouMean([hint])}` : ''}`;
  };
}
