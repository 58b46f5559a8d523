// Query-string rules of API.md, generated from the parameter table in snapshot/contract.ts:
// unknown parameter, then repeated parameter, then each value in the order of the endpoint's
// table row. One problem per 400, and the message names the parameter and what it accepts.
import { PARAMS, paramNames, type Endpoint, type ParamSpec, type QueryOf } from '../../snapshot/contract.ts';
import { didYouMean, nearest } from '../../snapshot/edit-distance.ts';
import { hostOf } from '../../snapshot/lists.ts';
import { toolSchema } from '../../snapshot/schema.ts';

/** A tool's fields, in the order a tool is written: what fields= may name. */
const TOOL_FIELDS = Object.keys(toolSchema.shape);
import { HttpError } from './responses.ts';
import type { SnapshotView } from './snapshot-view.ts';

/** A parameter problem: a 400 in the error envelope. */
export class ParamError extends HttpError {
  constructor(message: string, code: 'INVALID_PARAMETER' | 'UNKNOWN_PARAMETER' = 'INVALID_PARAMETER') {
    super(400, code, message);
  }
}

export type RawParams = Map<string, string>;

export const TOOLS_PARAMS = paramNames('tools');
export const CATEGORIES_PARAMS = paramNames('categories');
export const SEARCH_PARAMS = paramNames('search');
export const TOOL_PARAMS = paramNames('tool');

const DIGITS = /^(0|[1-9][0-9]*)$/;

/** The parameters the table marks `multiple`: sent repeated, their values read as joined by commas. */
const TAKES_SEVERAL = new Set((Object.values(PARAMS) as readonly (readonly ParamSpec[])[]).flat().filter((spec) => 'multiple' in spec && spec.multiple).map((spec) => spec.name));

/**
 * Splits a raw query string (without '?') into decoded name/value pairs. Empty `&&` segments are
 * ignored; `?page` without `=` is an empty value; a parameter that takes several may come
 * repeated (`pricing=free&pricing=paid` is `pricing=free,paid`), any other only once.
 */
export function parseQuery(search: string, accepted: readonly string[], endpoint: string): RawParams {
  const pairs: [string, string][] = [];
  for (const segment of search.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    const rawName = eq < 0 ? segment : segment.slice(0, eq);
    const rawValue = eq < 0 ? '' : segment.slice(eq + 1);
    pairs.push([decode(rawName, rawName), rawValue]);
  }
  for (const [name] of pairs) {
    if (!accepted.includes(name)) {
      const what = accepted.length > 0 ? `accepted parameters: ${accepted.join(', ')}` : 'it takes no parameters';
      throw new ParamError(`Unknown parameter '${printable(name)}' for ${endpoint}; ${what}.`, 'UNKNOWN_PARAMETER');
    }
  }
  const seen = new Set<string>();
  for (const [name] of pairs) {
    if (seen.has(name) && !TAKES_SEVERAL.has(name)) throw new ParamError(`Parameter '${name}' was sent more than once; send it once.`);
    seen.add(name);
  }
  // Values are decoded in the endpoint's parameter order, so the first bad one reported is the first in the table.
  const out: RawParams = new Map();
  for (const name of accepted) {
    // No array per parameter: this runs for each of the endpoint's parameters on every computed answer.
    let value: string | undefined;
    for (const [n, raw] of pairs) if (n === name) value = value === undefined ? decode(raw, name) : `${value},${decode(raw, name)}`;
    if (value !== undefined) out.set(name, value);
  }
  return out;
}

function decode(raw: string, name: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw new ParamError(`Parameter '${printable(name)}' is not valid percent-encoding; encode reserved characters as %XX UTF-8 bytes.`);
  }
}

function printable(s: string): string {
  const clipped = [...s].slice(0, 40).join('');
  return JSON.stringify(clipped).slice(1, -1) + (clipped.length < s.length ? '...' : '');
}

type Value = string | string[] | number | boolean | undefined;

/** The 400 message for a value of a parameter that is not allowed; undefined when it is (text aside). */
export function valueProblem(spec: ParamSpec, value: string, view: SnapshotView): string | undefined {
  const invalid = `Invalid value for '${spec.name}':`;
  switch (spec.kind) {
    case 'integer': {
      const n = DIGITS.test(value) ? Number(value) : Number.NaN;
      if (n >= spec.min && n <= spec.max) return undefined;
      return `${invalid} expected an integer from ${spec.min} to ${spec.max} written as plain digits (e.g. ${spec.default}); got '${printable(value)}'.`;
    }
    case 'text': return undefined;
    case 'boolean': return value === 'true' || value === 'false' ? undefined : `${invalid} '${printable(value)}' is not one of true, false.`;
    case 'enum': return spec.values.includes(value) ? undefined : `${invalid} '${printable(value)}' is not one of ${spec.values.join(', ')}.`;
    case 'date': return isDate(value) ? undefined : `${invalid} expected a date written YYYY-MM-DD (e.g. 2026-01-31); got '${printable(value)}'.`;
    case 'slug': return undefined;
    case 'field-list': {
      const unknown = value.split(',').filter((f) => !TOOL_FIELDS.includes(f));
      return unknown.length === 0 ? undefined : `${invalid} '${printable(unknown[0]!)}' is not a field of a tool; the fields are ${TOOL_FIELDS.join(', ')}.`;
    }
    case 'slug-list': {
      const slugs = value.split(',');
      if (slugs.length > spec.max) return `${invalid} expected 1 to ${spec.max} slugs joined by commas; got ${slugs.length}. Ask for the rest in another request.`;
      return slugs.some((s) => s.trim() === '') ? `${invalid} expected slugs joined by single commas (e.g. cursor,elevenlabs); got an empty one in '${printable(value)}'.` : undefined;
    }
    case 'host': return hostOf(value) !== undefined ? undefined : `${invalid} expected a website: a URL or a host such as cursor.com; got '${printable(value)}'.`;
    case 'snapshot-enum': return snapshotValueProblem(spec, value, view);
  }
}

/** A value the snapshot does not have, named with the closest ones it has (API.md: "did you mean"). */
function snapshotValueProblem(spec: ParamSpec & { kind: 'snapshot-enum' }, value: string, view: SnapshotView): string | undefined {
  const allowed = spec.source === 'categories' ? view.slugs.categories.current : view[spec.source];
  if (allowed.has(value)) return undefined;
  const near = nearest(value.toLowerCase(), [...allowed.keys()]);
  const hint = near.length > 0 ? ` ${didYouMean(near)}` : '';
  const invalid = `Invalid value for '${spec.name}':`;
  if (spec.source === 'categories') return `${invalid} no category has the slug '${printable(value)}'.${hint} Send a slug from GET /api/v1/categories (e.g. 'text-to-speech').`;
  const list = [...allowed].join(', ');
  return `${invalid} '${printable(value)}' is not one of ${spec.source === 'groups' ? `the groups ${list}` : list}.${hint}`;
}

/** Checks one parameter against its row of the table; undefined when absent and without default. */
function checkParam(spec: ParamSpec, value: string | undefined, view: SnapshotView): Value {
  if (spec.kind === 'text') {
    if (value === undefined) throw new ParamError(`Missing required parameter '${spec.name}': send the search text, ${spec.minLength} to ${spec.maxLength} characters (e.g. ?${spec.name}=text+to+speech).`);
    const text = value.trim();
    const length = [...text].length;
    if (length < spec.minLength || length > spec.maxLength) {
      throw new ParamError(`Invalid value for '${spec.name}': expected ${spec.minLength} to ${spec.maxLength} characters after trimming whitespace; got ${length}.`);
    }
    return text;
  }
  if (value === undefined) return 'default' in spec ? spec.default : undefined;
  if ((spec.kind === 'snapshot-enum' || spec.kind === 'enum') && spec.multiple) {
    const values = value.split(',');
    for (const one of values) {
      const problem = valueProblem(spec, one, view);
      if (problem !== undefined) throw new ParamError(`${problem} Several values are joined by commas (e.g. ${spec.name}=${multipleExample(spec)}).`);
    }
    return [...new Set(values)];
  }
  const problem = valueProblem(spec, value, view);
  if (problem !== undefined) throw new ParamError(problem);
  if (spec.kind === 'slug-list') return value.split(',').map((s) => s.trim().toLowerCase());
  if (spec.kind === 'field-list') return TOOL_FIELDS.filter((f) => f === 'slug' || value.split(',').includes(f));
  return spec.kind === 'integer' ? Number(value) : spec.kind === 'boolean' ? value === 'true' : spec.kind === 'host' ? hostOf(value) : value;
}

function multipleExample(spec: ParamSpec): string {
  if (spec.kind === 'enum') return spec.values.slice(0, 2).join(',');
  return spec.kind !== 'snapshot-enum' ? '' : spec.source === 'pricing' ? 'free,freemium' : spec.source === 'platforms' ? 'web,api' : 'text-to-speech,voice-cloning';
}

/** A real calendar date written YYYY-MM-DD. */
function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * Every parameter of the endpoint, checked in table order; absent ones without default are left
 * out. The table types the result too (QueryOf), and each row's check gives its kind's value.
 */
function checkParams<E extends Endpoint>(endpoint: E, params: RawParams, view: SnapshotView): QueryOf<E> {
  const out: Record<string, Value> = {};
  for (const spec of PARAMS[endpoint] as readonly ParamSpec[]) {
    const value = checkParam(spec, params.get(spec.name), view);
    if (value !== undefined) out[spec.name] = value;
  }
  return out as QueryOf<E>;
}

export const toolsQuery = (params: RawParams, view: SnapshotView) => checkParams('tools', params, view);
export const categoriesQuery = (params: RawParams, view: SnapshotView) => checkParams('categories', params, view);
export type SearchQuery = QueryOf<'search'>;
export const searchQuery = (params: RawParams, view: SnapshotView) => checkParams('search', params, view);
export const toolQuery = (params: RawParams, view: SnapshotView) => checkParams('tool', params, view);
