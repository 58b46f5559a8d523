// npm run validate [-- --catalog DIR]
import { parseArgs } from 'node:util';
import { validateCatalog } from '../build.ts';
import { toolsWithoutMakerSource } from '../checks/maker-sources.ts';
import { oldestVerified } from '../freshness.ts';
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
const noMaker = toolsWithoutMakerSource(catalog);
const ceiling = catalog.sourceRules?.data.max_tools_without_maker_source;
if (noMaker.length > 0) {
  const warning = `${noMaker.length} of ${tools.length} tools have no source on their maker's own web presence (site, docs, repository, store listing)`;
  console.log(`Warning: ${warning}: ${noMaker.join(', ')}.`);
  if (process.env.GITHUB_ACTIONS === 'true') console.log(`::warning file=${catalog.sourceRules?.file ?? values.catalog}::${warning}; npm run validate names them`);
}
if (ceiling !== undefined && noMaker.length < ceiling) {
  console.log(`The count went down: lower max_tools_without_maker_source in ${catalog.sourceRules!.file} from ${ceiling} to ${noMaker.length}, so it cannot rise again.`);
}
console.log(`Re-check next (oldest verified_at): ${oldestVerified(catalog).map((r) => `${r.slug} (${r.verified_at ?? 'never'})`).join(', ')}.`);
