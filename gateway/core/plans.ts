// Plans: how many requests per minute a key of each plan may make. The shape and its validation
// live here, for every platform; the Node adapter reads them from a file (node/plans-file.ts), the
// edge bundle embeds the same JSON.
import { z } from 'zod';
import { KEBAB_CASE } from '../../snapshot/contract.ts';

export interface Plan {
  /** Requests allowed per fixed 60-second window, per key. */
  per_minute: number;
}

export type Plans = Record<string, Plan>;

export const PLAN_NAME_PATTERN = KEBAB_CASE;

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

/** Validates already-parsed plans; throws PlansFileError naming every problem. */
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
