// npm run format [-- --catalog DIR]: rewrite every valid catalog file in canonical form.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readCatalog } from '../catalog.ts';
import { formatCategory, formatRetired, formatSourceRules, formatTool, formatVocabulary } from '../format.ts';
import { reportProblems } from '../report.ts';
import { runAsScript, type CliIo } from './io.ts';

export async function format(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { catalog: { type: 'string', default: 'catalog' } } });
  const catalog = await readCatalog(values.catalog!);
  let changed = 0;
  const rewrite = async (file: string, text: string, canonical: string) => {
    if (text === canonical) return;
    await writeFile(path.resolve(file), canonical);
    changed++;
  };
  for (const f of catalog.tools) await rewrite(f.file, f.text, formatTool(f.data));
  for (const f of catalog.categories) await rewrite(f.file, f.text, formatCategory(f.data));
  for (const f of catalog.retired) await rewrite(f.file, f.text, formatRetired(f.data));
  if (catalog.vocabulary) await rewrite(catalog.vocabulary.file, catalog.vocabulary.text, formatVocabulary(catalog.vocabulary.data));
  if (catalog.sourceRules) await rewrite(catalog.sourceRules.file, catalog.sourceRules.text, formatSourceRules(catalog.sourceRules.data));
  io.stdout(`Formatted ${changed} file${changed === 1 ? '' : 's'}.\n`);
  if (catalog.problems.length === 0) return 0;
  io.stderr('These files could not be read, so they were not formatted:\n');
  reportProblems(catalog.problems, (line) => io.stderr(`${line}\n`), io.github);
  return 1;
}

await runAsScript(import.meta.url, format);
