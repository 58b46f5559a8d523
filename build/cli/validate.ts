// npm run validate [-- --catalog DIR]
import { parseArgs } from 'node:util';
import { validateCatalog } from '../build.ts';
import { toolsWithoutMakerSource } from '../checks/maker-sources.ts';
import { oldestVerified } from '../freshness.ts';
import { reportProblems } from '../report.ts';
import { runAsScript, type CliIo } from './io.ts';

export async function validate(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { catalog: { type: 'string', default: 'catalog' } } });
  const { catalog, problems } = await validateCatalog(values.catalog!);
  if (problems.length > 0) {
    reportProblems(problems, (line) => io.stderr(`${line}\n`), io.github);
    return 1;
  }
  const say = (line: string) => io.stdout(`${line}\n`);
  const tools = catalog.tools.map((t) => t.data);
  say(`Catalog OK: ${tools.length} tools, ${catalog.categories.length} categories, ${catalog.retired.length} retired tools.`);
  // Not errors: what curation still owes, so the gap stays visible in every run.
  const unsourced = tools.filter((t) => t.sources === undefined).map((t) => t.slug);
  const launched = tools.filter((t) => t.launched !== null).length;
  say(`Sources: ${tools.length - unsourced.length} of ${tools.length} tools${unsourced.length ? ` (not yet: ${unsourced.join(', ')})` : ''}. Launch year: ${launched} of ${tools.length}.`);
  const noMaker = toolsWithoutMakerSource(catalog);
  const ceiling = catalog.sourceRules?.data.max_tools_without_maker_source;
  if (noMaker.length > 0) {
    const warning = `${noMaker.length} of ${tools.length} tools have no source on their maker's own web presence (site, docs, repository, store listing)`;
    say(`Warning: ${warning}: ${noMaker.join(', ')}.`);
    if (io.github) say(`::warning file=${catalog.sourceRules?.file ?? values.catalog}::${warning}; npm run validate names them`);
  }
  if (ceiling !== undefined && noMaker.length < ceiling) {
    say(`The count went down: lower max_tools_without_maker_source in ${catalog.sourceRules!.file} from ${ceiling} to ${noMaker.length}, so it cannot rise again.`);
  }
  say(`Re-check next (oldest verified_at): ${oldestVerified(catalog).map((r) => `${r.slug} (${r.verified_at ?? 'never'})`).join(', ')}.`);
  return 0;
}

await runAsScript(import.meta.url, validate);
