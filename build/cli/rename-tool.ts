// npm run rename-tool -- <old-slug> <new-slug> [--catalog DIR]: see build/rename-tool.ts.
import { parseArgs } from 'node:util';
import { renameTool, RenameError } from '../rename-tool.ts';

const { values, positionals } = parseArgs({ options: { catalog: { type: 'string', default: 'catalog' } }, allowPositionals: true });
const [from, to] = positionals;
if (from === undefined || to === undefined || positionals.length > 2) {
  console.error('Usage: npm run rename-tool -- <old-slug> <new-slug>   (for example: npm run rename-tool -- murf murf-ai)');
  process.exit(1);
}
try {
  const files = await renameTool(values.catalog!, from, to);
  console.log(`Renamed '${from}' to '${to}'; '${from}' is kept in former_slugs and answers 301. Files:\n${files.map((f) => `  ${f}`).join('\n')}\nRun npm run validate, then commit these files together.`);
} catch (e) {
  if (!(e instanceof RenameError)) throw e;
  console.error(e.message);
  process.exit(1);
}
