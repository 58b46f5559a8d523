// Runs one whole-catalog check on a copy of the fixture catalog with some files edited, and gives
// its problems as the validator prints them (`file:line field - message`).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readCatalog, type Check } from '../../build/catalog.ts';
import { formatProblem } from '../../build/report.ts';
import { editJson, fixtureCopy, removeDir } from '../helpers.ts';

/** A file of the catalog (e.g. `tools/murf.json`) and its edit: a change to its JSON, or its whole new text. */
export type Edits = Record<string, ((data: Record<string, unknown>) => void) | string>;

/** The day the checks run on, fixed so that date rules give the same answer every day. */
export const TODAY = '2026-11-27';

export async function problemsOf(check: Check, edits: Edits = {}, today = TODAY): Promise<string[]> {
  const catalog = await fixtureCopy();
  try {
    for (const [file, edit] of Object.entries(edits)) {
      const at = path.join(catalog, file);
      if (typeof edit === 'string') await writeFile(at, edit);
      else await editJson(at, edit);
    }
    const read = await readCatalog(catalog, 'catalog');
    return check.check(read, today).map((finding) => formatProblem({ check: check.name, ...finding }));
  } finally {
    await removeDir(path.dirname(catalog));
  }
}

/** A JSON record written as the canonical format writes it. */
export const json = (data: object) => `${JSON.stringify(data, null, 2)}\n`;
