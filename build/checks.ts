// The whole-catalog checks, one concern per file in build/checks/ (like browser-compat-data's
// linters). None stops the others, so a curator sees every problem in one run, each labelled with
// the check that found it.
import type { Catalog, Check, Problem } from './catalog.ts';
import { canonicalFormat } from './checks/canonical-format.ts';
import { categories } from './checks/categories.ts';
import { dates } from './checks/dates.ts';
import { fileNames } from './checks/file-names.ts';
import { identifiers } from './checks/identifiers.ts';
import { lifecycle } from './checks/lifecycle.ts';
import { makerSources } from './checks/maker-sources.ts';
import { placeholders } from './checks/placeholders.ts';
import { references } from './checks/references.ts';
import { sources } from './checks/sources.ts';
import { uniqueness } from './checks/uniqueness.ts';
import { urls } from './checks/urls.ts';
import { vocabulary } from './checks/vocabulary.ts';

/** In the order the output lists them: identity first, then references, content, provenance, format. */
export const CHECKS: readonly Check[] = [
  fileNames, uniqueness, identifiers, references, categories, lifecycle, vocabulary, urls, placeholders, dates, sources, makerSources, canonicalFormat,
];

/** Runs every check; each problem carries its check's name. */
export function checkCatalog(catalog: Catalog, today = new Date().toISOString().slice(0, 10)): Problem[] {
  return CHECKS.flatMap((c) => c.check(catalog, today).map((finding) => ({ check: c.name, ...finding })));
}
