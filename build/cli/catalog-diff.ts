// npm run catalog-diff -- <base catalog folder> <head catalog folder>: Markdown of what changed.
import { readCatalog } from '../catalog.ts';
import { diffCatalogs, diffMarkdown } from '../catalog-diff.ts';

const [base, head] = process.argv.slice(2);
if (!base || !head) {
  console.error('Usage: npm run catalog-diff -- <base catalog folder> <head catalog folder>');
  process.exit(1);
}
process.stdout.write(diffMarkdown(diffCatalogs(await readCatalog(base), await readCatalog(head))));
