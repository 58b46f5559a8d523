// Plans: how many requests per minute a key of each plan may make. One JSON file holds them
// (gateway/plans.json, or PLANS_FILE), read once at start; a bad file stops the start with every
// problem named, rather than serving with a guessed limit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export interface Plan {
  /** Requests allowed per fixed 60-second window, per key. */
  per_minute: number;
}

export type Plans = Record<string, Plan>;

export const PLAN_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const DEFAULT_PLANS_FILE = fileURLToPath(new URL('./plans.json', import.meta.url));

export class PlansFileError extends Error {
  constructor(message: string, readonly problems: string[] = []) {
    super(message);
    this.name = 'PlansFileError';
  }
}

const positiveInteger = 'must be a positive integer';

const PlanSchema = z.strictObject(
  {
    per_minute: z
      .number({ error: (issue) => (issue.input === undefined ? `is required (${positiveInteger})` : positiveInteger) })
      .int({ error: positiveInteger })
      .positive({ error: positiveInteger }),
  },
  { error: 'must be an object like {"per_minute": 60}' },
);

const PlansSchema = z
  .record(
    z.string().regex(PLAN_NAME_PATTERN, { error: 'is not a valid plan name: use lowercase letters, digits and single hyphens (like "pro" or "team-plus")' }),
    PlanSchema,
    { error: 'must be an object of plans like {"free": {"per_minute": 60}}' },
  )
  .refine((plans) => Object.keys(plans).length > 0, { error: 'must define at least one plan' });

/** Reads and validates the plans file; throws PlansFileError naming the file and every problem. */
export function loadPlans(file: string = process.env.PLANS_FILE ?? DEFAULT_PLANS_FILE): Plans {
  const shown = shownPath(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `cannot be read (${(e as Error).message})`;
    throw new PlansFileError(`plans file ${shown}: ${reason}`, [reason]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const reason = `is not valid JSON (${(e as Error).message})`;
    throw new PlansFileError(`plans file ${shown}: ${reason}`, [reason]);
  }
  return parsePlans(json, shown);
}

/** Validates already-parsed plans (for a platform that bundles the JSON instead of reading it). */
export function parsePlans(json: unknown, shown = 'plans'): Plans {
  const result = PlansSchema.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues.map(describeIssue);
  throw new PlansFileError(`plans file ${shown}: ${problems.join('; ')}`, problems);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  const prefix = field ? `${field}: ` : '';
  if (issue.code === 'invalid_key') return `${prefix}${issue.issues[0]?.message ?? issue.message}`;
  if (issue.code === 'unrecognized_keys') {
    return `${prefix}unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')}; the only field of a plan is "per_minute"`;
  }
  return `${prefix}${issue.message}`;
}

/** Relative to the working directory when inside it, so messages read like `gateway/plans.json`. */
function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}
