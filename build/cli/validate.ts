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
console.log(`Catalog OK: ${catalog.tools.length} tools, ${catalog.categories.length} categories, ${catalog.retired.length} retired tools.`);
