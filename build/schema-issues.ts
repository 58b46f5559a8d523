// A schema's refusal in plain words: the field path, what to write there and what was found.
// zod's own sentences ("Too small: expected string to have >=1 characters") are for programmers;
// a curator reads "must not be empty".
import type { z } from 'zod';
import { fieldPath } from '../snapshot/json-file.ts';
import { lineOf } from './field-line.ts';

/** A refusal of one field: the file it is in is the reader's to add. */
export interface IssueDescription { field?: string; line?: number; message: string }

export function describeIssue(text: string, json: unknown, issue: z.core.$ZodIssue, schema: z.ZodType): IssueDescription {
  const field = fieldPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `'${k}'`).join(', ');
    return { field: field || undefined, line: lineOf(text, [issue.keys[0]!]), message: `unknown field ${keys}; remove it (see the JSON Schema in catalog/schema/ for the allowed fields)` };
  }
  if (issue.path.length > 0 && valueAt(json, issue.path) === undefined) {
    // The schema's own description of the field says what to write there.
    const shape = (schema as { shape?: Record<string, { description?: string }> }).shape;
    const what = issue.path.length === 1 ? shape?.[String(issue.path[0])]?.description?.replace(/\.$/, '') : undefined;
    return { field, message: `is missing; this field is required${what ? ` (${what})` : ''}` };
  }
  if (issue.code === 'invalid_value' && 'values' in issue) {
    return { field, line: lineOf(text, issue.path), message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}; got ${JSON.stringify(valueAt(json, issue.path))}` };
  }
  const message = issue.code === 'invalid_type'
    ? `must be ${article(issue.expected)}; got ${describeValue(valueAt(json, issue.path))}`
    : sizeMessage(issue) ?? issue.message;
  return { field: field || undefined, line: lineOf(text, issue.path), message };
}

/** zod's default sentence for a size, which the schema's own messages replace. */
const ZOD_DEFAULT = /^Too (small|big)\b/;

/**
 * A length or count said as a person would: "must not be empty", "at least 2 characters". Text
 * lengths are always rephrased (the schema's messages cannot know that 1 is singular); a list's or
 * a number's only when zod's default sentence stands, since the schema's names what is listed.
 */
function sizeMessage(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'too_small' && issue.code !== 'too_big') return undefined;
  if (issue.origin !== 'string' && !ZOD_DEFAULT.test(issue.message)) return undefined;
  const n = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  const bound = issue.code === 'too_small' ? 'at least' : 'at most';
  switch (issue.origin) {
    case 'string': return issue.code === 'too_small' && n === 1 ? 'must not be empty' : `must be ${bound} ${count(n, 'character')}`;
    case 'array': case 'set': return issue.code === 'too_small' && n === 1 ? 'must not be empty; list at least one' : `must list ${bound} ${count(n, 'item')}`;
    default: return `must be ${bound} ${n}`;
  }
}

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v)}`;
  return `${typeof v} ${JSON.stringify(v)}`;
}

function valueAt(json: unknown, p: readonly PropertyKey[]): unknown {
  let cur: unknown = json;
  for (const seg of p) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return cur;
}
