// npm run catalog-diff -- <base catalog folder> <head catalog folder>: Markdown of what changed.
import { readCatalog } from '../catalog.ts';
import { diffCatalogs, diffMarkdown } from '../catalog-diff.ts';
import { runAsScript, type CliIo } from './io.ts';

export async function catalogDiff(argv: string[], io: CliIo): Promise<number> {
  const [base, head] = argv;
  if (!base || !head) {
    io.stderr('Usage: npm run catalog-diff -- <base catalog folder> <head catalog folder>\n');
    return 1;
  }
  io.stdout(diffMarkdown(diffCatalogs(await readCatalog(base), await readCatalog(head))));
  return 0;
}

await runAsScript(import.meta.url, catalogDiff);
