// npm run rename-tool -- <old-slug> <new-slug> [--catalog DIR]: see build/rename-tool.ts.
import { parseArgs } from 'node:util';
import { renameTool, RenameError } from '../rename-tool.ts';
import { runAsScript, type CliIo } from './io.ts';

export async function renameToolCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { catalog: { type: 'string', default: 'catalog' } }, allowPositionals: true });
  const [from, to] = positionals;
  if (from === undefined || to === undefined || positionals.length > 2) {
    io.stderr('Usage: npm run rename-tool -- <old-slug> <new-slug>   (for example: npm run rename-tool -- murf murf-ai)\n');
    return 1;
  }
  try {
    const files = await renameTool(values.catalog!, from, to);
    io.stdout(`Renamed '${from}' to '${to}'; '${from}' is kept in former_slugs and answers 301. Files:\n${files.map((f) => `  ${f}`).join('\n')}\nRun npm run validate, then commit these files together.\n`);
    return 0;
  } catch (e) {
    if (!(e instanceof RenameError)) throw e;
    io.stderr(`${e.message}\n`);
    return 1;
  }
}

await runAsScript(import.meta.url, renameToolCommand);
