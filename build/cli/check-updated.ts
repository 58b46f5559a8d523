// npm run check-updated -- <base catalog folder> [catalog folder]: fails, naming the files, when a
// changed tool's updated_at was not raised (see build/updated-at.ts).
import { readCatalog } from '../catalog.ts';
import { reportProblems } from '../report.ts';
import { staleUpdatedAt } from '../updated-at.ts';

const [base, head = 'catalog'] = process.argv.slice(2);
if (!base) {
  console.error('Usage: npm run check-updated -- <base catalog folder> [catalog folder]');
  process.exit(1);
}
const problems = staleUpdatedAt(await readCatalog(base), await readCatalog(head), new Date().toISOString().slice(0, 10));
if (problems.length > 0) {
  reportProblems(problems);
  process.exit(1);
}
console.log('Every changed tool has a raised updated_at.');
