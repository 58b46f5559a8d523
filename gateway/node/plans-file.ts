// The plans file (gateway/plans.json, or PLANS_FILE), read once at start; a bad file stops the
// start with every problem named, rather than serving with a guessed limit.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonFile } from '../../snapshot/json-file.ts';
import { PlansFileError, PlansSchema, plansRefused, type Plans } from '../core/plans.ts';
import { readJsonFile } from './json-file.ts';

export { PlansFileError };

export const DEFAULT_PLANS_FILE = fileURLToPath(new URL('../plans.json', import.meta.url));

/** Reads and validates the plans file; throws PlansFileError naming the file and every problem. */
export function loadPlans(file: string = process.env.PLANS_FILE ?? DEFAULT_PLANS_FILE): Plans {
  const shown = shownPath(file);
  let read: JsonFile<Plans>;
  try {
    read = readJsonFile(file, PlansSchema);
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `cannot be read (${(e as Error).message})`;
    throw new PlansFileError(`plans file ${shown}: ${reason}`, [reason]);
  }
  if ('invalidJson' in read) {
    const reason = `is not valid JSON at ${read.invalidJson.message}`;
    throw new PlansFileError(`plans file ${shown}: ${reason}`, [reason]);
  }
  if ('issues' in read) throw plansRefused(read.issues, shown);
  return read.data;
}

/** Relative to the working directory when inside it, so messages read like `gateway/plans.json`. */
function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}
