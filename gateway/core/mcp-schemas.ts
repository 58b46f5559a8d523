// The MCP tools' input and output schemas. Inputs come from the contract's parameter table, with
// its bounds and enums (the snapshot's own values); what they refuse is said in the REST 400's
// words, and an argument a tool does not take is refused by name. Outputs are the REST bodies'.
import { z } from 'zod';
import { PARAMS, type ParamSpec } from '../../snapshot/contract.ts';
import { categorySchema, pageMetaSchema, searchResultSchema, toolListItemSchema, toolSchema } from '../../snapshot/schema.ts';
import { valueProblem } from './params.ts';
import { SIMILAR_PER_PAGE } from './similar-endpoint.ts';
import type { SnapshotView } from './snapshot-view.ts';

export const OUTPUT = {
  tools: { data: z.array(toolListItemSchema), meta: pageMetaSchema },
  search: { data: z.array(searchResultSchema), meta: pageMetaSchema },
  categories: { data: z.array(categorySchema), meta: pageMetaSchema },
  tool: { data: toolSchema },
  category: { data: categorySchema, tools: z.array(z.object({ slug: z.string(), name: z.string() })).describe('The tools that list this category, by name.') },
};

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
 * A tool's input schema: `first` (a slug the tool is about), then its rows of the parameter
 * table. MCP answers whole tools in plain text (their structured results follow the output
 * schema): no fields= here, and no highlight= (HTML marks are for a screen, not an assistant).
 */
export function inputSchema(tool: keyof typeof TABLE_ROWS, view: SnapshotView, first: Record<string, z.ZodType> = {}) {
  const specs = (TABLE_ROWS[tool] as readonly ParamSpec[]).filter((spec) => spec.kind !== 'field-list' && spec.name !== 'highlight');
  return strictArguments(tool, { ...first, ...Object.fromEntries(specs.map((spec) => [spec.name, fieldOf(spec, view)])) });
}

/** The slug a tool is about (a required argument). */
export const slugArgument = (description: string) => ({ slug: z.string().describe(description) });

export function strictArguments<S extends Record<string, z.ZodType>>(tool: string, shape: S) {
  const names = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown argument ${issue.keys.map((k) => `'${k}'`).join(', ')} for ${tool}; it takes ${names}.` : undefined),
  });
}

function fieldOf(spec: ParamSpec, view: SnapshotView): z.ZodType {
  const rest = { error: (issue: { input?: unknown }) => valueProblem(spec, String(issue.input), view) };
  switch (spec.kind) {
    case 'integer': return z.int(rest).min(spec.min, rest).max(spec.max, rest).optional().describe(`${spec.description} ${spec.min} to ${spec.max}; default ${spec.default}.`);
    case 'text': return z.string().describe(spec.description);
    case 'boolean': return z.boolean().optional().describe(spec.description);
    case 'enum': {
      const one = z.enum(spec.values as [string, ...string[]], rest);
      if (!spec.multiple) return one.optional().describe(spec.description);
      const some = z.union([one, z.array(one).min(1)], { error: (issue) => valueProblem(spec, [issue.input].flat().map(String).find((v) => !spec.values.includes(v)) ?? String(issue.input), view) });
      return some.optional().describe(`${spec.description} One value, or a list of them.`);
    }
    case 'date': return z.string().optional().describe(spec.description);
    case 'host': return z.string().optional().describe(spec.description);
    case 'field-list': return z.never();
    case 'slug': return z.string().optional().describe(spec.description);
    case 'slug-list': return z.union([z.string(), z.array(z.string()).min(1).max(spec.max)]).optional().describe(`${spec.description} A list, or slugs joined by commas.`);
    case 'snapshot-enum': return snapshotEnumField(spec, view);
  }
}

function snapshotEnumField(spec: Extract<ParamSpec, { kind: 'snapshot-enum' }>, view: SnapshotView): z.ZodType {
  const rest = { error: (issue: { input?: unknown }) => valueProblem(spec, String(issue.input), view) };
  const one = spec.source === 'categories' ? z.string() : z.enum([...view[spec.source]] as [string, ...string[]], rest);
  // A refused value is named in REST's words, in a list as alone.
  const value = spec.multiple ? z.union([one, z.array(one).min(1)], { error: (issue) => valueProblem(spec, [issue.input].flat().map(String).find((v) => spec.source === 'categories' || !view[spec.source].has(v)) ?? String(issue.input), view) }) : one;
  const hint = spec.source === 'categories' ? ' A category slug from list_categories, e.g. "text-to-speech".' : '';
  return value.optional().describe(`${spec.description}${spec.multiple ? ' One value, or a list of them.' : ''}${hint}`);
}
