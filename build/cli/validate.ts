// npm run validate [-- --catalog DIR]
import { parseArgs } from 'node:util';
import { validateCatalog } from '../build.ts';
import { reportProblems } from '../report.ts';

const { values } = parseArgs({ options: { catalog: { type: 'string', default: 'catalog' } } });
const { catalog, problems } = await validateCatalog(values.catalog!);
if (problems.length > 0) {
  reportProblems(problems);
  process.exit(1);
}
const tools = catalog.tools.map((t) => t.data);
console.log(`Catalog OK: ${tools.length} tools, ${catalog.categories.length} categories, ${catalog.retired.length} retired tools.`);
// Not errors: what curation still owes, so the gap stays visible in every run.
const unsourced = tools.filter((t) => t.sources === undefined).map((t) => t.slug);
const launched = tools.filter((t) => t.launched !== null).length;
console.log(`Sources: ${tools.length - unsourced.length} of ${tools.length} tools${unsourced.length ? ` (not yet: ${unsourced.join(', ')})` : ''}. Launch year: ${launched} of ${tools.length}.`);
