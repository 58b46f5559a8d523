// The MCP tools' arguments and results. An argument's JSON Schema and its description are both
// written from its row of the contract's parameter table (bounds, enums: the snapshot's own
// values), so what a tool says it takes and what its schema states cannot drift. The values sent
// are judged by the REST parser, as the same query would be, so a refusal is the REST 400's
// sentence: zod only carries each JSON Schema to the SDK (as metadata) and lets any value through.
// Outputs are the REST bodies' schemas.
import { z } from 'zod';
import { PARAMS, type ParamSpec } from '../../snapshot/contract.ts';
import { categorySchema, pageMetaSchema, searchResultSchema, toolListItemSchema, toolSchema } from '../../snapshot/schema.ts';
import { HttpError } from './responses.ts';
import { SIMILAR_PER_PAGE } from './similar-endpoint.ts';
import type { SnapshotView } from './snapshot-view.ts';

export const OUTPUT = {
  tools: { data: z.array(toolListItemSchema), meta: pageMetaSchema },
  search: { data: z.array(searchResultSchema), meta: pageMetaSchema },
  categories: { data: z.array(categorySchema), meta: pageMetaSchema },
  tool: { data: toolSchema },
  category: { data: categorySchema, tools: z.array(z.object({ slug: z.string(), name: z.string() })).describe('The tools that list this category, by name, each with the slug get_tool takes.') },
};

type JsonSchema = Record<string, unknown>;

/** What a tool takes: each argument's JSON Schema by name, in the order listed, and the ones it needs. */
export interface ToolArguments {
  tool: string;
  properties: Record<string, JsonSchema>;
  required: string[];
}

/** The MCP tools that take a list endpoint's parameters, and which parameters of which endpoint. */
const TABLE_ROWS = {
  search_tools: PARAMS.search,
  list_tools: PARAMS.tools,
  list_categories: PARAMS.categories,
  // /tools?similar_to= with the tool as `slug`: without the parameters that order the tools
  // themselves, and a page of 10.
  similar_tools: PARAMS.tools
    .filter((spec) => spec.name !== 'sort' && spec.name !== 'slugs' && spec.name !== 'similar_to')
    .map((spec) => (spec.name === 'per_page' ? { ...spec, default: SIMILAR_PER_PAGE } : spec)),
} satisfies Record<string, readonly ParamSpec[]>;

/**
 * A list tool's arguments: `first` (the slug a tool is about), then its rows of the parameter
 * table. MCP answers whole tools in plain text (their structured results follow the output
 * schema): no fields= here, and no highlight= (HTML marks are for a screen, not an assistant).
 */
export function listArguments(tool: keyof typeof TABLE_ROWS, view: SnapshotView, first?: ToolArguments): ToolArguments {
  const specs = (TABLE_ROWS[tool] as readonly ParamSpec[]).filter((spec) => spec.kind !== 'field-list' && spec.name !== 'highlight');
  return {
    tool,
    properties: { ...first?.properties, ...Object.fromEntries(specs.map((spec) => [spec.name, argumentSchema(spec, view)])) },
    required: [...first?.required ?? [], ...specs.filter((spec) => spec.kind === 'text').map((spec) => spec.name)],
  };
}

/** The one argument of a tool about one record: its slug. */
export const slugArguments = (tool: string, description: string): ToolArguments =>
  ({ tool, properties: { slug: { type: 'string', minLength: 1, description } }, required: ['slug'] });

/** The input schema the SDK lists and checks: the JSON Schemas as metadata, any value let through. */
export function inputSchema({ properties, required }: ToolArguments) {
  const shape = Object.fromEntries(Object.keys(properties).map((name) => [name, z.unknown().optional().meta(properties[name]!)]));
  return z.looseObject(shape).meta({ ...(required.length > 0 && { required }), additionalProperties: false });
}

/** The arguments sent, without those sent as null (not sent); one the tool does not take is refused by name. */
export function sentArguments({ tool, properties }: ToolArguments, args: Record<string, unknown>): Record<string, unknown> {
  const names = Object.keys(properties);
  const unknown = Object.keys(args).filter((name) => !names.includes(name));
  if (unknown.length > 0) throw new HttpError(400, 'UNKNOWN_PARAMETER', `Unknown argument ${unknown.map((k) => `'${k}'`).join(', ')} for ${tool}; it takes ${names.join(', ')}.`);
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined));
}

/** One row of the table as a JSON Schema, with the row's description and what the schema adds to it. */
function argumentSchema(spec: ParamSpec, view: SnapshotView): JsonSchema {
  const one = valueSchema(spec, view);
  if (!('multiple' in spec && spec.multiple)) return { ...one, description: `${spec.description}${boundsText(spec)}` };
  const values = one.enum as string[] | undefined;
  const list = { type: 'array', items: one, minItems: 1, ...(spec.kind === 'slug-list' && { maxItems: spec.max }) };
  const joined = { type: 'string', ...(values && { pattern: `^(${values.join('|')})(,(${values.join('|')}))*$` }) };
  return { anyOf: [list, joined], description: `${spec.description} Or a list, e.g. ${JSON.stringify(examples(spec, view))}.${hintText(spec)}` };
}

/** The JSON Schema of one value of a row. */
function valueSchema(spec: ParamSpec, view: SnapshotView): JsonSchema {
  switch (spec.kind) {
    case 'integer': return { type: 'integer', minimum: spec.min, maximum: spec.max };
    case 'boolean': return { type: 'boolean' };
    case 'enum': return { type: 'string', enum: [...spec.values] };
    case 'snapshot-enum': return spec.source === 'categories' ? { type: 'string' } : { type: 'string', enum: [...view[spec.source]] };
    default: return { type: 'string' };
  }
}

function boundsText(spec: ParamSpec): string {
  return spec.kind === 'integer' ? ` ${spec.min} to ${spec.max}; default ${spec.default}.` : '';
}

function hintText(spec: ParamSpec): string {
  return spec.kind === 'snapshot-enum' && spec.source === 'categories' ? ' A category slug from list_categories, e.g. "text-to-speech".' : '';
}

/** Two values a list of this row may hold, for its description. */
function examples(spec: ParamSpec, view: SnapshotView): string[] {
  if (spec.kind === 'enum') return spec.values.slice(0, 2);
  if (spec.kind === 'slug-list') return view.data.tools.slice(0, 2).map((t) => t.slug);
  if (spec.kind !== 'snapshot-enum') return [];
  return spec.source === 'categories' ? view.data.categories.slice(0, 2).map((c) => c.slug) : [...view[spec.source]].slice(0, 2);
}

/** The values a schema of argumentSchema's allows, one by one. */
const valuesOf = (schema: JsonSchema) => (schema.enum ?? ((schema.anyOf as JsonSchema[] | undefined)?.[0]?.items as JsonSchema | undefined)?.enum) as string[] | undefined;

/** The arguments in a sentence for a tool's description: each name, with its values or bounds. */
export function argumentsText({ properties, required }: ToolArguments): string {
  const item = (name: string) => {
    const schema = properties[name]!;
    const values = valuesOf(schema);
    const what = values ? ` (${values.join(', ')})` : schema.type === 'integer' ? ` (${schema.minimum} to ${schema.maximum})` : '';
    return `${name}${what}${required.includes(name) ? ', required' : ''}`;
  };
  return `Arguments: ${Object.keys(properties).map(item).join('; ')}.`;
}
