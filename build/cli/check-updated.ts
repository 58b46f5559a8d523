// npm run check-updated -- <base catalog folder> [catalog folder]: fails, naming the files, when a
// changed tool's updated_at was not raised (see build/updated-at.ts).
import { readCatalog } from '../catalog.ts';
import { reportProblems } from '../report.ts';
import { staleUpdatedAt } from '../updated-at.ts';
import { runAsScript, type CliIo } from './io.ts';

export async function checkUpdated(argv: string[], io: CliIo): Promise<number> {
  const [base, head = 'catalog'] = argv;
  if (!base) {
    io.stderr('Usage: npm run check-updated -- <base catalog folder> [catalog folder]\n');
    return 1;
  }
  const problems = staleUpdatedAt(await readCatalog(base), await readCatalog(head), new Date().toISOString().slice(0, 10));
  if (problems.length > 0) {
    reportProblems(problems, (line) => io.stderr(`${line}\n`), io.github);
    return 1;
  }
  io.stdout('Every changed tool has a raised updated_at.\n');
  return 0;
}

await runAsScript(import.meta.url, checkUpdated);
