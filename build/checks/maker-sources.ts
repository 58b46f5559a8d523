// The catalog's count of tools with no page of their maker's own (site, docs, repository, store
// listing) can only go down: catalog/sources.json records the ceiling, and the validator asks to
// lower it when the count falls.
import type { Catalog, Check } from '../catalog.ts';
import { lineOf } from '../field-line.ts';
import { isMakerSource, NO_RULES } from '../source-pages.ts';

/** Slugs of the tools none of whose sources is a page of their maker (tools with no sources included). */
export function toolsWithoutMakerSource(c: Catalog): string[] {
  const rules = c.sourceRules?.data ?? NO_RULES;
  return c.tools.filter(({ data: t }) => !(t.sources ?? []).some((s) => isMakerSource(t, s, rules))).map((t) => t.data.slug);
}

export const makerSources: Check = {
  name: 'maker-sources',
  description: 'The count of tools with no source on their maker\'s own web presence stays at or below the recorded ceiling, so it only goes down.',
  check(c) {
    const rules = c.sourceRules;
    if (!rules) return [];
    const missing = toolsWithoutMakerSource(c).length;
    const ceiling = rules.data.max_tools_without_maker_source;
    if (missing <= ceiling) return [];
    return [{
      file: rules.file, field: 'max_tools_without_maker_source', line: lineOf(rules.text, ['max_tools_without_maker_source']),
      message: `${missing} tools have no source on their maker's own web presence, more than the ceiling of ${ceiling}: give the tools you added or changed a page of their maker (site, docs, repository, store listing) first; \`npm run validate\` lists the tools without one`,
    }];
  },
};
