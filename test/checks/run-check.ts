// Runs one whole-catalog check on a copy of the fixture catalog with some files edited, and gives
// its problems as the validator prints them (`file:line field - message`).
import path from 'node:path';
import { readCatalog, type Check } from '../../build/catalog.ts';
import { formatProblem } from '../../build/report.ts';
import { editCatalog, fixtureCopy, removeDir, type Edits } from '../helpers.ts';

/** The day the checks run on, fixed so that date rules give the same answer every day. */
export const TODAY = '2026-11-27';

export async function problemsOf(check: Check, edits: Edits = {}, today = TODAY): Promise<string[]> {
  const catalog = await fixtureCopy();
  try {
    await editCatalog(catalog, edits);
    const read = await readCatalog(catalog, 'catalog');
    return check.check(read, today).map((finding) => formatProblem({ check: check.name, ...finding }));
  } finally {
    await removeDir(path.dirname(catalog));
  }
}

/** A JSON record written as the canonical format writes it. */
export const json = (data: object) => `${JSON.stringify(data, null, 2)}\n`;
