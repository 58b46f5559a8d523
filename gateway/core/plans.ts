// Plans: how many requests per minute a key of each plan may make. The shape and its validation
// live here, for every platform; the Node adapter reads them from a file (node/plans-file.ts), the
// edge bundle embeds the same JSON.
import { z } from 'zod';
import { KEBAB_CASE } from '../../snapshot/contract.ts';
import { fieldPath } from '../../snapshot/json-file.ts';

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
    /** Requests allowed per fixed 60-second window, per key. */
    per_minute: z
      .number({ error: (issue) => (issue.input === undefined ? `is required (${positiveInteger})` : positiveInteger) })
      .int({ error: positiveInteger })
      .positive({ error: positiveInteger }),
  },
  { error: 'must be an object like {"per_minute": 60}' },
);

export const PlansSchema = z
  .record(
    z.string().regex(PLAN_NAME_PATTERN, { error: 'is not a valid plan name: use lowercase letters, digits and single hyphens (like "pro" or "team-plus")' }),
    PlanSchema,
    { error: 'must be an object of plans like {"free": {"per_minute": 60}}' },
  )
  .refine((plans) => Object.keys(plans).length > 0, { error: 'must define at least one plan' });

export type Plan = z.infer<typeof PlanSchema>;
export type Plans = z.infer<typeof PlansSchema>;

/** Validates already-parsed plans (the edge bundle's copy); throws PlansFileError naming every problem. */
export function parsePlans(json: unknown, shown = 'plans'): Plans {
  const result = PlansSchema.safeParse(json);
  if (result.success) return result.data;
  throw plansRefused(result.error.issues, shown);
}

/** The error of a plans file its schema refused, naming every problem. */
export function plansRefused(issues: readonly z.core.$ZodIssue[], shown: string): PlansFileError {
  const problems = issues.map(describeIssue);
  return new PlansFileError(`plans file ${shown}: ${problems.join('; ')}`, problems);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = fieldPath(issue.path);
  const prefix = field ? `${field}: ` : '';
  if (issue.code === 'invalid_key') return `${prefix}${issue.issues[0]?.message ?? issue.message}`;
  if (issue.code === 'unrecognized_keys') {
    return `${prefix}unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')}; the only field of a plan is "per_minute"`;
  }
  return `${prefix}${issue.message}`;
}
